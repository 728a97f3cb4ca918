import { describe, expect, it } from "vitest";
import { english } from "../text/i18n/english";
import { DAY_FIELD_SUFFIXES, DAYS, dayKey, dayLabel, isDay, WEEKDAYS } from "./days";

describe("days", () => {
  it("runs Monday to Sunday", () => {
    expect(DAYS).toEqual(["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]);
  });

  it("has Monday to Friday as weekdays", () => {
    expect(WEEKDAYS).toEqual(["monday", "tuesday", "wednesday", "thursday", "friday"]);
  });

  it("labels each day with its English name", () => {
    expect(DAYS.map((d) => dayLabel(d, english)).join(" ")).toBe(
      "Monday Tuesday Wednesday Thursday Friday Saturday Sunday",
    );
  });

  it("names per-day fields with the day prefix", () => {
    expect(dayKey("monday", "Start")).toBe("mondayStart");
    expect(dayKey("sunday", "SiteLocation")).toBe("sundaySiteLocation");
    expect(DAY_FIELD_SUFFIXES).toHaveLength(8);
  });

  it("recognises day names only", () => {
    expect(isDay("friday")).toBe(true);
    expect(isDay("Friday")).toBe(false);
    expect(isDay("funday")).toBe(false);
    expect(isDay(3)).toBe(false);
  });
});
