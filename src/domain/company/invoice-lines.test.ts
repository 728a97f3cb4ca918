import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DEFAULT_HIRE_TERMS, type HireTerms, NO_CHARGE, totalChargeable } from "../hire/chargeable-hours";
import type { DayKinds, HireDays } from "../hire/day-kinds";
import { timesheetCharge } from "../hire/timesheet-hire";
import {
  addStandardShiftDay,
  applyTimesheetInput,
  emptyTimesheet,
  type TimesheetFields,
} from "../hours/timesheet";
import { weekTotalHours } from "../hours/week-summary";
import { DAYS, type Day } from "../time/days";
import { csvCells, workbookCell } from "./exports";
import {
  INVOICE_LINE_COLUMNS,
  type InvoicedTimesheet,
  type InvoiceTimesheet,
  invoiceLineCells,
  invoiceLines,
} from "./invoice-lines";

const APPROVED = "2025-06-16T09:30:00.000Z";

/** A week ending 14 June 2025 on BuildCo's PO-77 with EX-042, Monday to Friday at +9 Hours, then `fields`. */
function week(fields: Partial<TimesheetFields> = {}, days: Partial<Record<Day, Partial<DayKinds>>> = {}) {
  let form: TimesheetFields = {
    ...emptyTimesheet(),
    weekEnding: "2025-06-14",
    clientCompany: "BuildCo",
    orderNumber: "PO-77",
    plantNumber: "EX-042",
  };
  for (const day of ["monday", "tuesday", "wednesday", "thursday", "friday"] as const) {
    form = addStandardShiftDay(form, day);
  }
  form = { ...form, ...fields };
  const hireDays = form.hireDays as HireDays;
  const changed = { ...hireDays };
  for (const [day, kinds] of Object.entries(days))
    changed[day as Day] = { ...hireDays[day as Day], ...kinds };
  return applyTimesheetInput(form, { hireDays: changed }) as InvoiceTimesheet;
}

/** The timesheet as a week from before hours by kind: its times only. */
function withoutKinds(form: InvoiceTimesheet): InvoiceTimesheet {
  const { hireDays: _days, hireTerms: _terms, ...before } = form;
  return before;
}

/** A week from before hours by kind. */
const weekBefore = (fields: Partial<TimesheetFields> = {}) => withoutKinds(week(fields));

const approved = (timesheet: InvoiceTimesheet, approvedAt = APPROVED, customerName?: string) => ({
  timesheet,
  approvedAt,
  customerName,
});

describe("the invoice lines' columns", () => {
  it("name what an invoice is made from, in order", () => {
    expect(INVOICE_LINE_COLUMNS).toEqual([
      "Week ending",
      "Customer",
      "Order number",
      "Plant",
      "Normal hours",
      "Overtime hours",
      "Weekend hours",
      "Standing hours",
      "Total chargeable hours",
      "Breakdown hours (not charged)",
      "Net hours",
      "Timesheets",
      "Approved on",
    ]);
  });
});

