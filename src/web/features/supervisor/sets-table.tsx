import ArrowDown from "lucide-react/icons/arrow-down";
import ArrowUp from "lucide-react/icons/arrow-up";
import ArrowUpDown from "lucide-react/icons/arrow-up-down";
import { useId, useMemo, useState } from "react";
import { type CardAction, cardLabel, trafficLight } from "../../../domain/sets/traffic-light";
import type { MessageKey } from "../../../domain/text/i18n/translate";
import { DefectCount } from "../../components/defect-count";
import { Card } from "../../components/ui/card";
import { WeekDetail } from "../../components/week-detail";
import { cn } from "../../lib/cn";
import { useTranslator } from "../../lib/i18n";
import { formatHoursIn, formatShortDateIn } from "../../lib/locale-format";
import type { SupervisorCard } from "./api/supervisor-actions";
import { CardActions } from "./card-actions";
import { summarize } from "./card-summary";
import { SetFacts } from "./draft-card";
import { nextSort, type SetColumn, type SetSort, sortRows } from "./sort-sets";
import { TrafficLightBadge } from "./traffic-light-badge";

const HEADERS: Readonly<Record<SetColumn, MessageKey>> = {
  driver: "field.driverSignedName.short",
  plant: "field.plantNumber.short",
  week: "supervisor.column.week",
  hours: "supervisor.column.hours",
  defects: "form.defects",
  status: "supervisor.column.status",
};

const NUMERIC: readonly SetColumn[] = ["hours", "defects"];

const keyOf = (card: SupervisorCard) => `${card.type}-${card.id}`;

interface SetsTableProps {
  cards: readonly SupervisorCard[];
  /** The card whose Get Approval is on its way. */
  busyId: string | null;
  onAction: (action: CardAction, card: SupervisorCard) => void;
}

/**
 * The supervisor's sets on an office screen: one sortable row each (driver, plant, week, hours, defects,
 * status, actions), and beside the table the chosen set's week, day by day, with its defects.
 */
