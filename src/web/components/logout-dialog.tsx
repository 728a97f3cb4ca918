import { LoaderCircle } from "lucide-react";
import { type ReactElement, useEffect, useState } from "react";
import { messages } from "../../domain/messages";
import { useSession } from "../lib/session-store";
import { useLogout } from "../lib/use-logout";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "./ui/alert-dialog";

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
export function LogoutDialog({ children }: { children: ReactElement }) {
  const logout = useLogout();
  const owner = useSession()?.driverName ?? null;
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const unsent = useUnsentCount(open, owner);
  const warn = unsent !== null && unsent > 0;

  return (
    <AlertDialog open={open} onOpenChange={(next) => busy || setOpen(next)}>
      <AlertDialogTrigger asChild>{children}</AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Log out?</AlertDialogTitle>
          <AlertDialogDescription>
            {warn
              ? messages.unsentAtLogout(unsent)
              : "You will need to log in again to save drafts, see your history and use the supervisor area."}
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel
            disabled={busy}
            onClick={() => {
              // Staying to send: try now rather than at the next chance.
              if (warn) void import("../offline/outbox").then((outbox) => outbox.sendNow());
            }}
          >
            {warn ? "Stay signed in" : "Cancel"}
          </AlertDialogCancel>
          <AlertDialogAction
            disabled={busy || unsent === null}
            onClick={async (event) => {
              // Stay open, showing progress, until the server has had its say.
              event.preventDefault();
              setBusy(true);
              try {
                await logout();
              } finally {
                setBusy(false);
                setOpen(false);
              }
            }}
          >
            {busy ? <LoaderCircle aria-hidden="true" className="size-5 animate-spin" /> : null}
            {busy ? "Logging out..." : warn ? "Log out, keep on phone" : "Logout"}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
