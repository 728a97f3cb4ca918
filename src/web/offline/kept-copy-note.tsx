import WifiOff from "lucide-react/icons/wifi-off";
import { cn } from "../lib/cn";
import { useTranslator } from "../lib/i18n";
import { formatDateTimeIn } from "../lib/locale-format";
import { useOfflineStatus } from "./offline-status-store";

function OfflineNote({ text, className }: { text: string; className?: string }) {
  return (
    <p
      className={cn(
        "flex items-start gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm font-medium text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100",
        className,
      )}
    >
      <WifiOff aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      {text}
    </p>
  );
}

/** Says that what shows is the device's copy from an earlier visit, read without signal. */
export function KeptCopyNote({ keptAt, className }: { keptAt: number; className?: string }) {
  const { locale, t } = useTranslator();
  return (
    <div role="status">
      <OfflineNote
        text={t("offline.shownOffline", { savedAt: formatDateTimeIn(locale, keptAt) })}
        className={className}
      />
    </div>
  );
}

/**
 * Above a list: without signal, when the list was last read from the server. The polite live region is always
 * there, so a screen reader hears the note when the signal goes as well as when a screen opens without it.
 * `fromDevice`: the list shown is the device's copy (a read just failed for want of signal), whatever the
 * browser says about the connection.
 */
export function LastRefreshedNote({
  refreshedAt,
  fromDevice = false,
  className,
}: {
  /** When the list was last read from the server; null while it has not loaded. */
  refreshedAt: number | null;
  fromDevice?: boolean;
  className?: string;
}) {
  const { online } = useOfflineStatus();
  const { locale, t } = useTranslator();
  const shown = refreshedAt !== null && (fromDevice || !online);
  return (
    <div role="status">
      {shown ? (
        <OfflineNote
          text={t("offline.listRefreshed", { refreshedAt: formatDateTimeIn(locale, refreshedAt) })}
          className={className}
        />
      ) : null}
    </div>
  );
}
