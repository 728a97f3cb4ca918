import { type ChargeableHours, totalChargeable } from "../../../../domain/hire/chargeable-hours";
import {
  CHARGE_CATEGORIES,
  hireTermsWords,
  type TimesheetCharge,
} from "../../../../domain/hire/timesheet-hire";
import { DAYS, dayLabel } from "../../../../domain/time/days";
import { Card } from "../../../components/ui/card";
import { useTranslator } from "../../../lib/i18n";
import { formatHoursIn } from "../../../lib/locale-format";

/** The chargeable hours the client signs for: by day and category, the week's totals, and the terms applied. */
export function ChargeSummary({ charge }: { charge: TimesheetCharge }) {
  const { t, locale } = useTranslator();
  const hours = (value: number) => formatHoursIn(locale, value);
  const shownDays = DAYS.filter((day) => totalChargeable(charge.days[day]) > 0);
  // A day's categories as words that wrap on a phone ("Normal 7 · Standing 2"); the week names all four.
  const categoryWords = (hoursBy: ChargeableHours, all: boolean) =>
    CHARGE_CATEGORIES.filter(([category]) => all || hoursBy[category] > 0)
      .map(([category, key]) => `${t(key)}\u00a0${hours(hoursBy[category])}`)
      .join(" · ");
  return (
    <Card role="region" aria-label={t("charge.title")} className="space-y-3">
      <h3 className="text-lg font-bold">{t("charge.title")}</h3>
      <p className="text-sm text-slate-700 dark:text-slate-300">{t("charge.intro")}</p>
      <table className="w-full text-sm">
        <thead>
          <tr className="border-b border-slate-300 dark:border-slate-600">
            <th scope="col" className="py-1 pe-2 text-start font-semibold">
              {t("charge.day")}
            </th>
            <th scope="col" className="py-1 text-start font-semibold">
              {t("charge.title")}
            </th>
          </tr>
        </thead>
        <tbody>
          {shownDays.map((day) => (
            <tr key={day} className="border-b border-slate-200 align-top dark:border-slate-700">
              <th scope="row" className="py-1 pe-2 text-start font-medium">
                {dayLabel(day, t)}
              </th>
              <td className="py-1">{categoryWords(charge.days[day], false)}</td>
            </tr>
          ))}
          <tr className="align-top font-bold">
            <th scope="row" className="py-1 pe-2 text-start">
              {t("charge.week")}
            </th>
            <td className="py-1">{categoryWords(charge.week, true)}</td>
          </tr>
        </tbody>
      </table>
      <p className="flex justify-between gap-3 text-lg font-bold">
        <span>{t("charge.total")}</span>
        <output className="tabular-nums">{hours(totalChargeable(charge.week))}</output>
      </p>
      {charge.breakdown > 0 ? (
        <p className="flex justify-between gap-3 font-semibold text-red-800 dark:text-red-300">
          <span>{t("charge.breakdown")}</span>
          <span className="tabular-nums">{hours(charge.breakdown)}</span>
        </p>
      ) : null}
      <div className="text-sm text-slate-700 dark:text-slate-300">
        <p className="font-semibold">{t("charge.terms")}</p>
        <ul className="list-disc ps-5">
          {hireTermsWords(charge.terms, t).map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </div>
    </Card>
  );
}
