import { checkItemLabelOf } from "../../domain/forms/check-templates";
import type { WeekDefect } from "../../domain/hours/week-summary";
import { dayLabel, isDay } from "../../domain/time/days";
import { useTranslator } from "../lib/i18n";
import { formatHoursIn, formatShortDateIn, weekdayShortIn } from "../lib/locale-format";

/** A day of the week with its net hours: from the week summary, or from the server's collation entry. */
interface DayHours {
  day: string;
  label: string;
  hours: number;
}

/** The week as the supervisor reads it before anything is sent: each day's hours, then every defect. */
export function WeekDetail({
  days,
  defects,
}: {
  days?: readonly DayHours[];
  defects?: readonly WeekDefect[];
}) {
  const { t, locale } = useTranslator();
  return (
    <>
      {days && days.length > 0 ? (
        <div>
          <h4 className="text-sm font-semibold">{t("weekDetail.hoursByDay")}</h4>
          <ul
            aria-label={t("weekDetail.hoursByDay")}
            className="mt-1 grid grid-cols-7 gap-1 text-center text-sm"
          >
            {days.map((day) => (
              <li
                key={day.day}
                aria-label={t("weekDetail.dayHours", {
                  day: locale !== "en-GB" && isDay(day.day) ? dayLabel(day.day, t) : day.label,
                  hours: formatHoursIn(locale, day.hours),
                })}
                className="rounded-md bg-slate-100 px-0.5 py-1 dark:bg-slate-800"
              >
                <span aria-hidden="true" className="block text-xs text-slate-600 dark:text-slate-400">
                  {locale !== "en-GB" && isDay(day.day) ? weekdayShortIn(locale, day.day) : day.label}
                </span>
                <span aria-hidden="true" className="block font-semibold">
                  {formatHoursIn(locale, day.hours)}
                </span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {defects && defects.length > 0 ? (
        <div>
          <h4 className="text-sm font-semibold text-red-800 dark:text-red-300">{t("weekDetail.defects")}</h4>
          <ul aria-label={t("weekDetail.defects")} className="mt-1 space-y-1 text-sm">
            {defects.map((defect) => (
              <li
                key={`${defect.checkSheetId}-${defect.label}`}
                className="rounded-md border-s-4 border-red-600 bg-red-50 px-2 py-1 text-red-950 dark:bg-red-400/10 dark:text-red-100"
              >
                <span className="font-semibold">
                  {locale === "en-GB" ? defect.label : checkItemLabelOf(defect.label, t)}
                </span>
                <span>{` (${formatShortDateIn(locale, defect.checkDate)})`}</span>
                {defect.notes ? <span className="block">{defect.notes}</span> : null}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </>
  );
}
