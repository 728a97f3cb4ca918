import { useId } from "react";
import { formatDisplayDate } from "../../../domain/iso-date";
import { type CardAction, cardLabel, trafficLight } from "../../../domain/traffic-light";
import { formatHours } from "../../../domain/week-summary";
import { Card } from "../../components/ui/card";
import { cn } from "../../lib/cn";
import { CardActions } from "./card-actions";
import { summarize } from "./card-summary";
import type { SupervisorCard } from "./supervisor-actions";
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
  const { icon: Icon, title, driver, plant, date, dateLabel, forms, hours, defects } = summarize(card);
  const details: [string, string][] = [
    ["Driver", driver],
    ["Plant", plant],
    [dateLabel, formatDisplayDate(date)],
  ];
  if (forms) details.push(["Forms", forms]);
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
                <DefectCount count={defects.length} />
              </>
            ) : null}
          </dl>
        </div>
      </div>
      <TrafficLightBadge light={trafficLight(card)} label={cardLabel(card)} />
      <CardActions card={card} busy={busy} onAction={onAction} />
    </Card>
  );
}

/** The number of defects, red when there are any. */
export function DefectCount({
  count,
  as: Tag = "dd",
  className,
}: {
  count: number;
  as?: "dd" | "td";
  className?: string;
}) {
  return (
    <Tag
      data-defects={count}
      className={cn(count > 0 ? "font-bold text-red-700 dark:text-red-300" : "font-medium", className)}
    >
      {count}
    </Tag>
  );
}
