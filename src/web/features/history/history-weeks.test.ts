import { describe, expect, it } from "vitest";
import { historyWeeks, isInHistory, matchesHistorySearch } from "./history-weeks";

const timesheet = (id: string, weekEnding: string, extra: Record<string, string> = {}) => ({
  id,
  status: "completed" as const,
  driverSignedName: "Sam",
  plantNumber: "EX-1",
  machineNumber: "13T Excavator",
  siteLocation: "Leeds Ring Road",
  weekEnding,
  createdAt: "2026-11-01T00:00:00Z",
  ...extra,
});
const checkSheet = (id: string, checkDate: string, extra: Record<string, string> = {}) => ({
  id,
  status: "archived" as const,
  driverSignedName: "Sam",
  plantNumber: "EX-1",
  machineNumber: "13T Excavator",
  siteLocation: "",
  checkDate,
  createdAt: "2026-11-01T00:00:00Z",
  ...extra,
});

const ids = (weeks: ReturnType<typeof historyWeeks>) =>
  weeks.map((week) => [week.weekEnding, week.cards.map((card) => card.id)]);

describe("historyWeeks", () => {
  it("puts a week's timesheet first with its check sheets, newest week first", () => {
    const weeks = historyWeeks(
      [timesheet("t1", "2026-11-14"), timesheet("t2", "2026-11-21")],
      [checkSheet("c2", "2026-11-18"), checkSheet("c1", "2026-11-17"), checkSheet("c0", "2026-11-10")],
    );
    expect(ids(weeks)).toEqual([
      ["2026-11-21", ["t2", "c1", "c2"]],
      ["2026-11-14", ["t1", "c0"]],
    ]);
  });

  it("files a check sheet without a timesheet under the Saturday that ends its week", () => {
    const weeks = historyWeeks([], [checkSheet("c1", "2026-11-17", { plantNumber: "DZ-9" })]);
    expect(ids(weeks)).toEqual([["2026-11-21", ["c1"]]]);
  });

  it("leaves out drafts", () => {
    const weeks = historyWeeks([timesheet("t1", "2026-11-21", { status: "draft" })], []);
    expect(weeks).toEqual([]);
  });

  it("shows a check sheet as soon as it is submitted for approval", () => {
    const weeks = historyWeeks([], [checkSheet("c1", "2026-11-17", { status: "ready_for_approval" })]);
    expect(ids(weeks)).toEqual([["2026-11-21", ["c1"]]]);
    expect(isInHistory({ status: "draft" })).toBe(false);
    for (const status of ["ready_for_approval", "completed", "approved", "dispatched", "archived"] as const) {
      expect(isInHistory({ status }), status).toBe(true);
    }
  });

  it("keeps a week whose timesheet names the site, with its check sheets", () => {
    const weeks = historyWeeks(
      [timesheet("t1", "2026-11-21"), timesheet("t2", "2026-11-14", { siteLocation: "York Depot" })],
      [checkSheet("c1", "2026-11-17")],
      " leeds ",
    );
    expect(ids(weeks)).toEqual([["2026-11-21", ["t1", "c1"]]]);
  });

  it("finds a plant number in any case", () => {
    const weeks = historyWeeks(
      [timesheet("t1", "2026-11-21")],
      [checkSheet("c9", "2026-11-10", { plantNumber: "DZ-9" })],
      "dz-9",
    );
    expect(ids(weeks)).toEqual([["2026-11-14", ["c9"]]]);
  });
});

describe("matchesHistorySearch", () => {
  it("matches everything when the search is blank", () => {
    expect(matchesHistorySearch({ status: "completed", plantNumber: "" }, "  ")).toBe(true);
  });
  it("does not match a form naming neither plant nor site", () => {
    expect(
      matchesHistorySearch({ status: "completed", plantNumber: "EX-1", siteLocation: "York" }, "leeds"),
    ).toBe(false);
  });
});
