import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { READINGS } from "../forms/check-sheet-readings";
import { breakMinutesOf, dayNetHours } from "../hours/hours";
import { weekDefects, weekTotalHours } from "../hours/week-summary";
import { RATING_LABELS, RATINGS } from "../sets/rating-labels";
import { DAYS, dayKey } from "../time/days";
import { addDays } from "../time/iso-date";
import { isWithinWeek } from "../time/week-ending";
import {
  absolutePhotoLink,
  approvedHourRows,
  csvCells,
  DEFECT_COLUMNS,
  dateCell,
  dateOfDay,
  defectRowCells,
  defectRows,
  type ExportCheckSheet,
  ExportQuerySchema,
  type ExportTimesheet,
  exportFileName,
  guardCsvCell,
  HOURS_COLUMNS,
  hourRowCells,
  hourRows,
  MAX_EXPORT_RANGE_DAYS,
  timeCell,
  WORKBOOK_DATE_FORMAT,
  WORKBOOK_TIME_FORMAT,
  workbookCell,
} from "./exports";

const PUBLIC_URL = "https://sheets.example.com";

function timesheet(fields: Partial<ExportTimesheet> = {}): ExportTimesheet {
  return {
    weekEnding: "2025-06-14",
    driverSignedName: "Łukasz Wróbel",
    plantNumber: "EX-042",
    clientCompany: "BuildCo",
    orderNumber: "PO-1",
    siteLocation: "Riverside",
    ...fields,
  };
}

describe("the export's columns", () => {
  it("name the hours and the defects as the office asked, in order", () => {
    expect(HOURS_COLUMNS).toEqual([
      "Week ending",
      "Date",
      "Driver",
      "Plant",
      "Machine hours",
      "Customer",
      "Order number",
      "Site",
      "Start",
      "Finish",
      "Break (min)",
      "Net hours",
      "Working",
      "Standing",
      "Breakdown",
      "Driver's week total",
      "Rating",
    ]);
    expect(DEFECT_COLUMNS).toEqual([
      "Week ending",
      "Date",
      "Plant",
      "Item",
      "Notes",
      "Photo links",
      "Is the machine safe to use?",
      "Fuel level at end of shift",
    ]);
  });
});

describe("guardCsvCell", () => {
  it.each([
    ["=1+2", "'=1+2"],
    ["+44 7700", "'+44 7700"],
    ["-3", "'-3"],
    ["@SUM(A1)", "'@SUM(A1)"],
    ["\tcmd", "'\tcmd"],
    ["\rcmd", "'\rcmd"],
    ['=HYPERLINK("http://x","y")', '\'=HYPERLINK("http://x","y")'],
    ["  =1+2", "'  =1+2"],
    ["Riverside;=cmd|' /C calc'!A0", "Riverside;'=cmd|' /C calc'!A0"],
    ["a; =1", "a; '=1"],
    ["a,+1", "a,'+1"],
    ["a\t@x", "a\t'@x"],
    ["a\r\n-1", "a\r\n'-1"],
    ["=1;=2;ok;-3", "'=1;'=2;ok;'-3"],
    ["\t=1", "'\t'=1"],
  ])("neutralises every segment of %j that starts like a formula", (value, guarded) => {
    expect(guardCsvCell(value)).toBe(guarded);
  });

  it.each([
    "",
    "Riverside",
    "Siôn",
    "1-2",
    "a=b",
    "'quoted",
    "07:00",
    "Hydraulic leak, fitter called",
    "x;y",
  ])("leaves %j as it is", (value) => {
    expect(guardCsvCell(value)).toBe(value);
  });

  /** Text heavy in what a formula starts with and what spreadsheets split on. */
  const risky = fc
    .array(fc.constantFrom("=", "+", "-", "@", "\t", "\r", "\n", ";", ",", " ", "'", "a", "1", "é"), {
      maxLength: 24,
    })
    .map((chars) => chars.join(""));
  const anyText = fc.oneof(risky, fc.string(), fc.string({ unit: "grapheme" }));
  const startsLikeFormula = (segment: string) => /^ *[=+\-@]/.test(segment);

  it("leaves no segment, split on ; , tab, CR or LF, and no cell starting like a formula, even after spaces", () => {
    fc.assert(
      fc.property(anyText, (value) => {
        const guarded = guardCsvCell(value);
        expect(/^ *[=+\-@\t\r]/.test(guarded)).toBe(false);
        for (const segment of guarded.split(/[;,\t\r\n]/)) expect(startsLikeFormula(segment)).toBe(false);
      }),
    );
  });

  it("only ever adds apostrophes, at most one per segment, and changes a harmless cell not at all", () => {
    fc.assert(
      fc.property(anyText, (value) => {
        const guarded = guardCsvCell(value);
        expect(guarded.replaceAll("'", "")).toBe(value.replaceAll("'", ""));
        const added = guarded.length - value.length;
        expect(added).toBeGreaterThanOrEqual(0);
        expect(added).toBeLessThanOrEqual(value.split(/[;,\t\r\n]/).length + 1);
        const harmless = !/^ *[=+\-@\t\r]/.test(value) && !value.split(/[;,\t\r\n]/).some(startsLikeFormula);
        if (harmless) expect(guarded).toBe(value);
      }),
    );
  });

  it("guards a row's text and leaves its numbers and blanks", () => {
    expect(csvCells(["=1", 9, null, "-leak;@x", ""])).toEqual(["'=1", 9, null, "'-leak;'@x", ""]);
  });
});

