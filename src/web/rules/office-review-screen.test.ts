import { describe, expect, it } from "vitest";
import type { CompanyFormState } from "../../domain/company/company-state";
import type { ReviewRow } from "../../domain/company/office-review";
import { companyWeekLabel } from "../../domain/forms/sent-back";
import {
  afterDecision,
  approvable,
  hasReviewFilters,
  NO_REVIEW_FILTERS,
  REASON_NOTE_FROM,
  reasonLimitNote,
  reviewQuery,
  STATUS_FILTER_CHOICES,
  setName,
} from "./office-review-screen";

const row = (timesheetId: string, approvedAt: string | null = null): ReviewRow => ({
  timesheetId,
  checkSheetIds: ["c1", "c2"],
  driverName: "Dave Digger",
  plantNumber: "EX-042",
  customer: "BuildCo",
  customerId: "",
  site: "Riverside",
  weekEnding: "2025-06-14",
  totalHours: 45,
  chargeable: null,
  meterMismatch: null,
  offHire: null,
  defects: 1,
  status: "ready_for_approval",
  approvedAt,
  week: { state: approvedAt ? "approved" : "submitted", resubmitted: false },
  waitingOnDriver: 0,
});

describe("the review query", () => {
  it("asks for a page with no filters", () => {
    expect(reviewQuery(NO_REVIEW_FILTERS, null)).toBe("limit=25");
  });

  it("trims the filters, leaves out empty ones and carries the cursor", () => {
    const query = new URLSearchParams(
      reviewQuery(
        { ...NO_REVIEW_FILTERS, week: "2025-06-14", driver: "  dave ", site: "   ", status: "sent_back" },
        "abc",
        10,
      ),
    );
    expect(Object.fromEntries(query)).toEqual({
      week: "2025-06-14",
      driver: "dave",
      status: "sent_back",
      limit: "10",
      cursor: "abc",
    });
  });

  it("cuts a text filter to the server's limit", () => {
    const query = new URLSearchParams(reviewQuery({ ...NO_REVIEW_FILTERS, plant: "x".repeat(300) }, null));
    expect(query.get("plant")).toHaveLength(100);
  });

  it("knows when a filter is set", () => {
    expect(hasReviewFilters(NO_REVIEW_FILTERS)).toBe(false);
    expect(hasReviewFilters({ ...NO_REVIEW_FILTERS, customer: " " })).toBe(false);
    expect(hasReviewFilters({ ...NO_REVIEW_FILTERS, customer: "Build" })).toBe(true);
  });

  it("offers the week's states in the company's words, as the rows say them", () => {
    expect(STATUS_FILTER_CHOICES).toEqual([
      { value: "", label: "Any status" },
      { value: "submitted", label: "Submitted" },
      { value: "sent_back", label: "Sent back" },
      { value: "reopened", label: "Reopened" },
      { value: "approved", label: "Approved" },
    ]);
    for (const choice of STATUS_FILTER_CHOICES.slice(1)) {
      expect(companyWeekLabel({ state: choice.value as CompanyFormState, resubmitted: false })).toBe(
        choice.label,
      );
    }
  });
});

describe("the reason's limit", () => {
  it("says nothing far from the limit, then what is left, then how many too many", () => {
    expect(reasonLimitNote(0)).toBeNull();
    expect(reasonLimitNote(REASON_NOTE_FROM - 1)).toBeNull();
    expect(reasonLimitNote(REASON_NOTE_FROM)).toBe("100 characters left of 500");
    expect(reasonLimitNote(499)).toBe("1 character left of 500");
    expect(reasonLimitNote(500)).toBe("0 characters left of 500");
    expect(reasonLimitNote(501)).toBe("1 character too many: at most 500");
    expect(reasonLimitNote(510)).toBe("10 characters too many: at most 500");
  });
});

describe("the list after a decision", () => {
  const APPROVED_AT = "2025-06-20T09:00:00.000Z";

  it("marks an approved week at once, in the company's words, and leaves the others", () => {
    const rows = afterDecision([row("a"), row("b")], "a", { kind: "approved", at: APPROVED_AT }, "");
    expect(rows.map((r) => [r.approvedAt, r.week.state])).toEqual([
      [APPROVED_AT, "approved"],
      [null, "submitted"],
    ]);
    expect(approvable(rows).map((r) => r.timesheetId)).toEqual(["b"]);
  });

  it("keeps a week sent back in the list, waiting on the driver for the forms that went back", () => {
    const whole = afterDecision([row("a"), row("b")], "a", { kind: "sent-back", formId: undefined }, "");
    expect(whole.map((r) => [r.timesheetId, r.week.state, r.waitingOnDriver])).toEqual([
      ["a", "sent_back", 3],
      ["b", "submitted", 0],
    ]);
    const one = afterDecision([row("a")], "a", { kind: "sent-back", formId: "c1" }, "");
    expect(one.map((r) => [r.week.state, r.waitingOnDriver, r.checkSheetIds])).toEqual([
      ["sent_back", 1, ["c1", "c2"]],
    ]);
    // Another of its forms sent back too: two wait; never more than the week's three forms.
    const two = afterDecision(one, "a", { kind: "sent-back", formId: "a" }, "");
    expect(two[0]?.waitingOnDriver).toBe(2);
    let all = two;
    for (let i = 0; i < 3; i++) all = afterDecision(all, "a", { kind: "sent-back", formId: "c2" }, "");
    expect(all[0]?.waitingOnDriver).toBe(3);
  });

  it("reopens an approved week, the whole or one form, as no longer approved", () => {
    const approved = afterDecision([row("a")], "a", { kind: "approved", at: APPROVED_AT }, "");
    const one = afterDecision(approved, "a", { kind: "reopened", formId: "a" }, "");
    expect(one.map((r) => [r.approvedAt, r.week.state, r.waitingOnDriver])).toEqual([[null, "reopened", 1]]);
    const whole = afterDecision(approved, "a", { kind: "reopened", formId: undefined }, "");
    expect(whole[0]?.waitingOnDriver).toBe(3);
  });

  it("drops the week from a list filtered to another state, and keeps it in one filtered to its new state", () => {
    const sentBack = { kind: "sent-back", formId: "c1" } as const;
    expect(afterDecision([row("a"), row("b")], "a", sentBack, "submitted").map((r) => r.timesheetId)).toEqual(
      ["b"],
    );
    expect(afterDecision([row("a")], "a", sentBack, "sent_back").map((r) => r.week.state)).toEqual([
      "sent_back",
    ]);
    expect(afterDecision([row("a")], "a", { kind: "approved", at: APPROVED_AT }, "submitted")).toEqual([]);
  });

  it("names a set in words, even without a name or plant", () => {
    expect(setName(row("a"), "14/06/2025")).toBe("Dave Digger, EX-042, week ending 14/06/2025");
    expect(setName({ driverName: "", plantNumber: "", weekEnding: "" }, "—")).toBe(
      "Unnamed driver, no plant, week ending —",
    );
  });
});
