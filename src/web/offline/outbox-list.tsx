import { CloudUpload, LogIn, RotateCcw, Trash2, TriangleAlert, Wrench } from "lucide-react";
import { useCallback, useEffect, useState } from "react";
import { Link } from "wouter";
import { messages } from "../../domain/text/messages";
import { Button, buttonClasses } from "../components/ui/button";
import { openAuthDialog } from "../lib/auth-dialog-store";
import { formatDateTime } from "../lib/format-date-time";
import type { OutboxItem } from "./offline-db";
import { discardOutboxItem, listOutbox, onOutboxChange, retryOutboxItem } from "./outbox";

function stateText(item: OutboxItem): string {
  if (item.state === "refused") return messages.outboxRefused(item.problem ?? "Unknown error");
  if (item.state === "needs-login") return messages.outboxSignInToSend;
  if (item.waitingFor)
    return messages.outboxWaitingLimited(item.waitingFor, formatDateTime(item.nextAttemptAt));
  return messages.outboxWaiting;
}

function OutboxRow({ item, onNavigate }: { item: OutboxItem; onNavigate: () => void }) {
  const [confirmDiscard, setConfirmDiscard] = useState(false);
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
        <p className="text-sm text-slate-600 dark:text-slate-400">Made {formatDateTime(item.createdAt)}</p>
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
          {stateText(item)}
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
            Sign in
          </Button>
        ) : null}
        {refused && item.fixUrl ? (
          <Link href={item.fixUrl} onClick={onNavigate} className={buttonClasses("primary")}>
            <Wrench aria-hidden="true" className="size-5" />
            Fix
          </Link>
        ) : null}
        {item.state !== "needs-login" ? (
          <Button variant="outline" onClick={() => void retryOutboxItem(item.seq)}>
            <RotateCcw aria-hidden="true" className="size-5" />
            {refused ? "Try again" : "Send now"}
          </Button>
        ) : null}
        {refused ? (
          <Button
            variant={confirmDiscard ? "destructive" : "outline"}
            onClick={() => (confirmDiscard ? void discardOutboxItem(item.seq) : setConfirmDiscard(true))}
          >
            <Trash2 aria-hidden="true" className="size-5" />
            {confirmDiscard ? "Discard for good" : "Discard"}
          </Button>
        ) : null}
      </div>
    </li>
  );
}

/** What waits on this device, oldest first, with what the driver can do about each. */
export function OutboxList({ onNavigate }: { onNavigate: () => void }) {
  const [items, setItems] = useState<OutboxItem[] | null>(null);
  const refresh = useCallback(() => {
    void listOutbox()
      .then((list) => setItems(list.sort((a, b) => a.seq - b.seq)))
      .catch(() => setItems([]));
  }, []);
  useEffect(() => {
    refresh();
    return onOutboxChange(refresh);
  }, [refresh]);

  if (items === null) return <p role="status">Loading...</p>;
  if (items.length === 0) return <p>{messages.outboxEmpty}</p>;
  return (
    <ul className="space-y-3" aria-label="Waiting to send">
      {items.map((item) => (
        <OutboxRow key={item.seq} item={item} onNavigate={onNavigate} />
      ))}
    </ul>
  );
}
