import CircleCheck from "lucide-react/icons/circle-check";
import Clock3 from "lucide-react/icons/clock-3";
import type { ReviewRow } from "../../../domain/company/office-review";
import { shortFieldLabel } from "../../../domain/forms/field-labels";
import { companyWeekLabel } from "../../../domain/forms/sent-back";
import type { Translator } from "../../../domain/text/i18n/translate";
import { DefectCount } from "../../components/defect-count";
import { Card } from "../../components/ui/card";
import { cn } from "../../lib/cn";
import { useT, useTranslator } from "../../lib/i18n";
import { formatHoursIn, formatShortDateIn } from "../../lib/locale-format";
import { setName } from "../../rules/office-review-screen";

/** A week named in a sentence, in the reader's words: whose, which plant, which week. */
export const nameOf = (row: ReviewRow, { t, locale }: Translator) =>
  setName(row, formatShortDateIn(locale, row.weekEnding) || "—", t);

/** The week's name as the current language says it. */
export function useNameOf(): (row: ReviewRow) => string {
  const translator = useTranslator();
  return (row) => nameOf(row, translator);
}

export interface RowsProps {
  rows: readonly ReviewRow[];
  chosenId: string | null;
  selected: ReadonlySet<string>;
  onOpen: (row: ReviewRow) => void;
  onSelect: (row: ReviewRow, selected: boolean) => void;
  onSelectAll: (selected: boolean) => void;
}

/** The office's approval of a week: when, or that it waits. */
export function ApprovedState({ approvedAt }: { approvedAt: string | null }) {
  const { t, locale } = useTranslator();
  return approvedAt ? (
    <span className="inline-flex items-center gap-1 font-semibold text-emerald-800 dark:text-emerald-300">
      <CircleCheck aria-hidden="true" className="size-4 shrink-0" />
      {t("review.approvedOn", { date: formatShortDateIn(locale, approvedAt.slice(0, 10)) })}
    </span>
  ) : (
    <span className="inline-flex items-center gap-1 text-slate-700 dark:text-slate-300">
      <Clock3 aria-hidden="true" className="size-4 shrink-0" />
      {t("review.notApproved")}
    </span>
  );
}

function StatusBadge({ row }: { row: ReviewRow }) {
  const t = useT();
  return (
    <span className="inline-block rounded-full bg-slate-100 px-2.5 py-0.5 text-sm font-semibold whitespace-nowrap text-slate-800 dark:bg-slate-800 dark:text-slate-100">
      {companyWeekLabel(row.week, t)}
    </span>
  );
}

/** A row's checkbox in a 44 px label: only weeks not yet approved can be chosen for bulk approval. */
function SelectBox({
  row,
  selected,
  onSelect,
  visibleLabel = false,
}: {
  row: ReviewRow;
  selected: boolean;
  onSelect: (row: ReviewRow, selected: boolean) => void;
  visibleLabel?: boolean;
}) {
  const t = useT();
  const name = useNameOf()(row);
  const disabled = row.approvedAt !== null;
  return (
    <label
      className={cn(
        "inline-flex min-h-11 min-w-11 items-center justify-center gap-2 rounded-md px-2",
        disabled ? "opacity-50" : "cursor-pointer hover:bg-slate-100 dark:hover:bg-slate-800",
      )}
    >
      <input
        type="checkbox"
        className="size-5 accent-amber-500"
        checked={selected && !disabled}
        disabled={disabled}
        onChange={(event) => onSelect(row, event.currentTarget.checked)}
      />
      <span className={visibleLabel ? "text-sm font-medium" : "sr-only"}>
        {visibleLabel ? t("review.select") : t("review.selectWeek", { name })}
        {visibleLabel ? <span className="sr-only">{` ${name}`}</span> : null}
      </span>
    </label>
  );
}

