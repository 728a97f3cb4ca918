import { describe, expect, it } from "vitest";
import { pairForms } from "../sets/pairing";
import { cardsOf, checkSheetCard, timesheetCard } from "./form-card";

const base = { driverSignedName: "Sam", plantNumber: "PL-1", createdAt: "2025-03-10T08:00:00Z" };

describe("form cards", () => {
  it("wrap single forms with their type and id", () => {
    expect(timesheetCard({ id: "t1" })).toEqual({ type: "timesheet", id: "t1", form: { id: "t1" } });
    expect(checkSheetCard({ id: "c1" })).toEqual({ type: "check-sheet", id: "c1", form: { id: "c1" } });
  });

  it("show every form of a pairing once", () => {
    const pairing = pairForms(
      [
        { ...base, id: "t1", weekEnding: "2025-03-15" },
        { ...base, id: "t2", weekEnding: "2025-03-29" },
      ],
      [
        { ...base, id: "c1", checkDate: "2025-03-12" },
        { ...base, id: "c2", checkDate: "2025-04-12" },
      ],
    );
    expect(cardsOf(pairing).map((c) => [c.type, c.id])).toEqual([
      ["combined", "combined-t1"],
      ["timesheet", "t2"],
      ["check-sheet", "c2"],
    ]);
  });
});
