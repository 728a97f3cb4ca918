import { useEffect } from "react";
import { messages } from "../../../domain/messages";
import { toast } from "../../components/ui/use-toast";
import { onSessionEnd } from "../../lib/session-store";

/**
 * Tells the driver when the 30 minutes are up. Only a toast: whatever screen and unsaved form is open stays
 * exactly as it was, so nothing typed is lost to the expiry.
 */
export function SessionExpiryNotice() {
  useEffect(
    () =>
      onSessionEnd((reason) => {
        if (reason === "expired") toast(messages.sessionExpired);
      }),
    [],
  );
  return null;
}