describe("ExportQuerySchema", () => {
  const parse = (query: Record<string, string>) => ExportQuerySchema.safeParse(query);

  it("takes a range of week endings, both included, one day or up to the limit", () => {
    expect(parse({ from: "2025-06-14", to: "2025-06-14" }).success).toBe(true);
    expect(parse({ from: "2025-01-04", to: "2025-12-27" }).success).toBe(true);
    expect(parse({ from: "2024-01-01", to: addDays("2024-01-01", MAX_EXPORT_RANGE_DAYS)! }).success).toBe(
      true,
    );
  });

  it.each([
    [{ from: "2025-06-14" }, "to"],
    [{ to: "2025-06-14" }, "from"],
    [{ from: "2025-02-30", to: "2025-06-14" }, "from"],
    [{ from: "14/06/2025", to: "2025-06-14" }, "from"],
    [{ from: "2025-06-14", to: "2025-06-13" }, "to"],
    [{ from: "2024-01-01", to: addDays("2024-01-01", MAX_EXPORT_RANGE_DAYS + 1)! }, "to"],
  ])("refuses %j, naming %s", (query, field) => {
    const result = parse(query as Record<string, string>);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual([field]);
  });
});

describe("hourRows", () => {
  it("writes each day with something on it, dated in its week, with the PDF's break and net hours", () => {
    const rows = hourRows(
      timesheet({
        mondayStart: "07:00",
        mondayFinish: "16:30",
        mondayBreak: 30,
        mondayWorking: "Digging footings",
        machineHours: "4521.5",
        tuesdayStart: "08:00",
        tuesdayFinish: "12:00",
        tuesdayBreak: null,
        tuesdaySiteLocation: "Dockside",
        wednesdayStanding: "2 hours waiting for fuel",
        thursdayBreakdown: "Hydraulic leak",
        saturdayNetHours: 5,
        sundayStart: "09:00",
        sundayFinish: "11:00",
        sundayBreak: 0,
      }),
    );
    expect(rows).toEqual([
      expect.objectContaining({ date: "2025-06-08", start: "09:00", breakMinutes: 0, netHours: 2 }),
      {
        weekEnding: "2025-06-14",
        date: "2025-06-09",
        driver: "Łukasz Wróbel",
        plant: "EX-042",
        machineHours: "4521.5",
        customer: "BuildCo",
        orderNumber: "PO-1",
        site: "Riverside",
        start: "07:00",
        finish: "16:30",
        breakMinutes: 30,
        netHours: 9,
        working: "Digging footings",
        standing: "",
        breakdown: "",
        driverWeekTotal: 19.5,
        rating: "",
      },
      expect.objectContaining({
        date: "2025-06-10",
        site: "Dockside",
        breakMinutes: 30,
        netHours: 3.5,
      }),
      expect.objectContaining({
        date: "2025-06-11",
        start: "",
        breakMinutes: null,
        netHours: null,
        standing: "2 hours waiting for fuel",
      }),
      expect.objectContaining({ date: "2025-06-12", breakdown: "Hydraulic leak", netHours: null }),
      expect.objectContaining({ date: "2025-06-14", breakMinutes: null, netHours: 5 }),
    ]);
  });

  it("dates each day by its weekday among the seven days ending on the week ending", () => {
    // Saturday 14 June 2025: Monday is the 9th, Sunday the 8th (the day before the Monday, in the same week).
    expect(DAYS.map((day) => dateOfDay("2025-06-14", day))).toEqual([
      "2025-06-09",
      "2025-06-10",
      "2025-06-11",
      "2025-06-12",
      "2025-06-13",
      "2025-06-14",
      "2025-06-08",
    ]);
    // A week ending on a Sunday (advised against, allowed): Monday to Sunday end on it.
    expect(dateOfDay("2025-06-15", "monday")).toBe("2025-06-09");
    expect(dateOfDay("2025-06-15", "sunday")).toBe("2025-06-15");
    expect(dateOfDay("", "monday")).toBeNull();
  });

  it("dates every day within the week, each weekday on its own date", () => {
    const anyDate = fc.date({
      min: new Date("2000-01-01"),
      max: new Date("2099-12-31"),
      noInvalidDate: true,
    });
    fc.assert(
      fc.property(anyDate, (d) => {
        const weekEnding = d.toISOString().slice(0, 10);
        const dates = DAYS.map((day) => dateOfDay(weekEnding, day) ?? "");
        expect(new Set(dates).size).toBe(7);
        for (const [index, date] of dates.entries()) {
          expect(isWithinWeek(date, weekEnding)).toBe(true);
          expect((new Date(date).getUTCDay() + 6) % 7).toBe(index);
        }
      }),
    );
  });

  it("names the customer picked from the company's list before the company typed on the form", () => {
    const week = timesheet({ mondayStart: "07:00", mondayFinish: "08:00" });
    expect(hourRows(week, "Harbour Works Ltd")[0]?.customer).toBe("Harbour Works Ltd");
    expect(hourRows(week, null)[0]?.customer).toBe("BuildCo");
    expect(hourRows(week, "  ")[0]?.customer).toBe("BuildCo");
  });

  it("writes nothing for a week with nothing on it", () => {
    expect(hourRows(timesheet())).toEqual([]);
  });

  const time = fc
    .tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }))
    .map(([h, m]) => `${String(h).padStart(2, "0")}:${String(m).padStart(2, "0")}`);
  const dayFields = fc.record(
    {
      start: fc.oneof(time, fc.constantFrom("", "7am", "24:00")),
      finish: fc.oneof(time, fc.constantFrom("", "25:99")),
      breakMinutes: fc.oneof(
        fc.constant(null),
        fc.integer({ min: -30, max: 600 }),
        fc.constantFrom("45", "", "x"),
      ),
      netHours: fc.oneof(fc.constant(null), fc.double({ min: -5, max: 30, noNaN: true })),
      standing: fc.constantFrom("", "1 hour", "=1+1"),
    },
    { requiredKeys: [] },
  );
  const anyWeek = fc.array(dayFields, { minLength: 7, maxLength: 7 }).map((days) => {
    const fields: Record<string, unknown> = {};
    days.forEach((day, index) => {
      const name = DAYS[index]!;
      if (day.start !== undefined) fields[dayKey(name, "Start")] = day.start;
      if (day.finish !== undefined) fields[dayKey(name, "Finish")] = day.finish;
      if (day.breakMinutes !== undefined) fields[dayKey(name, "Break")] = day.breakMinutes;
      if (day.netHours !== undefined) fields[dayKey(name, "NetHours")] = day.netHours;
      if (day.standing !== undefined) fields[dayKey(name, "Standing")] = day.standing;
    });
    return timesheet(fields as Partial<ExportTimesheet>);
  });

  it("adds up, over its rows, to the week's total hours the PDF and the review list show", () => {
    fc.assert(
      fc.property(anyWeek, (week) => {
        const tenths = hourRows(week).reduce((sum, row) => sum + Math.round((row.netHours ?? 0) * 10), 0);
        expect(tenths / 10).toBe(weekTotalHours(week));
      }),
    );
  });

  it("gives each row the day's own net hours and break by the hours rules, dated within the week", () => {
    fc.assert(
      fc.property(anyWeek, (week) => {
        const rows = hourRows(week);
        const dates = rows.map((row) => row.date);
        expect([...dates].sort()).toEqual(dates);
        expect(new Set(dates).size).toBe(dates.length);
        for (const row of rows) {
          const day = DAYS[(new Date(row.date).getUTCDay() + 6) % 7]!;
          expect(row.netHours ?? 0).toBe(dayNetHours(week, day));
          if (row.breakMinutes !== null) {
            expect(row.breakMinutes).toBe(breakMinutesOf(week[dayKey(day, "Break")]));
          }
          expect(isWithinWeek(row.date, week.weekEnding)).toBe(true);
        }
      }),
    );
  });
});

