/** How far a UK time shows: the date alone, to the minute, or to the second. */
export type UkTimePrecision = "date" | "minute" | "second";

const made = new Map<UkTimePrecision, Intl.DateTimeFormat>();

/**
 * A moment as PDFs and the read-only view print it, in UK time: "07/06/2025", "07/06/2025, 14:32 BST" or
 * "07/06/2025, 14:32:05 BST". Each format is made on first use: screens that never show a time do not pay for it.
 */
export function formatUkTime(moment: Date | number, precision: UkTimePrecision): string {
  let format = made.get(precision);
  if (!format) {
    format = new Intl.DateTimeFormat("en-GB", {
      timeZone: "Europe/London",
      day: "2-digit",
      month: "2-digit",
      year: "numeric",
      ...(precision !== "date" && { hour: "2-digit", minute: "2-digit", timeZoneName: "short" }),
      ...(precision === "second" && { second: "2-digit" }),
    });
    made.set(precision, format);
  }
  return format.format(moment);
}

let dayAndTime: Intl.DateTimeFormat | undefined;

/** A moment as its UK date and time of day: { date: "2026-11-18", time: "12:00" }. */
export function ukDayTime(moment: Date): { date: string; time: string } {
  dayAndTime ??= new Intl.DateTimeFormat("en-GB", {
    timeZone: "Europe/London",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  });
  const parts = dayAndTime.formatToParts(moment);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? "";
  return {
    date: `${part("year")}-${part("month")}-${part("day")}`,
    time: `${part("hour")}:${part("minute")}`,
  };
}

/** The day a moment falls on in UK time, as an ISO date (2025-06-08 for 23:30 UTC on 7 June in summer). */
export function ukIsoDate(moment: Date | number): string {
  return ukDayTime(new Date(moment)).date;
}
