import { DATE_LOCALE } from "../../domain/forms/constants";

const dateTime = new Intl.DateTimeFormat(DATE_LOCALE, {
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
});

/** A moment as drivers read it on site, in the spec's en-GB locale, e.g. "07/06/2025, 09:30". */
export function formatDateTime(ms: number): string {
  return dateTime.format(new Date(ms));
}
