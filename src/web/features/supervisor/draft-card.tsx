import { useId } from "react";
import { sentBackReasons } from "../../../domain/forms/sent-back";
import { type CardAction, cardLabel, trafficLight } from "../../../domain/sets/traffic-light";
import { DefectCount } from "../../components/defect-count";
import { SentBackNotice } from "../../components/sent-back-notice";
import { Card } from "../../components/ui/card";
import { cn } from "../../lib/cn";
import { useT, useTranslator } from "../../lib/i18n";
import { formatHoursIn, formatShortDateIn } from "../../lib/locale-format";
import type { SupervisorCard } from "./api/supervisor-actions";
import { CardActions } from "./card-actions";
import { summarize } from "./card-summary";
import { TrafficLightBadge } from "./traffic-light-badge";

interface DraftCardProps {
  card: SupervisorCard;
  /** Get Approval is on its way for this card. */
  busy: boolean;
  onAction: (action: CardAction, card: SupervisorCard) => void;
}

/** One card of the supervisor's list: what it holds, its traffic light and label, and what can be done. */
export function DraftCard({ card, busy, onAction }: DraftCardProps) {
  const headingId = useId();
  const { locale, t } = useTranslator();
  const { icon: Icon, title, driver, plant, date, dateLabel, forms, hours, defects } = summarize(card, t);
  const details: [string, string][] = [
    [t("field.driverSignedName.short"), driver],
    [t("field.plantNumber.short"), plant],
    [dateLabel, formatShortDateIn(locale, date)],
  ];
  if (forms) details.push([t("supervisor.forms"), forms]);
  if (hours !== undefined) details.push([t("week.totalHours"), formatHoursIn(locale, hours)]);
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
          <SetFacts facts={details} defects={defects?.length} className="mt-1" />
        </div>
      </div>
      <SentBackNotice
        reasons={sentBackReasons(
          // Only while the form is the driver's to change again: once resubmitted, the office has it.
          (card.type === "combined" ? [card.timesheet, ...card.checkSheets] : [card.form]).filter(
            (form) => form.status === "draft",
          ),
        )}
      />
      <TrafficLightBadge light={trafficLight(card)} label={cardLabel(card, t)} />
      <CardActions card={card} busy={busy} onAction={onAction} />
    </Card>
  );
}

/** A set's facts as name and value rows (a dash for an empty value), then its defect count when it has checks. */
export function SetFacts({
  facts,
  defects,
  className,
}: {
  facts: readonly [string, string][];
  defects: number | undefined;
  className?: string;
}) {
  const t = useT();
  return (
    <dl className={cn("grid grid-cols-[auto_1fr] gap-x-3 text-sm", className)}>
      {facts.map(([name, value]) => (
        <div key={name} className="contents">
          <dt className="text-slate-600 dark:text-slate-400">{name}</dt>
          <dd className="min-w-0 break-words font-medium">{value || "—"}</dd>
        </div>
      ))}
      {defects !== undefined ? (
        <>
          <dt className="text-slate-600 dark:text-slate-400">{t("form.defects")}</dt>
          <DefectCount count={defects} />
        </>
      ) : null}
    </dl>
  );
}
