import { describe, expect, it } from "vitest";
import { formatUkTime, ukIsoDate } from "./uk-time";

describe("formatUkTime", () => {
  it.each([
    ["2025-06-07T13:32:05Z", "date", "07/06/2025"],
    ["2025-06-07T13:32:05Z", "minute", "07/06/2025, 14:32 BST"],
    ["2025-06-07T13:32:05Z", "second", "07/06/2025, 14:32:05 BST"],
    ["2025-01-31T23:59:59Z", "second", "31/01/2025, 23:59:59 GMT"],
    // Late evening UTC is already the next day in summer.
    ["2025-06-07T23:30:00Z", "date", "08/06/2025"],
  ] as const)("prints %s to the %s in UK time", (moment, precision, printed) => {
    expect(formatUkTime(new Date(moment), precision)).toBe(printed);
    expect(formatUkTime(Date.parse(moment), precision)).toBe(printed);
  });
});

describe("ukIsoDate", () => {
  it.each([
    ["2025-06-07T13:32:05Z", "2025-06-07"],
    // After 23:00 UTC in summer it is the next day in the UK; in winter UK time is UTC.
    ["2025-06-07T23:30:00Z", "2025-06-08"],
    ["2025-12-31T23:30:00Z", "2025-12-31"],
  ])("dates %s as %s", (moment, date) => {
    expect(ukIsoDate(new Date(moment))).toBe(date);
  });
});