describe("invoiceLines", () => {
  it("makes a line of a timesheet with its charge as the PDF prints it", () => {
    const form = week({}, { wednesday: { breakdown: 4.5, breakdownReason: "hydraulics" } });
    const charge = timesheetCharge(form);
    expect(charge?.week).toEqual({ ...NO_CHARGE, normal: 40.5 });
    expect(invoiceLines([approved(form)])).toEqual([
      {
        weekEnding: "2025-06-14",
        customer: "BuildCo",
        orderNumber: "PO-77",
        plant: "EX-042",
        charge: charge?.week,
        totalChargeable: 40.5,
        breakdown: 4.5,
        netHours: 45,
        timesheets: 1,
        approvedOn: "2025-06-16",
      },
    ]);
  });

  it("adds up the timesheets of one customer, order, plant and week, dated by the latest approval", () => {
    const day = week({}, { saturday: { standing: 4, standingReason: "weather" } });
    const night = week(
      { hireTerms: { ...DEFAULT_HIRE_TERMS, overtimeAfter: 8 }, mondayStart: "06:00", mondayFinish: "18:30" },
      { tuesday: { standing: 2, standingReason: "clientInstruction" } },
    );
    const lines = invoiceLines([
      approved(day, "2025-06-17T23:30:00.000Z"),
      approved(night, "2025-06-16T08:00:00.000Z"),
    ]);
    expect(lines).toHaveLength(1);
    const [line] = lines;
    const charges = [timesheetCharge(day), timesheetCharge(night)];
    for (const category of ["normal", "overtime", "weekend", "standing"] as const) {
      expect(line?.charge?.[category], category).toBe(
        charges.reduce((sum, charge) => sum + (charge?.week[category] ?? 0), 0),
      );
    }
    // The night shift's overtime after 8 hours: Monday's 12 hours are 4 of it, and 1 of each other 9-hour day but
    // Tuesday's, 7 hours worked beside 2 standing.
    expect(line?.charge).toEqual({ normal: 84, overtime: 7, weekend: 0, standing: 6 });
    expect(line?.totalChargeable).toBe(97);
    expect(line?.netHours).toBe(weekTotalHours(day) + weekTotalHours(night));
    expect(line?.timesheets).toBe(2);
    // 23:30 UTC on 17 June is the 18th in the UK.
    expect(line?.approvedOn).toBe("2025-06-18");
  });

  it("makes a line of each customer, order number, plant and week ending, in that order", () => {
    const lines = invoiceLines([
      approved(week({ plantNumber: "EX-10" })),
      approved(week({ plantNumber: "EX-9" })),
      approved(week({ orderNumber: "PO-8" })),
      approved(week({ clientCompany: "Acme Civils" })),
      approved(week({ weekEnding: "2025-06-07" })),
      // The customer picked from the company's list names the line, before the company typed.
      approved(week({ clientCompany: "typed" }), APPROVED, "BuildCo"),
      // Spaces around what was typed are not a line of their own.
      approved(week({ plantNumber: " EX-9 " })),
    ]);
    expect(
      lines.map((line) => [line.weekEnding, line.customer, line.orderNumber, line.plant, line.timesheets]),
    ).toEqual([
      ["2025-06-07", "BuildCo", "PO-77", "EX-042", 1],
      ["2025-06-14", "Acme Civils", "PO-77", "EX-042", 1],
      ["2025-06-14", "BuildCo", "PO-8", "EX-042", 1],
      ["2025-06-14", "BuildCo", "PO-77", "EX-9", 2],
      ["2025-06-14", "BuildCo", "PO-77", "EX-10", 1],
      ["2025-06-14", "BuildCo", "PO-77", "EX-042", 1],
    ]);
  });

  it("lists a week from before hours by kind on a line of its own, without a charge, with its net hours", () => {
    const lines = invoiceLines([approved(week()), approved(weekBefore()), approved(weekBefore())]);
    expect(
      lines.map((line) => [line.charge === null, line.totalChargeable, line.breakdown, line.netHours]),
    ).toEqual([
      [false, 45, 0, 45],
      [true, null, null, 90],
    ]);
    expect(lines[1]?.timesheets).toBe(2);
    const cells = invoiceLineCells(lines[1]!);
    expect(cells.slice(4, 10)).toEqual([null, null, null, null, null, null]);
    expect(cells.slice(10, 12)).toEqual([90, 2]);
  });

  it("adds up quarter hours and tenths without floating-point dust", () => {
    // 07:00 to 15:20 with no break is 8.3 net hours; 0.25 of them standing leaves 8.05 worked.
    const odd = week(
      { mondayStart: "07:00", mondayFinish: "15:20", mondayBreak: 0 },
      { monday: { standing: 0.25, standingReason: "weather" } },
    );
    const lines = invoiceLines(Array.from({ length: 7 }, () => approved(odd)));
    expect(timesheetCharge(odd)?.week.normal).toBeCloseTo(44.05, 9);
    expect(lines[0]?.charge?.normal).toBe(308.35);
    expect(lines[0]?.charge?.standing).toBe(1.75);
    expect(lines[0]?.netHours).toBe(310.1);
  });

  it("adds up to every timesheet's charge: each line its own timesheets', all lines all of them", () => {
    const kinds = fc.record({
      onHire: fc.boolean(),
      standing: fc.integer({ min: 0, max: 16 }).map((q) => q / 4),
      breakdown: fc.integer({ min: 0, max: 16 }).map((q) => q / 4),
      travel: fc.integer({ min: 0, max: 8 }).map((q) => q / 4),
    });
    const terms: fc.Arbitrary<HireTerms> = fc.record({
      minimumHours: fc.constant(DEFAULT_HIRE_TERMS.minimumHours),
      chargeStanding: fc.boolean(),
      chargeTravel: fc.boolean(),
      overtimeAfter: fc.constantFrom(null, 8, 9),
      weekendSeparate: fc.boolean(),
    });
    const form = fc.record({
      key: fc.tuple(
        fc.constantFrom("BuildCo", "Acme"),
        fc.constantFrom("PO-1", "PO-2"),
        fc.constantFrom("EX-1", "EX-2"),
      ),
      terms,
      days: fc.array(kinds, { minLength: 7, maxLength: 7 }),
      finishes: fc.array(fc.integer({ min: 0, max: 40 }), { minLength: 7, maxLength: 7 }),
      before: fc.boolean(),
    });
    fc.assert(
      fc.property(fc.array(form, { maxLength: 12 }), (forms) => {
        const given: InvoicedTimesheet[] = forms.map(({ key, terms, days, finishes, before }) => {
          const times: Record<string, unknown> = {};
          const hireDays = {} as Record<Day, Partial<DayKinds>>;
          DAYS.forEach((day, index) => {
            // 07:00 to a finish up to 10 hours later, in 15 minutes; a finish of 07:00 is a day without hours.
            const minutes = 7 * 60 + 15 * (finishes[index] ?? 0);
            times[`${day}Start`] = minutes > 7 * 60 ? "07:00" : "";
            times[`${day}Finish`] =
              minutes > 7 * 60
                ? `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`
                : "";
            times[`${day}Break`] = 0;
            const k = days[index]!;
            const net = (minutes - 7 * 60) / 60;
            // The kinds must add up to the day's hours: standing, breakdown and travel take what they can of them.
            const standing = net > 0 ? Math.min(k.standing, net) : k.standing;
            const breakdown = net > 0 ? Math.min(k.breakdown, net - standing) : k.breakdown;
            const travel = net > 0 ? Math.min(k.travel, net - standing - breakdown) : 0;
            hireDays[day] = k.onHire
              ? {
                  onHire: true,
                  standing,
                  breakdown,
                  travel,
                  standingReason: "weather",
                  breakdownReason: "engine",
                }
              : { onHire: false, standing: 0, breakdown: 0, travel: 0 };
          });
          const [clientCompany, orderNumber, plantNumber] = key;
          const made = week(
            { clientCompany, orderNumber, plantNumber, hireTerms: terms, ...times },
            hireDays,
          );
          return approved(before ? withoutKinds(made) : made);
        });
        const lines = invoiceLines(given);
        const charges = given.map((g) => timesheetCharge(g.timesheet));
        const sum = (category: "normal" | "overtime" | "weekend" | "standing") =>
          charges.reduce((all, charge) => all + (charge?.week[category] ?? 0), 0);
        for (const category of ["normal", "overtime", "weekend", "standing"] as const) {
          const inLines = lines.reduce((all, line) => all + (line.charge?.[category] ?? 0), 0);
          expect(inLines).toBeCloseTo(sum(category), 9);
        }
        const total = charges.reduce((all, charge) => all + (charge ? totalChargeable(charge.week) : 0), 0);
        expect(lines.reduce((all, line) => all + (line.totalChargeable ?? 0), 0)).toBeCloseTo(total, 9);
        expect(lines.reduce((all, line) => all + line.timesheets, 0)).toBe(given.length);
        for (const line of lines) {
          const behind = given.filter(
            (g) =>
              g.timesheet.clientCompany === line.customer &&
              g.timesheet.orderNumber === line.orderNumber &&
              g.timesheet.plantNumber === line.plant &&
              (timesheetCharge(g.timesheet) === null) === (line.charge === null),
          );
          expect(line.timesheets).toBe(behind.length);
          const breakdown = behind.reduce(
            (all, g) => all + (timesheetCharge(g.timesheet)?.breakdown ?? 0),
            0,
          );
          if (line.breakdown !== null) expect(line.breakdown).toBeCloseTo(breakdown, 9);
        }
      }),
      { numRuns: 200 },
    );
  });
});

describe("invoiceLineCells", () => {
  it("writes the dates as dates, the hours as numbers and typed text guarded in the CSV alone", () => {
    const [line] = invoiceLines([
      approved(week({ clientCompany: "=cmd|' /C calc'!A0", orderNumber: "+PO-1" })),
    ]);
    const cells = invoiceLineCells(line!);
    expect(cells).toEqual([
      { date: "2025-06-14" },
      "=cmd|' /C calc'!A0",
      "+PO-1",
      "EX-042",
      45,
      0,
      0,
      0,
      45,
      0,
      45,
      1,
      { date: "2025-06-16" },
    ]);
    expect(csvCells(cells).slice(0, 3)).toEqual(["2025-06-14", "'=cmd|' /C calc'!A0", "'+PO-1"]);
    expect(workbookCell(cells[12]!).value).toEqual(new Date(Date.UTC(2025, 5, 16)));
  });
});
