import { describe, expect, it } from "vitest";
import type { ReviewRow } from "./office-review";
import {
  approvable,
  hasReviewFilters,
  NO_REVIEW_FILTERS,
  REASON_NOTE_FROM,
  reasonLimitNote,
  reviewQuery,
  STATUS_FILTER_CHOICES,
  setName,
  withApproval,
  withSentBack,
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
  defects: 1,
  status: "ready_for_approval",
  approvedAt,
});

describe("the review query", () => {
  it("asks for a page with no filters", () => {
    expect(reviewQuery(NO_REVIEW_FILTERS, null)).toBe("limit=25");
  });

  it("trims the filters, leaves out empty ones and carries the cursor", () => {
    const query = new URLSearchParams(
      reviewQuery(
        { ...NO_REVIEW_FILTERS, week: "2025-06-14", driver: "  dave ", site: "   ", status: "approved" },
        "abc",
        10,
      ),
    );
    expect(Object.fromEntries(query)).toEqual({
      week: "2025-06-14",
      driver: "dave",
      status: "approved",
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

  it("offers every status but draft", () => {
    expect(STATUS_FILTER_CHOICES.map((choice) => choice.value)).toEqual([
      "",
      "ready_for_approval",
      "approved",
      "dispatched",
      "completed",
      "archived",
    ]);
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
  it("marks an approved week at once and leaves the others", () => {
    const rows = withApproval([row("a"), row("b")], "a", "2025-06-20T09:00:00.000Z");
    expect(rows.map((r) => r.approvedAt)).toEqual(["2025-06-20T09:00:00.000Z", null]);
    expect(approvable(rows).map((r) => r.timesheetId)).toEqual(["b"]);
  });

  it("drops a week sent back whole or by its timesheet, and only the sheet sent back otherwise", () => {
    expect(withSentBack([row("a"), row("b")], "a", undefined).map((r) => r.timesheetId)).toEqual(["b"]);
    expect(withSentBack([row("a"), row("b")], "a", "a").map((r) => r.timesheetId)).toEqual(["b"]);
    const one = withSentBack([row("a"), row("b")], "a", "c1");
    expect(one.map((r) => [r.timesheetId, r.checkSheetIds])).toEqual([
      ["a", ["c2"]],
      ["b", ["c1", "c2"]],
    ]);
  });

  it("names a set in words, even without a name or plant", () => {
    expect(setName(row("a"), "14/06/2025")).toBe("Dave Digger, EX-042, week ending 14/06/2025");
    expect(setName({ driverName: "", plantNumber: "", weekEnding: "" }, "—")).toBe(
      "Unnamed driver, no plant, week ending —",
    );
  });
});