/** The weeks as a table on an office screen: a row each, the chosen one's detail beside it. */
export function ReviewTable({ rows, chosenId, selected, onOpen, onSelect, onSelectAll }: RowsProps) {
  const { t, locale } = useTranslator();
  const open = rows.filter((row) => row.approvedAt === null);
  const allChosen = open.length > 0 && open.every((row) => selected.has(row.timesheetId));
  return (
    <Card className="overflow-x-auto p-0">
      <table className="w-full text-start text-sm">
        <caption className="sr-only">{t("review.caption")}</caption>
        <thead className="bg-slate-100 dark:bg-slate-800">
          <tr>
            <th scope="col" className="w-12 p-1">
              <label className="inline-flex min-h-11 min-w-11 cursor-pointer items-center justify-center rounded-md hover:bg-slate-200 dark:hover:bg-slate-700">
                <input
                  type="checkbox"
                  className="size-5 accent-amber-500"
                  checked={allChosen}
                  disabled={open.length === 0}
                  onChange={(event) => onSelectAll(event.currentTarget.checked)}
                />
                <span className="sr-only">{t("review.selectAll")}</span>
              </label>
            </th>
            <th scope="col" className="px-3 py-2 font-semibold">
              {t("review.driver")}
            </th>
            <th scope="col" className="px-3 py-2 font-semibold">
              {shortFieldLabel("plantNumber", t)}
            </th>
            <th scope="col" className="px-3 py-2 font-semibold">
              {t("review.weekEnding")}
            </th>
            <th scope="col" className="px-3 py-2 text-end font-semibold">
              {t("review.hours")}
            </th>
            <th scope="col" className="px-3 py-2 text-end font-semibold">
              {t("review.chargeable")}
            </th>
            <th scope="col" className="px-3 py-2 text-end font-semibold">
              {t("form.defects")}
            </th>
            <th scope="col" className="px-3 py-2 font-semibold">
              {t("review.status")}
            </th>
            <th scope="col" className="px-3 py-2 font-semibold">
              {t("review.office")}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const isChosen = row.timesheetId === chosenId;
            return (
              <tr
                key={row.timesheetId}
                data-timesheet={row.timesheetId}
                className={cn(
                  "border-t border-slate-200 align-top dark:border-slate-700",
                  isChosen
                    ? "bg-amber-50 dark:bg-amber-400/10"
                    : "hover:bg-slate-50 dark:hover:bg-slate-800/60",
                )}
              >
                <td className="p-1">
                  <SelectBox row={row} selected={selected.has(row.timesheetId)} onSelect={onSelect} />
                </td>
                <th scope="row" className="p-1 font-medium">
                  <button
                    type="button"
                    aria-pressed={isChosen}
                    className="min-h-11 rounded-md px-2 text-start hover:underline focus-visible:outline-2 focus-visible:outline-amber-500"
                    onClick={() => onOpen(row)}
                  >
                    <span className="block font-semibold">{row.driverName || "—"}</span>
                    <span className="block text-xs font-normal text-slate-600 dark:text-slate-400">
                      {[row.customer, row.site].filter(Boolean).join(" · ") || "—"}
                    </span>
                    <span className="sr-only">{t("review.openThisWeek")}</span>
                  </button>
                </th>
                <td className="px-3 py-3 whitespace-nowrap">{row.plantNumber || "—"}</td>
                <td className="px-3 py-3 whitespace-nowrap">
                  {formatShortDateIn(locale, row.weekEnding) || "—"}
                  <OffHire row={row} />
                </td>
                <td className="px-3 py-3 text-end">
                  {formatHoursIn(locale, row.totalHours)}
                  <MeterMismatch row={row} />
                </td>
                <td className="px-3 py-3 text-end">
                  <Chargeable row={row} />
                </td>
                <DefectCount as="td" count={row.defects} className="px-3 py-3 text-end" />
                <td className="px-3 py-2.5">
                  <StatusBadge row={row} />
                </td>
                <td className="px-3 py-3">
                  <ApprovedState approvedAt={row.approvedAt} />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </Card>
  );
}

/** A week's chargeable hours, and its breakdown hours beside them; a dash for a week from before hours by kind. */
function Chargeable({ row }: { row: ReviewRow }) {
  const { t, locale } = useTranslator();
  if (row.chargeable === null) return <>—</>;
  return (
    <>
      <span className="block">{formatHoursIn(locale, row.chargeable.total)}</span>
      {row.chargeable.breakdown > 0 ? (
        <span className="block text-xs text-red-800 dark:text-red-300">
          {t("review.breakdownHours", { hours: formatHoursIn(locale, row.chargeable.breakdown) })}
        </span>
      ) : null}
    </>
  );
}

/** The hour meter's hours beside the worked hours, when they differ by more than the tolerance. */
function MeterMismatch({ row }: { row: ReviewRow }) {
  const { t, locale } = useTranslator();
  if (row.meterMismatch === null) return null;
  return (
    <span data-meter-mismatch className="block text-xs font-semibold text-amber-900 dark:text-amber-200">
      {t("review.meterMismatch", {
        meter: formatHoursIn(locale, row.meterMismatch.meter),
        worked: formatHoursIn(locale, row.meterMismatch.worked),
      })}
    </span>
  );
}

/** When the machine went off hire, as the driver's off-hire note that ends the week says. */
function OffHire({ row }: { row: ReviewRow }) {
  const { t, locale } = useTranslator();
  if (row.offHire === null) return null;
  const when = [formatShortDateIn(locale, row.offHire.date), row.offHire.time].filter(Boolean).join(", ");
  return (
    <span data-off-hire className="block text-xs font-semibold text-slate-700 dark:text-slate-300">
      {t("review.offHireAt", { when })}
    </span>
  );
}

/** The weeks as cards on a phone: the same facts, one card each, opened by its button. */
export function ReviewCards({ rows, selected, onOpen, onSelect }: RowsProps) {
  const { t, locale } = useTranslator();
  const nameOf = useNameOf();
  return (
    <ul aria-label={t("review.weeksForReview")} className="grid gap-3">
      {rows.map((row) => (
        <li key={row.timesheetId} data-timesheet={row.timesheetId}>
          <Card className="p-4">
            <article aria-label={nameOf(row)}>
              <div className="flex items-start justify-between gap-2">
                <div className="min-w-0">
                  <h2 className="text-lg font-bold break-words">{row.driverName || "—"}</h2>
                  <p className="text-sm text-slate-700 dark:text-slate-300">
                    {[row.customer, row.site].filter(Boolean).join(" · ") || "—"}
                  </p>
                </div>
                <StatusBadge row={row} />
              </div>
              <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
                <dt className="font-medium text-slate-600 dark:text-slate-400">
                  {shortFieldLabel("plantNumber", t)}
                </dt>
                <dd className="break-words">{row.plantNumber || "—"}</dd>
                <dt className="font-medium text-slate-600 dark:text-slate-400">{t("review.weekEnding")}</dt>
                <dd>
                  {formatShortDateIn(locale, row.weekEnding) || "—"}
                  <OffHire row={row} />
                </dd>
                <dt className="font-medium text-slate-600 dark:text-slate-400">{t("review.hours")}</dt>
                <dd>
                  {formatHoursIn(locale, row.totalHours)}
                  <MeterMismatch row={row} />
                </dd>
                <dt className="font-medium text-slate-600 dark:text-slate-400">{t("review.chargeable")}</dt>
                <dd>
                  <Chargeable row={row} />
                </dd>
                <dt className="font-medium text-slate-600 dark:text-slate-400">{t("form.defects")}</dt>
                <DefectCount count={row.defects} />
                <dt className="font-medium text-slate-600 dark:text-slate-400">{t("review.office")}</dt>
                <dd>
                  <ApprovedState approvedAt={row.approvedAt} />
                </dd>
              </dl>
              <div className="mt-3 flex flex-wrap items-center justify-between gap-2">
                <SelectBox
                  row={row}
                  selected={selected.has(row.timesheetId)}
                  onSelect={onSelect}
                  visibleLabel
                />
                <button
                  type="button"
                  className="inline-flex min-h-11 items-center rounded-lg border border-slate-300 bg-white px-4 font-semibold text-slate-900 hover:bg-slate-100 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800"
                  onClick={() => onOpen(row)}
                >
                  {t("review.openWeek")}
                  <span className="sr-only">{t("review.ofName", { name: nameOf(row) })}</span>
                </button>
              </div>
            </article>
          </Card>
        </li>
      ))}
    </ul>
  );
}