export function SetsTable({ cards, busyId, onAction }: SetsTableProps) {
  const { locale, t } = useTranslator();
  const [sort, setSort] = useState<SetSort>({ column: "week", direction: "descending" });
  const [chosen, setChosen] = useState<string | null>(null);
  const rows = useMemo(
    () =>
      sortRows(
        cards.map((card) => {
          const summary = summarize(card, t);
          return {
            id: keyOf(card),
            card,
            summary,
            driver: summary.driver,
            plant: summary.plant,
            week: summary.date,
            hours: summary.hours,
            defects: summary.defects?.length,
            light: trafficLight(card),
          };
        }),
        sort,
      ),
    [cards, sort, t],
  );
  const selected = rows.find((row) => row.id === chosen) ?? rows[0];

  return (
    <div className="mt-3 grid grid-cols-[minmax(0,1fr)_24rem] items-start gap-4">
      <Card className="overflow-x-auto p-0">
        <table className="w-full text-start text-sm">
          <caption className="sr-only">
            {t("supervisor.tableCaption", {
              column: t(HEADERS[sort.column]).toLocaleLowerCase(locale),
              direction: sort.direction,
            })}
          </caption>
          <thead className="bg-slate-100 dark:bg-slate-800">
            <tr>
              {(Object.keys(HEADERS) as SetColumn[]).map((column) => {
                const Arrow =
                  sort.column !== column ? ArrowUpDown : sort.direction === "ascending" ? ArrowUp : ArrowDown;
                return (
                  <th
                    key={column}
                    scope="col"
                    aria-sort={sort.column === column ? sort.direction : "none"}
                    className={cn("p-1", NUMERIC.includes(column) && "text-end")}
                  >
                    <button
                      type="button"
                      className="inline-flex min-h-11 items-center gap-1 rounded-md px-2 font-semibold hover:bg-slate-200 focus-visible:outline-2 focus-visible:outline-amber-500 dark:hover:bg-slate-700"
                      onClick={() => setSort((current) => nextSort(current, column))}
                    >
                      {t(HEADERS[column])}
                      <Arrow aria-hidden="true" className="size-4" />
                    </button>
                  </th>
                );
              })}
              <th scope="col" className="px-3 py-1 font-semibold">
                {t("supervisor.column.actions")}
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => {
              const isSelected = row === selected;
              return (
                <tr
                  key={row.id}
                  className={cn(
                    "border-t border-slate-200 align-top dark:border-slate-700",
                    isSelected
                      ? "bg-amber-50 dark:bg-amber-400/10"
                      : "hover:bg-slate-50 dark:hover:bg-slate-800/60",
                  )}
                >
                  <th scope="row" className="p-1 font-medium">
                    <button
                      type="button"
                      aria-pressed={isSelected}
                      className="min-h-11 rounded-md px-2 text-start hover:underline focus-visible:outline-2 focus-visible:outline-amber-500"
                      onClick={() => setChosen(row.id)}
                    >
                      <span className="block font-semibold">{row.driver || "—"}</span>
                      <span className="block text-xs font-normal text-slate-600 dark:text-slate-400">
                        {row.summary.forms ?? row.summary.title}
                      </span>
                      <span className="sr-only">{t("supervisor.showDetails")}</span>
                    </button>
                  </th>
                  <td className="px-3 py-3 break-words">{row.plant || "—"}</td>
                  <td className="px-3 py-3 whitespace-nowrap">
                    {formatShortDateIn(locale, row.week) || "—"}
                  </td>
                  <td className="px-3 py-3 text-end">
                    {row.hours === undefined ? "—" : formatHoursIn(locale, row.hours)}
                  </td>
                  {row.defects === undefined ? (
                    <td className="px-3 py-3 text-end">—</td>
                  ) : (
                    <DefectCount as="td" count={row.defects} className="px-3 py-3 text-end" />
                  )}
                  <td className="px-3 py-2">
                    <TrafficLightBadge light={row.light} label={cardLabel(row.card, t)} />
                  </td>
                  <td className="px-3 py-2">
                    <CardActions card={row.card} busy={busyId === row.card.id} onAction={onAction} inline />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </Card>
      {selected ? (
        <SetDetail
          key={selected.id}
          card={selected.card}
          busy={busyId === selected.card.id}
          onAction={onAction}
        />
      ) : null}
    </div>
  );
}

/** The chosen row's detail: what it holds, its light, its week day by day and its defects, and its actions. */
function SetDetail({
  card,
  busy,
  onAction,
}: {
  card: SupervisorCard;
  busy: boolean;
  onAction: (action: CardAction, card: SupervisorCard) => void;
}) {
  const headingId = useId();
  const { locale, t } = useTranslator();
  const { title, driver, plant, date, dateLabel, forms, days, hours, defects } = summarize(card, t);
  const fields: [string, string][] = [
    [t("field.driverSignedName.short"), driver],
    [t("field.plantNumber.short"), plant],
    [dateLabel, formatShortDateIn(locale, date)],
  ];
  if (forms) fields.push([t("supervisor.forms"), forms]);
  if (hours !== undefined) fields.push([t("week.totalHours"), formatHoursIn(locale, hours)]);
  if (card.type !== "check-sheet") {
    const timesheet = card.type === "combined" ? card.timesheet : card.form;
    fields.push(
      [t("history.site"), timesheet.siteLocation],
      [t("field.clientSignedName.short"), timesheet.clientCompany],
    );
  }
  return (
    <Card role="region" aria-labelledby={headingId} className="sticky top-4 space-y-3 p-4">
      <h3 id={headingId} className="text-lg font-bold">
        {t("supervisor.setHeading", {
          title,
          driver: driver || t("supervisor.noDriver"),
          plant: plant || t("supervisor.noPlant"),
        })}
      </h3>
      <TrafficLightBadge light={trafficLight(card)} label={cardLabel(card, t)} />
      <SetFacts facts={fields} defects={defects?.length} />
      <WeekDetail days={days} defects={defects} />
      <CardActions card={card} busy={busy} onAction={onAction} />
    </Card>
  );
}