describe("hourRowCells", () => {
  it("keeps dates and times as dates and times, numbers as numbers, and every typed cell exactly as typed", () => {
    const [row] = hourRows(
      timesheet({
        driverSignedName: "=cmd|' /C calc'!A0",
        plantNumber: "+EX",
        machineHours: "-12",
        orderNumber: "@PO",
        siteLocation: "-Riverside",
        mondayStart: "07:00",
        mondayFinish: "16:30",
        mondayWorking: "=SUM(A1)",
        mondayStanding: "=1+1",
        mondayBreakdown: "-leak",
      }),
    );
    expect(hourRowCells(row!)).toEqual([
      { date: "2025-06-14" },
      { date: "2025-06-09" },
      "=cmd|' /C calc'!A0",
      "+EX",
      "-12",
      "BuildCo",
      "@PO",
      "-Riverside",
      { time: "07:00" },
      { time: "16:30" },
      30,
      9,
      "=SUM(A1)",
      "=1+1",
      "-leak",
      9,
      "",
    ]);
    expect(hourRowCells(row!)).toHaveLength(HOURS_COLUMNS.length);
  });

  it("leaves the break and hours blank on a day without them", () => {
    const [row] = hourRows(timesheet({ fridayStanding: "All day" }));
    const cells = hourRowCells(row!);
    expect(cells[HOURS_COLUMNS.indexOf("Break (min)")]).toBeNull();
    expect(cells[HOURS_COLUMNS.indexOf("Net hours")]).toBeNull();
    expect(cells[HOURS_COLUMNS.indexOf("Start")]).toBe("");
  });

  it("writes an hour meter read as a plain number as a number, anything else as typed", () => {
    const machineHours = (typed: string) =>
      hourRowCells(hourRows(timesheet({ machineHours: typed, mondayStanding: "x" }))[0]!)[
        HOURS_COLUMNS.indexOf("Machine hours")
      ];
    expect(machineHours("4521.5")).toBe(4521.5);
    expect(machineHours(" 812 ")).toBe(812);
    expect(machineHours("4,521 approx")).toBe("4,521 approx");
    expect(machineHours("")).toBe("");
  });
});

