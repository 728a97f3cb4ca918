import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { emptyCheckSheet } from "../../domain/checks/check-sheet";
import { emptyTimesheet } from "../../domain/hours/timesheet";
import { accountAndCalendarValues, blankFieldsFilled } from "./form-prefill";

describe("a form filled in from the account and the calendar", () => {
  it("takes the driver's name, the company and, on a timesheet, the coming Saturday", () => {
    // 2026-11-25 is a Wednesday.
    expect(
      accountAndCalendarValues(
        "2026-11-25",
        { driverName: " Dave Digger ", companyName: "Acme Plant" },
        { weekEnding: true },
      ),
    ).toEqual({ driverSignedName: "Dave Digger", company: "Acme Plant", weekEnding: "2026-11-28" });
    expect(accountAndCalendarValues("2026-11-28", {}, { weekEnding: true })).toEqual({
      weekEnding: "2026-11-28",
    });
    expect(accountAndCalendarValues("2026-11-29", { companyName: " " }, { weekEnding: false })).toEqual({});
  });

  it("fills only blank fields the form has, never what was typed", () => {
    const values = accountAndCalendarValues(
      "2026-11-25",
      { driverName: "Dave", companyName: "Acme" },
      { weekEnding: true },
    );
    expect(blankFieldsFilled(emptyTimesheet(), values)).toEqual(values);
    expect(blankFieldsFilled({ ...emptyCheckSheet("2026-11-25"), company: "Own Co" }, values)).toEqual({
      driverSignedName: "Dave",
    });
  });

  it("never changes a field that holds text", () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1 }).filter((s) => s.trim() !== ""),
        (typed) => {
          const form = { ...emptyTimesheet(), company: typed, driverSignedName: typed, weekEnding: typed };
          expect(
            blankFieldsFilled(form, { company: "A", driverSignedName: "B", weekEnding: "2026-11-28" }),
          ).toEqual({});
        },
      ),
    );
  });
});
