import { type ReactElement, useEffect, useState } from "react";
import { useT } from "../lib/i18n";
import { useOwner } from "../lib/session-store";
import { useLogout } from "../lib/use-logout";
import { ConfirmDialog } from "./confirm-dialog";

/** How many of the driver's things on this device are not sent yet; null while counting. */
function useUnsentCount(open: boolean, owner: string | null): number | null {
  const [count, setCount] = useState<number | null>(null);
  useEffect(() => {
    if (!open || owner === null) return;
    let live = true;
    setCount(null);
    void import("../offline/device-copies")
      .then((copies) => copies.countUnsentWork(owner))
      .catch((error: unknown) => {
        // Storage that cannot be read holds nothing to lose.
        console.warn("Could not count what waits on this device", error);
        return 0;
      })
      .then((counted) => {
        if (live) setCount(counted);
      });
    return () => {
      live = false;
    };
  }, [open, owner]);
  return count;
}

/**
 * Logout asks first (spec section 2): a stray tap on a phone should not end the session. With work on this
 * device not sent yet, it says so and lets the driver stay signed in to send it; logging out keeps it.
 */
export function LogoutDialog({
  children,
  initiallyOpen = false,
}: {
  children: ReactElement;
  /** Open at once: the driver tapped Logout while this code was loading. */
  initiallyOpen?: boolean;
}) {
  const logout = useLogout();
  const t = useT();
  const owner = useOwner();
  const [open, setOpen] = useState(initiallyOpen);
  const unsent = useUnsentCount(open, owner);
  const warn = unsent !== null && unsent > 0;

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      trigger={children}
      title={t("logout.title")}
      description={warn ? t("logout.unsent", { count: unsent }) : t("logout.description")}
      cancelLabel={warn ? t("logout.stay") : t("logout.cancel")}
      // Staying to send: try now rather than at the next chance.
      onCancel={warn ? () => void import("../offline/outbox").then((outbox) => outbox.sendNow()) : undefined}
      confirmLabel={warn ? t("logout.keepOnPhone") : t("logout.confirm")}
      confirmDisabled={unsent === null}
      busyLabel={t("logout.busy")}
      onConfirm={logout}
    />
  );
}