describe("approvedHourRows", () => {
  const week = (fields: Partial<ExportTimesheet>) =>
    timesheet({ mondayStart: "07:00", mondayFinish: "16:30", mondayBreak: 30, ...fields });

  it("gives each row its driver's total for the week over all their approved timesheets, and the rating's words", () => {
    const rows = approvedHourRows([
      { timesheet: week({ plantNumber: "EX-1" }), driverId: "lukasz", rating: "happy" },
      {
        timesheet: week({ plantNumber: "EX-2", tuesdayNetHours: 4.5 }),
        driverId: "lukasz",
        rating: "unhappy",
      },
      { timesheet: week({ driverSignedName: "Siôn" }), driverId: "sion", rating: "okay" },
      { timesheet: week({ weekEnding: "2025-06-21" }), driverId: "lukasz", rating: null },
    ]);
    expect(rows.map((row) => [row.weekEnding, row.plant, row.driverWeekTotal, row.rating])).toEqual([
      ["2025-06-14", "EX-1", 22.5, "Excellent"],
      ["2025-06-14", "EX-2", 22.5, "Poor"],
      ["2025-06-14", "EX-2", 22.5, "Poor"],
      ["2025-06-14", "EX-042", 9, "Average"],
      ["2025-06-21", "EX-042", 9, ""],
    ]);
  });

  it("names the rating as the rating picker does, and nothing for a value that is not a rating", () => {
    for (const rating of RATINGS) {
      const [row] = approvedHourRows([{ timesheet: week({}), driverId: "d", rating }]);
      expect(row?.rating).toBe(RATING_LABELS[rating]);
    }
    const [row] = approvedHourRows([{ timesheet: week({}), driverId: "d", rating: "=1+1" }]);
    expect(row?.rating).toBe("");
  });

  it("totals each driver's week as the sum of the totals of their approved timesheets of that week", () => {
    const anyWeek = fc.record({
      driverId: fc.constantFrom("a", "b", "c"),
      weekEnding: fc.constantFrom("2025-06-14", "2025-06-21"),
      mondayNetHours: fc.integer({ min: 0, max: 14 }),
      fridayNetHours: fc.integer({ min: 0, max: 140 }).map((tenths) => tenths / 10),
    });
    fc.assert(
      fc.property(fc.array(anyWeek, { maxLength: 8 }), (weeks) => {
        const approved = weeks.map(({ driverId, ...fields }) => ({ timesheet: timesheet(fields), driverId }));
        const expected = approved.flatMap(({ timesheet: sheet, driverId }) => {
          const tenths = approved
            .filter((other) => other.driverId === driverId && other.timesheet.weekEnding === sheet.weekEnding)
            .reduce((sum, other) => sum + Math.round(weekTotalHours(other.timesheet) * 10), 0);
          return hourRows(sheet).map(() => tenths / 10);
        });
        expect(approvedHourRows(approved).map((row) => row.driverWeekTotal)).toEqual(expected);
      }),
    );
  });
});

