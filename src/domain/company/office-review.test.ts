import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { emptyHireDays } from "../hire/day-kinds";
import { applyTimesheetInput, emptyTimesheet } from "../hours/timesheet";
import { companyMessages } from "../text/company-messages";
import {
  MAX_REVIEW_FILTER_LENGTH,
  matchesReviewFilters,
  OfficeReviewQuerySchema,
  type ReviewTimesheet,
  reviewFilterKey,
  reviewRow,
  weekHistory,
} from "./office-review";

const week: ReviewTimesheet = {
  id: "ts-1",
  status: "ready_for_approval",
  weekEnding: "2026-11-22",
  driverSignedName: "Dave  Digger",
  plantNumber: "EX-042",
  siteLocation: "Riverside Wharf",
  clientCompany: "BuildCo Ltd",
  customerId: "cust-buildco",
  mondayStart: "07:00",
  mondayFinish: "16:30",
  mondayBreak: 30,
  tuesdayStart: "07:00",
  tuesdayFinish: "12:00",
  tuesdayBreak: 0,
} as ReviewTimesheet;

describe("matchesReviewFilters", () => {
  it("keeps every timesheet when nothing is asked", () => {
    expect(matchesReviewFilters(week, {})).toBe(true);
  });

  it("takes the start of the driver's name and of the plant number, in any case and spacing", () => {
    expect(matchesReviewFilters(week, { driver: "dave digger" })).toBe(true);
    expect(matchesReviewFilters(week, { driver: "  DAVE   DIGGER " })).toBe(true);
    expect(matchesReviewFilters(week, { driver: "dav" })).toBe(true);
    expect(matchesReviewFilters(week, { driver: "DAVE  d" })).toBe(true);
    expect(matchesReviewFilters(week, { plant: "ex-042" })).toBe(true);
    expect(matchesReviewFilters(week, { plant: "ex-04" })).toBe(true);
    expect(matchesReviewFilters(week, { driver: "digger" })).toBe(false);
    expect(matchesReviewFilters(week, { driver: "dave digger jr" })).toBe(false);
    expect(matchesReviewFilters(week, { driver: "Riverside" })).toBe(false);
    expect(matchesReviewFilters(week, { plant: "042" })).toBe(false);
    expect(matchesReviewFilters(week, { plant: "EX-043" })).toBe(false);
  });

  it("finds the site and the customer in any part of their field, in any case and spacing, or the customer's id", () => {
    expect(matchesReviewFilters(week, { site: "wharf" })).toBe(true);
    expect(matchesReviewFilters(week, { site: " RIVERSIDE   wharf" })).toBe(true);
    expect(matchesReviewFilters(week, { customer: "buildco" })).toBe(true);
    expect(matchesReviewFilters(week, { customer: "cust-buildco" })).toBe(true);
    expect(matchesReviewFilters(week, { site: "Dockside" })).toBe(false);
    expect(matchesReviewFilters(week, { customer: "Rival" })).toBe(false);
    expect(matchesReviewFilters(week, { customer: "cust-build" })).toBe(false);
  });

  it("needs every given filter to match", () => {
    expect(matchesReviewFilters(week, { driver: "dave digger", plant: "EX-042", site: "river" })).toBe(true);
    expect(matchesReviewFilters(week, { driver: "dave digger", plant: "DUMP-7" })).toBe(false);
  });

  it("keeps a timesheet for the start of its name however it is cased and spaced, and for any part of its site", () => {
    const text = fc.string({ minLength: 1, maxLength: 30 }).filter((s) => s.trim() !== "");
    const respace = (s: string) => ` ${s.trim().split(/\s+/).join("  ")}\t`;
    fc.assert(
      fc.property(text, text, fc.nat(), (driver, site, cut) => {
        const sheet = { ...week, driverSignedName: driver, siteLocation: site };
        expect(matchesReviewFilters(sheet, { driver: respace(driver.toUpperCase()) })).toBe(
          reviewFilterKey(driver.toUpperCase()) === reviewFilterKey(driver),
        );
        expect(matchesReviewFilters(sheet, { driver: respace(driver) })).toBe(true);
        const start = reviewFilterKey(driver).slice(0, (cut % reviewFilterKey(driver).length) + 1);
        if (start.trim() !== "") expect(matchesReviewFilters(sheet, { driver: start })).toBe(true);
        expect(matchesReviewFilters(sheet, { driver: `${driver}\u00a7never` })).toBe(false);
        const part = reviewFilterKey(site).slice(0, (cut % reviewFilterKey(site).length) + 1);
        if (part.trim() === "") return;
        expect(matchesReviewFilters(sheet, { site: part })).toBe(true);
        expect(matchesReviewFilters(sheet, { site: `${site}\u00a7never` })).toBe(false);
      }),
    );
  });
});

