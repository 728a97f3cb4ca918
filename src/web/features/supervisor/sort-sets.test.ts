import { describe, expect, it } from "vitest";
import { nextSort, type SortableRow, sortRows } from "./sort-sets";

const row = (id: string, extra: Partial<SortableRow>): SortableRow => ({
  id,
  driver: "",
  plant: "",
  week: "",
  light: "red",
  ...extra,
});

const ids = (rows: SortableRow[]) => rows.map((r) => r.id);

describe("sortRows", () => {
  const rows = [
    row("a", { driver: "sam", plant: "EX-10", week: "2026-11-21", hours: 45, defects: 1, light: "green" }),
    row("b", { driver: "Alex", plant: "EX-9", week: "2026-11-14", hours: 9, defects: 0, light: "archived" }),
    row("c", { driver: "", plant: "DZ-1", week: "", defects: 3, light: "red" }),
  ];

  it("sorts names ignoring case, blank names last", () => {
    expect(ids(sortRows(rows, { column: "driver", direction: "ascending" }))).toEqual(["b", "a", "c"]);
    expect(ids(sortRows(rows, { column: "driver", direction: "descending" }))).toEqual(["a", "b", "c"]);
  });

  it("sorts plant numbers by their digits as numbers", () => {
    expect(ids(sortRows(rows, { column: "plant", direction: "ascending" }))).toEqual(["c", "b", "a"]);
  });

  it("sorts hours as numbers, a form without hours last", () => {
    expect(ids(sortRows(rows, { column: "hours", direction: "descending" }))).toEqual(["a", "b", "c"]);
    expect(ids(sortRows(rows, { column: "hours", direction: "ascending" }))).toEqual(["b", "a", "c"]);
  });

  it("sorts by week and by defects", () => {
    expect(ids(sortRows(rows, { column: "week", direction: "ascending" }))).toEqual(["b", "a", "c"]);
    expect(ids(sortRows(rows, { column: "defects", direction: "descending" }))).toEqual(["c", "a", "b"]);
  });

  it("sorts the status from red, needing most, to archived", () => {
    expect(ids(sortRows(rows, { column: "status", direction: "ascending" }))).toEqual(["c", "a", "b"]);
  });
});

describe("nextSort", () => {
  it("starts a new column ascending and turns the same column round", () => {
    const first = nextSort({ column: "driver", direction: "descending" }, "hours");
    expect(first).toEqual({ column: "hours", direction: "ascending" });
    expect(nextSort(first, "hours")).toEqual({ column: "hours", direction: "descending" });
  });
});