describe("the cells of dates and times", () => {
  it("makes a date or time cell only of a real date or a time of day, else the text as typed", () => {
    expect(dateCell("2025-06-14")).toEqual({ date: "2025-06-14" });
    expect(dateCell("2025-02-30")).toBe("2025-02-30");
    expect(dateCell("")).toBe("");
    expect(timeCell("07:05")).toEqual({ time: "07:05" });
    expect(timeCell("24:00")).toBe("24:00");
    expect(timeCell("")).toBe("");
  });

  it("are written in the CSV as the date and time read, not guarded, beside guarded text", () => {
    expect(csvCells([{ date: "2025-06-14" }, { time: "07:00" }, "=1+1", 3, null])).toEqual([
      "2025-06-14",
      "07:00",
      "'=1+1",
      3,
      null,
    ]);
  });

  it("are dates in the workbook, a day's date at midnight UTC and a time on Excel's day zero, each with its format", () => {
    expect(workbookCell({ date: "2025-06-14" })).toEqual({
      value: new Date(Date.UTC(2025, 5, 14)),
      numFmt: WORKBOOK_DATE_FORMAT,
    });
    expect(workbookCell({ time: "16:30" })).toEqual({
      value: new Date(Date.UTC(1899, 11, 30, 16, 30)),
      numFmt: WORKBOOK_TIME_FORMAT,
    });
    expect(workbookCell("=1+1")).toEqual({ value: "=1+1" });
    expect(workbookCell(4.5)).toEqual({ value: 4.5 });
    expect(workbookCell(null)).toEqual({ value: null });
  });
});

/** A sheet with no reading picked: a blank in each reading's column. */
const NO_READINGS = READINGS.map(() => "");

