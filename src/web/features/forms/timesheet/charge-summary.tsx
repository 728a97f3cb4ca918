import { totalChargeable } from "../../../../domain/hire/chargeable-hours";
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
  return (
    <Card role="region" aria-label={t("charge.title")} className="space-y-3">
      <h3 className="text-lg font-bold">{t("charge.title")}</h3>
      <p className="text-sm text-slate-700 dark:text-slate-300">{t("charge.intro")}</p>
      <div className="overflow-x-auto">
        <table className="w-full text-sm tabular-nums">
          <thead>
            <tr className="border-b border-slate-300 dark:border-slate-600">
              <th scope="col" className="py-1 pe-2 text-start font-semibold">
                {t("charge.day")}
              </th>
              {CHARGE_CATEGORIES.map(([category, key]) => (
                <th key={category} scope="col" className="px-1 py-1 text-end font-semibold">
                  {t(key)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {shownDays.map((day) => (
              <tr key={day} className="border-b border-slate-200 dark:border-slate-700">
                <th scope="row" className="py-1 pe-2 text-start font-medium">
                  {dayLabel(day, t)}
                </th>
                {CHARGE_CATEGORIES.map(([category]) => (
                  <td key={category} className="px-1 py-1 text-end">
                    {hours(charge.days[day][category])}
                  </td>
                ))}
              </tr>
            ))}
            <tr className="font-bold">
              <th scope="row" className="py-1 pe-2 text-start">
                {t("charge.week")}
              </th>
              {CHARGE_CATEGORIES.map(([category]) => (
                <td key={category} className="px-1 py-1 text-end">
                  {hours(charge.week[category])}
                </td>
              ))}
            </tr>
          </tbody>
        </table>
      </div>
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
