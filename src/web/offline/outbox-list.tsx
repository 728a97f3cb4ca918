import CloudUpload from "lucide-react/icons/cloud-upload";
import LogIn from "lucide-react/icons/log-in";
import RotateCcw from "lucide-react/icons/rotate-ccw";
import Trash2 from "lucide-react/icons/trash";
import TriangleAlert from "lucide-react/icons/triangle-exclamation-point";
import Wrench from "lucide-react/icons/wrench";
import { useCallback, useEffect, useState } from "react";
import { Link } from "wouter";
import type { Translator } from "../../domain/text/i18n/translate";
import { Button, buttonClasses } from "../components/ui/button";
import { openAuthDialog } from "../lib/auth-dialog-store";
import { useTranslator } from "../lib/i18n";
import { formatDateTimeIn } from "../lib/locale-format";
import type { OutboxItem } from "./offline-db";
import { discardOutboxItem, listOutbox, onOutboxChange, retryOutboxItem } from "./outbox";

function stateText(item: OutboxItem, { locale, t }: Translator): string {
  if (item.state === "refused")
    return t("outbox.refused", { reason: item.problem ?? t("outbox.unknownError") });
  if (item.state === "needs-login") return t("outbox.signInToSend");
  if (item.waitingFor)
    return t("outbox.waitingLimited", {
      reason: item.waitingFor,
      until: formatDateTimeIn(locale, item.nextAttemptAt),
    });
  return t("outbox.waitingForSignal");
}

function OutboxRow({ item, onNavigate }: { item: OutboxItem; onNavigate: () => void }) {
  const [confirmDiscard, setConfirmDiscard] = useState(false);
  const translator = useTranslator();
  const { locale, t } = translator;
  const refused = item.state === "refused";
  return (
    <li
      className={
        refused
          ? "space-y-3 rounded-lg border border-red-300 bg-red-50 p-3 dark:border-red-800 dark:bg-red-950"
          : "space-y-3 rounded-lg border border-slate-200 p-3 dark:border-slate-700"
      }
    >
      <div>
        <p className="font-semibold">{item.label}</p>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          {t("outbox.made", { time: formatDateTimeIn(locale, item.createdAt) })}
        </p>
        <p
          className={
            refused
              ? "mt-1 flex items-start gap-1.5 text-sm font-medium text-red-800 dark:text-red-200"
              : "mt-1 flex items-start gap-1.5 text-sm text-slate-700 dark:text-slate-300"
          }
        >
          {refused ? (
            <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          ) : (
            <CloudUpload aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          )}
          {stateText(item, translator)}
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        {item.state === "needs-login" ? (
          <Button
            onClick={() => {
              onNavigate();
              openAuthDialog("login");
            }}
          >
            <LogIn aria-hidden="true" className="size-5" />
            {t("outbox.signIn")}
          </Button>
        ) : null}
        {refused && item.fixUrl ? (
          <Link href={item.fixUrl} onClick={onNavigate} className={buttonClasses("primary")}>
            <Wrench aria-hidden="true" className="size-5" />
            {t("outbox.fix")}
          </Link>
        ) : null}
        {item.state !== "needs-login" ? (
          <Button variant="outline" onClick={() => void retryOutboxItem(item.seq)}>
            <RotateCcw aria-hidden="true" className="size-5" />
            {refused ? t("outbox.tryAgain") : t("outbox.sendNow")}
          </Button>
        ) : null}
        {refused ? (
          <Button
            variant={confirmDiscard ? "destructive" : "outline"}
            onClick={() => (confirmDiscard ? void discardOutboxItem(item.seq) : setConfirmDiscard(true))}
          >
            <Trash2 aria-hidden="true" className="size-5" />
            {confirmDiscard ? t("outbox.discardForGood") : t("outbox.discard")}
          </Button>
        ) : null}
      </div>
    </li>
  );
}

/** What waits on this device, oldest first, with what the driver can do about each. */
export function OutboxList({ onNavigate }: { onNavigate: () => void }) {
  const [items, setItems] = useState<OutboxItem[] | null>(null);
  const t = useTranslator().t;
  const refresh = useCallback(() => {
    void listOutbox()
      .then((list) => setItems(list.sort((a, b) => a.seq - b.seq)))
      .catch(() => setItems([]));
  }, []);
  useEffect(() => {
    refresh();
    return onOutboxChange(refresh);
  }, [refresh]);

  if (items === null) return <p role="status">{t("outbox.loading")}</p>;
  if (items.length === 0) return <p>{t("outbox.empty")}</p>;
  return (
    <ul className="space-y-3" aria-label={t("outbox.title")}>
      {items.map((item) => (
        <OutboxRow key={item.seq} item={item} onNavigate={onNavigate} />
      ))}
    </ul>
  );
}
