import { WifiOff } from "lucide-react";
import { messages } from "../../domain/messages";
import { cn } from "../lib/cn";
import { formatDateTime } from "../lib/format-date-time";

/** Says that what shows is the device's copy from an earlier visit, read without signal. */
export function KeptCopyNote({ keptAt, className }: { keptAt: number; className?: string }) {
  return (
    <p
      role="status"
      className={cn(
        "flex items-start gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm font-medium text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100",
        className,
      )}
    >
      <WifiOff aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      {messages.shownOffline(formatDateTime(keptAt))}
    </p>
  );
}