describe("reviewRow", () => {
  it("gives the week's hours and the number of defects of its check sheets, oldest check first", () => {
    const row = reviewRow(week, [
      { id: "wed", checkDate: "2026-11-18", defectMirrors: false, defectTyres: false },
      { id: "mon", checkDate: "2026-11-16", defectLights: false, defectsNotes: "Lens cracked" },
    ]);
    expect(row).toEqual({
      timesheetId: "ts-1",
      checkSheetIds: ["mon", "wed"],
      driverName: "Dave  Digger",
      plantNumber: "EX-042",
      customer: "BuildCo Ltd",
      customerId: "cust-buildco",
      site: "Riverside Wharf",
      weekEnding: "2026-11-22",
      totalHours: 14,
      // A week from before hours by kind charges nothing the office can read.
      chargeable: null,
      meterMismatch: null,
      defects: 3,
      offHire: null,
      status: "ready_for_approval",
      approvedAt: null,
      // Forms answered without a company state (of no company) read as submitted.
      week: { state: "submitted", resubmitted: false },
      waitingOnDriver: 0,
    });
  });

  it("gives a week with hours by kind its chargeable hours and its breakdown, as the client signed them", () => {
    const days = emptyHireDays();
    const hireDays = {
      ...days,
      monday: { ...days.monday, breakdown: 2, breakdownReason: "engine" as const },
    };
    const form = applyTimesheetInput({ ...emptyTimesheet(), ...(week as object) }, { hireDays });
    const row = reviewRow({ ...week, ...form }, []);
    // Monday's 9 h less 2 broken down is 7 worked, over the minimum of 8 less 2; Tuesday's 5 h are made up to 8;
    // Wednesday to Friday, on hire without hours, are charged their minimums (8, 8, 7).
    expect(row.chargeable).toEqual({ total: 38, breakdown: 2 });
  });

  it("flags a week whose hour meter ran further from its worked hours than the company's tolerance", () => {
    const metered = { ...week, meterStart: "100", meterEnd: "117" } as ReviewTimesheet;
    // 17 h on the meter against 14 h worked: over the default 2 h, within a company's 3 h.
    expect(reviewRow(metered, []).meterMismatch).toEqual({ meter: 17, worked: 14 });
    expect(reviewRow(metered, [], { meterToleranceHours: 3 }).meterMismatch).toBeNull();
  });

  it("has no check sheets and no defects for a lonely timesheet", () => {
    expect(reviewRow(week, [])).toMatchObject({ checkSheetIds: [], defects: 0 });
  });

  it("names the off-hire note that ends the week, when it and at what time", () => {
    const offHireNote = { id: "oh-1", offHireDate: "2026-11-20", offHireTime: "16:30" };
    expect(reviewRow(week, [], { offHireNote }).offHire).toEqual({
      id: "oh-1",
      date: "2026-11-20",
      time: "16:30",
    });
  });

  it("says when the office approved the week", () => {
    expect(reviewRow(week, [], { approvedAt: "2026-11-23T08:00:00.000Z" }).approvedAt).toBe(
      "2026-11-23T08:00:00.000Z",
    );
  });
});

describe("OfficeReviewQuerySchema", () => {
  it("takes a week ending, text filters, a week's state in the company's words and a page", () => {
    expect(
      OfficeReviewQuerySchema.parse({
        week: "2026-11-22",
        driver: " Dave ",
        status: "approved",
        limit: "20",
      }),
    ).toEqual({ week: "2026-11-22", driver: "Dave", status: "approved", limit: 20 });
    for (const status of ["submitted", "sent_back", "reopened", "approved"]) {
      expect(OfficeReviewQuerySchema.parse({ status })).toEqual({ status });
    }
  });

  it("answers the driver's own statuses with the company's words to use instead", () => {
    for (const status of [
      "ready_for_approval",
      "completed",
      "dispatched",
      "archived",
      "draft",
      "Submitted",
    ]) {
      const result = OfficeReviewQuerySchema.safeParse({ status });
      expect(result.success, status).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(companyMessages.reviewStatusFilterInvalid);
    }
  });

  it("refuses a bad week, a draft status, a blank or over-long filter and a page too big", () => {
    for (const query of [
      { week: "2026-13-40" },
      { week: "22/11/2026" },
      { status: "draft" },
      { driver: "   " },
      { site: "x".repeat(MAX_REVIEW_FILTER_LENGTH + 1) },
      { customer: "x".repeat(5000) },
      { limit: "1000" },
      { cursor: "x".repeat(501) },
    ]) {
      expect(OfficeReviewQuerySchema.safeParse(query).success, JSON.stringify(query).slice(0, 40)).toBe(
        false,
      );
    }
  });
});

describe("a week's history from the audit trail", () => {
  const forms = [
    { id: "t", kind: "timesheet" as const, date: "2026-11-21" },
    { id: "c", kind: "check-sheet" as const, date: "2026-11-17" },
  ];
  const row = (
    formId: string,
    action: string,
    at: string,
    details: Record<string, unknown> | null = null,
  ) => ({
    formId,
    action,
    at,
    by: "Olive Office",
    details,
  });

  it("reads submitted, sent back with why, resubmitted with what changed, approved and reopened, oldest first", () => {
    const history = weekHistory(
      [
        row("t", "review-reopen", "2026-11-23T10:00:00Z", { reason: "Client disputes Monday" }),
        row("t", "complete", "2026-11-21T10:00:00Z", { via: "one-step" }),
        row("c", "send-back", "2026-11-22T09:00:00Z", { reason: "Tyres?" }),
        row("c", "complete", "2026-11-22T11:00:00Z", { resubmitted: ["defectsNotes"] }),
        row("t", "review-approve", "2026-11-22T12:00:00Z", { rating: "happy" }),
        row("t", "archive", "2026-11-22T13:00:00Z"),
        row("elsewhere", "complete", "2026-11-22T13:00:00Z"),
      ],
      forms,
    );
    expect(history.map((event) => [event.action, event.formId, event.reason, event.changes])).toEqual([
      ["submitted", "t", null, null],
      ["sent_back", "c", "Tyres?", null],
      ["resubmitted", "c", null, ["defectsNotes"]],
      ["approved", "t", null, null],
      ["reopened", "t", "Client disputes Monday", null],
    ]);
  });
});
