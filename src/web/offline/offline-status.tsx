import CloudUpload from "lucide-react/icons/cloud-upload";
import TriangleAlert from "lucide-react/icons/triangle-exclamation-point";
import WifiOff from "lucide-react/icons/wifi-off";
import { lazy, Suspense, useState } from "react";
import { Button } from "../components/ui/button";
import { cn } from "../lib/cn";
import { useT } from "../lib/i18n";
import { useOfflineStatus } from "./offline-status-store";

// The dialog (and its list) loads when first opened: the badge is on every screen's header, the dialog rarely.
const OutboxDialog = lazy(async () => ({ default: (await import("./outbox-dialog")).OutboxDialog }));

/**
 * The header's word on the connection: an 'Offline' badge without signal, and 'N waiting to send' (or
 * 'N not sent' when the server refused something) opening the list of what waits on this device.
 */
export function OfflineStatus({ className }: { className?: string }) {
  const { online, waiting, needsLogin, refused } = useOfflineStatus();
  const t = useT();
  const [open, setOpen] = useState(false);
  // Once loaded it stays mounted, so closing still animates.
  const [wanted, setWanted] = useState(false);
  const pending = waiting + needsLogin;
  if (online && pending === 0 && refused === 0) return null;

  return (
    <div className={cn("flex flex-wrap items-center gap-2", className)}>
      {online ? null : (
        <span className="inline-flex min-h-8 items-center gap-1.5 rounded-full bg-amber-400 px-3 text-sm font-bold text-slate-950">
          <WifiOff aria-hidden="true" className="size-4" />
          {t("offline.badge")}
        </span>
      )}
      {pending > 0 || refused > 0 ? (
        <Button
          variant="outline"
          className={cn(
            "min-h-11 border-slate-500 bg-transparent px-3 text-sm text-white hover:bg-slate-800 dark:border-slate-500 dark:bg-transparent dark:text-white dark:hover:bg-slate-800",
            refused > 0 && "border-red-400 text-red-100 dark:border-red-400 dark:text-red-100",
          )}
          onClick={() => {
            setWanted(true);
            setOpen(true);
          }}
        >
          {refused > 0 ? (
            <TriangleAlert aria-hidden="true" className="size-4" />
          ) : (
            <CloudUpload aria-hidden="true" className="size-4" />
          )}
          {refused > 0
            ? t("outbox.notSent", { count: refused })
            : t("outbox.waitingToSend", { count: pending })}
        </Button>
      ) : null}
      {wanted ? (
        <Suspense fallback={null}>
          <OutboxDialog open={open} onOpenChange={setOpen} />
        </Suspense>
      ) : null}
    </div>
  );
}
