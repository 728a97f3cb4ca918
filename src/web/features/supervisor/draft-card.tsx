import {
  Archive,
  ClipboardCheck,
  Clock,
  Eye,
  FileStack,
  LoaderCircle,
  type LucideIcon,
  Mail,
  Pencil,
  Send,
  ShieldCheck,
  Trash2,
} from "lucide-react";
import { useId } from "react";
import { isCompletedStatus } from "../../../domain/form-status";
import { formatDisplayDate } from "../../../domain/iso-date";
import { type CardAction, cardActions, cardLabel, trafficLight } from "../../../domain/traffic-light";
import { formatHours, weekDefects, weekTotalHours } from "../../../domain/week-summary";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import type { SupervisorCard } from "./supervisor-actions";
import { TrafficLightBadge } from "./traffic-light-badge";

interface CardText {
  icon: LucideIcon;
  title: string;
  details: [string, string][];
  /** The week's hours, for a card holding a timesheet. */
  hours?: number;
  /** How many defects its check sheets report, for a card holding any. */
  defects?: number;
}

function describe(card: SupervisorCard): CardText {
  switch (card.type) {
    case "combined": {
      const count = card.checkSheets.length;
      return {
        icon: FileStack,
        title: "Combined Set",
        details: [
          ["Driver", card.driverName],
          ["Plant", card.plantNumber],
          ["Week ending", formatDisplayDate(card.weekEnding)],
          ["Forms", `Timesheet + ${count} check ${count === 1 ? "sheet" : "sheets"}`],
        ],
        hours: weekTotalHours(card.timesheet),
        defects: weekDefects(card.checkSheets).length,
      };
    }
    case "timesheet":
      return {
        icon: Clock,
        title: "Timesheet",
        details: [
          ["Driver", card.form.driverSignedName],
          ["Plant", card.form.plantNumber || card.form.machineNumber],
          ["Week ending", formatDisplayDate(card.form.weekEnding)],
        ],
        hours: weekTotalHours(card.form),
      };
    case "check-sheet":
      return {
        icon: ClipboardCheck,
        title: "Check Sheet",
        details: [
          ["Driver", card.form.driverSignedName],
          ["Plant", card.form.plantNumber || card.form.machineNumber],
          ["Check date", formatDisplayDate(card.form.checkDate)],
        ],
        defects: weekDefects([card.form]).length,
      };
  }
}

const ACTION_BUTTONS: Readonly<
  Record<Exclude<CardAction, "continue">, { label: string; icon: LucideIcon; primary?: boolean }>
> = {
  "get-approval": { label: "Get Approval", icon: ShieldCheck, primary: true },
  "supervisor-dispatch": { label: "Supervisor Email Dispatch", icon: Send, primary: true },
  "email-dispatch": { label: "Email Dispatch", icon: Mail, primary: true },
  archive: { label: "Archive", icon: Archive, primary: true },
  "review-set": { label: "Review Set", icon: Eye },
  delete: { label: "Delete", icon: Trash2 },
};

function continueLabel(card: SupervisorCard): string {
  if (card.type === "combined") return "Continue";
  if (isCompletedStatus(card.form.status)) return "View Record";
  return card.type === "timesheet" ? "Continue Timesheet" : "Continue Check Sheet";
}

interface DraftCardProps {
  card: SupervisorCard;
  /** Get Approval is on its way for this card. */
  busy: boolean;
  onAction: (action: CardAction, card: SupervisorCard) => void;
}

/** One card of the supervisor's list: what it holds, its traffic light and label, and what can be done. */
export function DraftCard({ card, busy, onAction }: DraftCardProps) {
  const headingId = useId();
  const { icon: Icon, title, details, hours, defects } = describe(card);
  const light = trafficLight(card);
  const actions = cardActions(card);
  return (
    <Card role="article" aria-labelledby={headingId} className="space-y-3 p-4">
      <div className="flex items-start gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-amber-100 text-amber-800 dark:bg-amber-400/15 dark:text-amber-300">
          <Icon aria-hidden="true" className="size-5" />
        </span>
        <div className="min-w-0 flex-1">
          <h3 id={headingId} className="text-lg font-bold">
            {title}
          </h3>
          <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 text-sm">
            {details.map(([name, value]) => (
              <div key={name} className="contents">
                <dt className="text-slate-600 dark:text-slate-400">{name}</dt>
                <dd className="min-w-0 break-words font-medium">{value || "—"}</dd>
              </div>
            ))}
            {hours !== undefined ? (
              <>
                <dt className="text-slate-600 dark:text-slate-400">Total hours</dt>
                <dd className="font-medium">{formatHours(hours)}</dd>
              </>
            ) : null}
            {defects !== undefined ? (
              <>
                <dt className="text-slate-600 dark:text-slate-400">Defects</dt>
                <dd
                  data-defects={defects}
                  className={defects > 0 ? "font-bold text-red-700 dark:text-red-300" : "font-medium"}
                >
                  {defects}
                </dd>
              </>
            ) : null}
          </dl>
        </div>
      </div>
      <TrafficLightBadge light={light} label={cardLabel(card)} />
      <div className="grid grid-cols-2 gap-2">
        {actions.map((action) => {
          if (action === "continue") {
            const Continue = card.type !== "combined" && isCompletedStatus(card.form.status) ? Eye : Pencil;
            return (
              <Button
                key={action}
                variant="outline"
                className="col-span-2"
                onClick={() => onAction(action, card)}
              >
                <Continue aria-hidden="true" className="size-5" />
                {continueLabel(card)}
              </Button>
            );
          }
          const { label, icon: ActionIcon, primary } = ACTION_BUTTONS[action];
          const running = busy && action === "get-approval";
          return (
            <Button
              key={action}
              variant={primary ? "primary" : action === "delete" ? "ghost" : "outline"}
              className={primary || card.type !== "combined" ? "col-span-2" : undefined}
              disabled={busy}
              onClick={() => onAction(action, card)}
            >
              {running ? (
                <LoaderCircle aria-hidden="true" className="size-5 animate-spin" />
              ) : (
                <ActionIcon aria-hidden="true" className="size-5" />
              )}
              {running ? "Submitting..." : label}
            </Button>
          );
        })}
      </div>
    </Card>
  );
}
