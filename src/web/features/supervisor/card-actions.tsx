import type { LucideIcon } from "lucide-react";
import Archive from "lucide-react/icons/archive";
import Eye from "lucide-react/icons/eye";
import LoaderCircle from "lucide-react/icons/loader-circle";
import Mail from "lucide-react/icons/mail";
import Pencil from "lucide-react/icons/pencil";
import Send from "lucide-react/icons/send";
import ShieldCheck from "lucide-react/icons/shield-check";
import Trash2 from "lucide-react/icons/trash";
import { isCompletedStatus } from "../../../domain/forms/form-status";
import { type CardAction, cardActions } from "../../../domain/sets/traffic-light";
import type { MessageKey, Translator } from "../../../domain/text/i18n/translate";
import { Button } from "../../components/ui/button";
import { cn } from "../../lib/cn";
import { useT } from "../../lib/i18n";
import type { SupervisorCard } from "./api/supervisor-actions";

const ACTION_BUTTONS: Readonly<
  Record<Exclude<CardAction, "continue">, { label: MessageKey; icon: LucideIcon; primary?: boolean }>
> = {
  "get-approval": { label: "supervisor.getApproval", icon: ShieldCheck, primary: true },
  "supervisor-dispatch": { label: "supervisor.supervisorDispatch", icon: Send, primary: true },
  "email-dispatch": { label: "supervisor.emailDispatch", icon: Mail, primary: true },
  archive: { label: "supervisor.archive", icon: Archive, primary: true },
  "review-set": { label: "supervisor.reviewSet", icon: Eye },
  delete: { label: "supervisor.delete", icon: Trash2 },
};

function continueLabel(card: SupervisorCard, t: Translator["t"]): string {
  if (card.type === "combined") return t("supervisor.continue");
  if (isCompletedStatus(card.form.status)) return t("history.viewRecord");
  return t(card.type === "timesheet" ? "supervisor.continueTimesheet" : "supervisor.continueCheckSheet");
}

export interface CardActionsProps {
  card: SupervisorCard;
  /** Get Approval is on its way for this card. */
  busy: boolean;
  onAction: (action: CardAction, card: SupervisorCard) => void;
  /** In a table row: the buttons in one wrapping line, each as wide as its words. */
  inline?: boolean;
}

/** What can be done with a card, as its traffic light allows: the same buttons on a card, a row and a detail. */
export function CardActions({ card, busy, onAction, inline = false }: CardActionsProps) {
  const t = useT();
  const wide = (full: boolean) => (inline ? "px-3" : full ? "col-span-2" : undefined);
  return (
    <div className={inline ? "flex flex-wrap gap-2" : "grid grid-cols-2 gap-2"}>
      {cardActions(card).map((action) => {
        if (action === "continue") {
          const Continue = card.type !== "combined" && isCompletedStatus(card.form.status) ? Eye : Pencil;
          return (
            <Button
              key={action}
              variant="outline"
              className={wide(true)}
              onClick={() => onAction(action, card)}
            >
              <Continue aria-hidden="true" className="size-5" />
              {continueLabel(card, t)}
            </Button>
          );
        }
        const { label, icon: ActionIcon, primary } = ACTION_BUTTONS[action];
        const running = busy && action === "get-approval";
        return (
          <Button
            key={action}
            variant={primary ? "primary" : action === "delete" ? "ghost" : "outline"}
            className={cn(wide(primary === true || card.type !== "combined"))}
            disabled={busy}
            onClick={() => onAction(action, card)}
          >
            {running ? (
              <LoaderCircle aria-hidden="true" className="size-5 animate-spin" />
            ) : (
              <ActionIcon aria-hidden="true" className="size-5" />
            )}
            {running ? t("signatureStep.submitting") : t(label)}
          </Button>
        );
      })}
    </div>
  );
}
