import { DATE_LOCALE } from "../../domain/constants";

/** A date as drivers read it on site, in the spec's en-GB locale, e.g. "Sunday 22 November 2026". */
export function formatLongDate(date: Date): string {
  return date.toLocaleDateString(DATE_LOCALE, {
    weekday: "long",
    day: "numeric",
    month: "long",
    year: "numeric",
  });
}
