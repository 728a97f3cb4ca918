import { describe, expect, it } from "vitest";
import { SAMPLE_SIGNATURE as SIG } from "../../test-support/sample-signature";
import { type CheckSheet, CheckSheetSchema, emptyCheckSheet } from "../checks/check-sheet";
import { cardsOf } from "../forms/form-card";
import { draftList } from "../forms/form-lists";
import { applyStandardShift, weekdayTotal, weeklyTotal } from "../hours/hours";
import { emptyTimesheet, type Timesheet, TimesheetSchema } from "../hours/timesheet";
import { WEEKDAYS } from "../time/days";
import { buildCollations, collationCategory } from "./collation";
import { approvalDispatchReady } from "./dispatch";
import { pairForms } from "./pairing";
import { cardLabel, trafficLight } from "./traffic-light";

/** One driver's week, built only with domain functions and checked against the schemas on the way. */
describe("a week from the driver's sheets to the supervisor's dispatch", () => {
  const header = { driverSignedName: "Sam Driver", plantNumber: "PL-101", company: "Acme Plant Hire" };

  let fields = { ...emptyTimesheet(), ...header, weekEnding: "2025-03-15" };
  for (const day of WEEKDAYS) fields = applyStandardShift(fields, day);
  const timesheet: Timesheet = TimesheetSchema.parse({
    ...fields,
    saturdayStart: "08:00",
    saturdayFinish: "12:00",
    saturdayBreak: 0,
    operatorSignature: SIG,
    id: "6f1c2b3a-4d5e-4f60-8a7b-9c0d1e2f3a4b",
    createdAt: "2025-03-15T17:00:00.000Z",
  });

  const sheet = (id: string, checkDate: string, signed: boolean): CheckSheet =>
    CheckSheetSchema.parse({
      ...emptyCheckSheet(checkDate),
      ...header,
      defectTyres: true,
      operatorSignature: signed ? SIG : "",
      id,
      createdAt: `${checkDate}T07:00:00.000Z`,
    });
  const checkSheets = [
    sheet("0b7e2a51-3c4d-4e5f-9a6b-7c8d9e0f1a21", "2025-03-10", true),
    sheet("0b7e2a51-3c4d-4e5f-9a6b-7c8d9e0f1a22", "2025-03-11", true),
    sheet("0b7e2a51-3c4d-4e5f-9a6b-7c8d9e0f1a23", "2025-03-18", false),
  ];

  it("totals 49 hours for the week and 45 on the approval summary", () => {
    expect(weeklyTotal(timesheet)).toBe(49);
    expect(weekdayTotal(timesheet)).toBe(45);
    expect(timesheet.fridayNetHours).toBe(9);
  });

  it("lists the half-signed timesheet and the unsigned check sheet as drafts", () => {
    expect(draftList([timesheet], checkSheets).map((c) => c.id)).toEqual([
      "0b7e2a51-3c4d-4e5f-9a6b-7c8d9e0f1a23",
      "6f1c2b3a-4d5e-4f60-8a7b-9c0d1e2f3a4b",
    ]);
  });

  it("pairs the week's check sheets and shows the set as partly signed", () => {
    const cards = cardsOf(pairForms([timesheet], checkSheets));
    expect(cards.map((c) => [c.type, trafficLight(c), cardLabel(c)])).toEqual([
      ["combined", "orange", "Ready for Supervisor Email Dispatch"],
      ["check-sheet", "red", "Needs Completion"],
    ]);
  });

  it("makes the set ready for approval once the client has signed", () => {
    const clientSigned = { ...timesheet, clientSignature: SIG };
    const entries = buildCollations([clientSigned], checkSheets);
    expect(entries.map((e) => e.id)).toEqual([
      "check-sheet-0b7e2a51-3c4d-4e5f-9a6b-7c8d9e0f1a23",
      "combined-6f1c2b3a-4d5e-4f60-8a7b-9c0d1e2f3a4b",
    ]);
    const entry = entries[1];
    expect(entry?.checkSheetIds).toHaveLength(2);
    expect(collationCategory(entry as NonNullable<typeof entry>)).toBe("ready");
    expect(
      approvalDispatchReady({
        clientSignature: SIG,
        clientName: "Chris Client",
        foremanSignature: SIG,
        foremanName: "Fran Foreman",
        rating: "happy",
        emails: ["office@buildco.co.uk"],
      }),
    ).toBe(true);
  });
});