describe("defectRows", () => {
  const sheet = (fields: Partial<ExportCheckSheet> = {}): ExportCheckSheet => ({
    id: "a",
    checkDate: "2025-06-09",
    plantNumber: "EX-042",
    ...fields,
  });

  it("writes each defect of each sheet, oldest check first, with its notes and photo links", () => {
    const rows = defectRows(
      [
        sheet({
          id: "b",
          checkDate: "2025-06-12",
          defectLights: false,
          defectsNotes: "Cracked lens",
          photos: ["/api/photos/p1", "https://cdn.example.com/p2.jpg"],
        }),
        sheet({ id: "a", defectTyres: false, defectMirrors: false, defectsNotes: "No defects noted." }),
        sheet({ id: "c", checkDate: "2025-06-10", defectTyres: true }),
      ],
      PUBLIC_URL,
      "2025-06-14",
    );
    expect(rows).toEqual([
      {
        weekEnding: "2025-06-14",
        date: "2025-06-09",
        plant: "EX-042",
        item: expect.any(String),
        notes: "",
        photoLinks: [],
        readings: NO_READINGS,
      },
      {
        weekEnding: "2025-06-14",
        date: "2025-06-09",
        plant: "EX-042",
        item: expect.any(String),
        notes: "",
        photoLinks: [],
        readings: NO_READINGS,
      },
      {
        weekEnding: "2025-06-14",
        date: "2025-06-12",
        plant: "EX-042",
        item: expect.any(String),
        notes: "Cracked lens",
        photoLinks: ["https://sheets.example.com/api/photos/p1", "https://cdn.example.com/p2.jpg"],
        readings: NO_READINGS,
      },
    ]);
  });

  it("names the items as the sheet's template and the review's count do", () => {
    const sheets = [
      sheet({ defectTyres: false, defectLights: false }),
      sheet({ id: "b", checkDate: "2025-06-11", defectMirrors: false }),
    ];
    expect(defectRows(sheets, PUBLIC_URL, "2025-06-14").map((row) => row.item)).toEqual(
      weekDefects(sheets).map((defect) => defect.label),
    );
  });

  it("writes typed notes and plant as typed, and photo links one per line", () => {
    const [row] = defectRows(
      [
        sheet({
          plantNumber: "@EX",
          defectTyres: false,
          defectsNotes: '=HYPERLINK("http://x")',
          photos: ["/api/photos/p1", "/api/photos/p2"],
          machineSafe: "no",
          fuelLevelAtEnd: "3/4",
        }),
      ],
      PUBLIC_URL,
      "2025-06-14",
    );
    expect(defectRowCells(row!)).toEqual([
      { date: "2025-06-14" },
      { date: "2025-06-09" },
      "@EX",
      row!.item,
      '=HYPERLINK("http://x")',
      "https://sheets.example.com/api/photos/p1\nhttps://sheets.example.com/api/photos/p2",
      "No, stood down",
      "3/4",
    ]);
  });
});

describe("absolutePhotoLink", () => {
  it("puts a path on this server under its public address and leaves an absolute address", () => {
    expect(absolutePhotoLink("/api/photos/x", "https://a.example/")).toBe("https://a.example/api/photos/x");
    expect(absolutePhotoLink("https://b.example/p.jpg", PUBLIC_URL)).toBe("https://b.example/p.jpg");
    expect(absolutePhotoLink("//evil.example/p.jpg", PUBLIC_URL)).toBe("//evil.example/p.jpg");
  });
});

describe("exportFileName", () => {
  it("is made of the kind and the dates only", () => {
    const query = { from: "2025-01-04", to: "2025-12-27" };
    expect(exportFileName("hours", query)).toBe("plant-sheets-hours-2025-01-04-to-2025-12-27.csv");
    expect(exportFileName("defects", query)).toBe("plant-sheets-defects-2025-01-04-to-2025-12-27.csv");
    expect(exportFileName("invoiceLines", query)).toBe(
      "plant-sheets-invoice-lines-2025-01-04-to-2025-12-27.csv",
    );
    expect(exportFileName("workbook", query)).toBe(
      "plant-sheets-approved-weeks-2025-01-04-to-2025-12-27.xlsx",
    );
  });
});
