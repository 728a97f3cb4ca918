import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  addDays,
  daysBetween,
  formatDisplayDate,
  formatLongDate,
  isIsoDate,
  localIsoDate,
  parseIsoDate,
} from "./iso-date";

describe("parseIsoDate", () => {
  it("reads a real date as UTC midnight", () => {
    expect(parseIsoDate("2025-03-15")?.toISOString()).toBe("2025-03-15T00:00:00.000Z");
    expect(parseIsoDate(" 2024-02-29 ")?.toISOString()).toBe("2024-02-29T00:00:00.000Z");
  });

  it("rejects impossible dates and other text", () => {
    for (const bad of [
      "2025-02-29",
      "2025-02-30",
      "2025-13-01",
      "2025-00-10",
      "2025-1-5",
      "15/03/2025",
      "",
      "x",
    ]) {
      expect(parseIsoDate(bad)).toBeNull();
    }
    expect(parseIsoDate(null)).toBeNull();
    expect(parseIsoDate(undefined)).toBeNull();
    expect(isIsoDate("2025-04-31")).toBe(false);
    expect(isIsoDate("2025-04-30")).toBe(true);
  });
});

describe("addDays and daysBetween", () => {
  it("crosses month, year and leap-day boundaries", () => {
    expect(addDays("2025-03-01", -1)).toBe("2025-02-28");
    expect(addDays("2024-03-01", -1)).toBe("2024-02-29");
    expect(addDays("2024-12-28", 6)).toBe("2025-01-03");
    expect(addDays("2025-03-29", 2)).toBe("2025-03-31");
    expect(addDays("nope", 1)).toBeNull();
    expect(daysBetween("2024-12-28", "2025-01-03")).toBe(6);
    expect(daysBetween("2025-01-03", "2024-12-28")).toBe(-6);
    expect(daysBetween("2025-01-03", "bad")).toBeNull();
  });

  it("are inverse to each other", () => {
    const date = fc.date({ min: new Date("1990-01-01"), max: new Date("2100-01-01"), noInvalidDate: true });
    fc.assert(
      fc.property(date, fc.integer({ min: -4000, max: 4000 }), (d, n) => {
        const iso = d.toISOString().slice(0, 10);
        const moved = addDays(iso, n);
        expect(moved).not.toBeNull();
        expect(daysBetween(iso, moved as string)).toBe(n);
        expect(addDays(moved as string, -n)).toBe(iso);
      }),
    );
  });
});

describe("localIsoDate", () => {
  it("uses the device's calendar date", () => {
    expect(localIsoDate(new Date(2025, 0, 9, 23, 59))).toBe("2025-01-09");
    expect(localIsoDate(new Date(2025, 11, 31, 0, 0))).toBe("2025-12-31");
  });
});

describe("formatDisplayDate", () => {
  it("shows dates day first (en-GB)", () => {
    expect(formatDisplayDate("2025-03-05")).toBe("05/03/2025");
    expect(formatDisplayDate("2025-03-05T10:00:00.000Z")).toBe("05/03/2025");
  });

  it("shows other text unchanged and nothing for no value", () => {
    expect(formatDisplayDate("soon")).toBe("soon");
    expect(formatDisplayDate(null)).toBe("");
    expect(formatDisplayDate(undefined)).toBe("");
  });
});

describe("formatLongDate", () => {
  it("spells the date out the en-GB way", () => {
    expect(formatLongDate("2026-11-23")).toBe("Monday, 23 November 2026");
    expect(formatLongDate("2024-02-29")).toBe("Thursday, 29 February 2024");
    expect(formatLongDate("2027-01-03")).toBe("Sunday, 3 January 2027");
    expect(formatLongDate("2026-02-30")).toBe("");
  });

  it("reads as Intl's en-GB long date for every date", () => {
    const intl = new Intl.DateTimeFormat("en-GB", {
      timeZone: "UTC",
      weekday: "long",
      day: "numeric",
      month: "long",
      year: "numeric",
    });
    fc.assert(
      fc.property(
        fc.date({
          min: new Date(Date.UTC(1970, 0, 1)),
          max: new Date(Date.UTC(2200, 0, 1)),
          noInvalidDate: true,
        }),
        (date) => {
          const iso = date.toISOString().slice(0, 10);
          expect(formatLongDate(iso)).toBe(intl.format(parseIsoDate(iso)!));
        },
      ),
    );
  });
});
