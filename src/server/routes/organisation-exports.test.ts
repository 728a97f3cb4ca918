import { randomUUID } from "node:crypto";
import { PassThrough } from "node:stream";
import { parse } from "csv-parse/sync";
import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import {
  approvedHourRows,
  csvCells,
  DEFECT_COLUMNS,
  defectColumns,
  defectRowCells,
  defectRows,
  type ExportCell,
  type ExportCheckSheet,
  type ExportTimesheet,
  HOURS_COLUMNS,
  hourRowCells,
  hoursColumns,
  WORKBOOK_DATE_FORMAT,
  WORKBOOK_TIME_FORMAT,
  workbookCell,
} from "../../domain/company/exports";
import {
  INVOICE_LINE_COLUMNS,
  type InvoiceTimesheet,
  invoiceLineCells,
  invoiceLineColumns,
  invoiceLines,
} from "../../domain/company/invoice-lines";
import type { ReviewPage } from "../../domain/company/office-review";
import { DEFAULT_HIRE_TERMS, type HireTerms, totalChargeable } from "../../domain/hire/chargeable-hours";
import { type DayKinds, emptyHireDays, type HireDays } from "../../domain/hire/day-kinds";
import { type TimesheetCharge, timesheetCharge } from "../../domain/hire/timesheet-hire";
import { english } from "../../domain/text/i18n/english";
import { DAYS, type Day } from "../../domain/time/days";
import { addDays } from "../../domain/time/iso-date";
import { SAMPLE_SIGNATURE } from "../../test-support/sample-signature";
import { testDatabases } from "../db/test-databases";
import { translatorFor } from "../i18n";
import { approvedSets } from "../services/organisations/exports";
import { approvedWeeksHelpers } from "../test-support/approved-weeks";
import { databaseSnapshot } from "../test-support/database-snapshot";
import { type Company, organisationHelpers, type Person } from "../test-support/organisation-world";
import { ORIGIN, useTestApp } from "../test-support/test-app";

const NOW = new Date("2025-06-20T09:00:00.000Z");
const RANGE = "?from=2025-06-07&to=2025-06-14";
const INJECTED_SITE = "=cmd|' /C calc'!A0";
const INJECTED_NOTES = '=HYPERLINK("http://evil.example","Click")';
/** A formula after a separator that a spreadsheet opening the file with `;` or tabs splits on. */
const INJECTED_STANDING = "Waited 1 hour; =1+2\t@SUM(A1)";

type Cell = string | number | Date | null;

/** A CSV's cells as a spreadsheet reads them back: text, with blank for a blank cell. */
const asCsvText = (cells: readonly ExportCell[]) =>
  csvCells(cells).map((cell) => (cell === null ? "" : String(cell)));

/** The hours export's column of that name. */
const column = (name: (typeof HOURS_COLUMNS)[number]) => HOURS_COLUMNS.indexOf(name);
/** The invoice lines' column of that name. */
const lineColumn = (name: (typeof INVOICE_LINE_COLUMNS)[number]) => INVOICE_LINE_COLUMNS.indexOf(name);

/** A week's hours by kind: every day on hire with no hours but what `days` gives it (worked hours come from times). */
function kindsOf(days: Partial<Record<Day, Partial<DayKinds>>>): HireDays {
  const week = emptyHireDays();
  for (const [day, kinds] of Object.entries(days)) week[day as Day] = { ...week[day as Day], ...kinds };
  return week;
}

/** Monday to Friday 07:00 to 16:30 with 30 minutes' break: 9 hours a day. */
const FIVE_DAYS = Object.fromEntries(
  ["monday", "tuesday", "wednesday", "thursday", "friday"].flatMap((day) => [
    [`${day}Start`, "07:00"],
    [`${day}Finish`, "16:30"],
    [`${day}Break`, 30],
  ]),
);

const CATEGORIES = ["normal", "overtime", "weekend", "standing"] as const;

describe.each(testDatabases())("the company's exports of approved weeks on $name", ({ open }) => {
  const testApp = useTestApp(open, { now: () => NOW });
  const { call, createDraft } = testApp;
  const { company, member } = organisationHelpers(testApp);

  /** A week the driver submitted, with `fields` over a plain week ending 14 June 2025. */
  function submittedWeek(who: Person, fields: Record<string, unknown>): Promise<string> {
    return createDraft("timesheets", who.cookie, {
      weekEnding: "2025-06-14",
      plantNumber: "EX-042",
      siteLocation: "Riverside",
      clientCompany: "BuildCo",
      orderNumber: "PO-77",
      status: "ready_for_approval",
      ...fields,
    });
  }

  /** What a check sheet needs to be submitted: signed by the operator and the supervisor, and dated. */
  const submittedSheet = (checkDate: string) => ({
    status: "ready_for_approval",
    checkDate,
    operatorSignature: SAMPLE_SIGNATURE,
    operatorSignedName: "Łukasz Wróbel",
    clientSignature: SAMPLE_SIGNATURE,
    clientSignedName: "Fiona Foreman",
    signatureDate: checkDate,
  });

  const approve = async (of: Company, who: Person, timesheetId: string) => {
    const res = await call("POST", `/api/organisations/${of.id}/review/${timesheetId}/approve`, who.cookie, {
      rating: "happy",
    });
    expect(res.statusCode, res.body).toBe(200);
  };

  const download = (of: Company, who: Person | undefined, file: string, query = RANGE) =>
    call("GET", `/api/organisations/${of.id}/exports/${file}${query}`, who?.cookie);

  /**
   * Acme's approved weeks: Łukasz's (two days, a check sheet with a defect, a photo and notes a stranger could
   * type) and Siôn's, both ending 14 June; beside them what must not be exported: a week not yet approved, an
   * approved week before the range, and a rival company's approved week.
   */
  async function acmeWeeks() {
    const acme = await company();
    const supervisor = await member(acme, "supervisor");
    const lukasz = await member(acme, "driver");
    const sion = await member(acme, "driver");
    const photo = await testApp.uploadPhoto(lukasz.cookie);
    const lukaszWeek = await submittedWeek(lukasz, {
      driverSignedName: "Łukasz Wróbel",
      machineHours: "4521.5",
      mondayWorking: "Digging footings",
      mondayStart: "07:00",
      mondayFinish: "16:30",
      mondayBreak: 30,
      tuesdayStart: "07:30",
      tuesdayFinish: "17:00",
      tuesdayBreak: 45,
      tuesdaySiteLocation: INJECTED_SITE,
      tuesdayStanding: INJECTED_STANDING,
      // Typed on two lines: a spreadsheet must read it as one cell.
      wednesdayBreakdown: "Hydraulic leak\nfitter called",
    });
    // Submitted, as a week's check sheets must be before it is approved.
    const defectSheet = await createDraft("check-sheets", lukasz.cookie, {
      ...submittedSheet("2025-06-09"),
      driverSignedName: "Łukasz Wróbel",
      plantNumber: "EX-042",
      defectTyres: false,
      defectLights: false,
      defectsNotes: INJECTED_NOTES,
      photos: [photo],
    });
    await createDraft("check-sheets", lukasz.cookie, {
      ...submittedSheet("2025-06-11"),
      driverSignedName: "Łukasz Wróbel",
      plantNumber: "EX-042",
      defectsNotes: "No defects noted",
    });
    const sionWeek = await submittedWeek(sion, {
      driverSignedName: "Siôn Jones",
      plantNumber: "DUMP-7",
      wednesdayStart: "06:00",
      wednesdayFinish: "14:00",
      wednesdayBreak: 30,
    });
    await approve(acme, supervisor, lukaszWeek);
    await approve(acme, acme.admin, sionWeek);
    // Not exported: a week not approved, an approved week before the range, another company's approved week.
    await submittedWeek(sion, {
      weekEnding: "2025-06-21",
      driverSignedName: "Siôn Jones",
      fridayNetHours: 8,
    });
    const early = await submittedWeek(sion, {
      weekEnding: "2025-05-31",
      mondayStart: "07:00",
      mondayFinish: "08:00",
    });
    await approve(acme, acme.admin, early);
    const rival = await company("Rival Haulage Ltd");
    const rivalWeek = await submittedWeek(await member(rival, "driver"), {
      driverSignedName: "Rival Driver",
      mondayStart: "07:00",
      mondayFinish: "16:30",
    });
    await approve(rival, rival.admin, rivalWeek);
    return { acme, supervisor, lukasz, sion, lukaszWeek, sionWeek, defectSheet, photo, rival };
  }

  /** What the domain makes of the weeks (each rated "happy") as their drivers' own reads give them back. */
  async function expectedHours(weeks: Array<[Person, string]>): Promise<ExportCell[][]> {
    const approved = [];
    for (const [who, id] of weeks) {
      const timesheet = (await call("GET", `/api/timesheets/${id}`, who.cookie)).json() as ExportTimesheet;
      approved.push({ timesheet, driverId: who.id, rating: "happy" });
    }
    return approvedHourRows(approved).map(hourRowCells);
  }

  it("streams the approved weeks' hours as UTF-8 CSV with a BOM, a row per driver per day, the domain's numbers", async () => {
    const w = await acmeWeeks();
    const res = await download(w.acme, w.acme.admin, "hours.csv");
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(res.headers["content-disposition"]).toBe(
      'attachment; filename="plant-sheets-hours-2025-06-07-to-2025-06-14.csv"',
    );
    expect(res.headers["cache-control"]).toBe("no-store");
    expect([...res.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = res.rawPayload.toString("utf8");
    expect(text).toContain("Łukasz Wróbel");
    expect(text).toContain("Siôn Jones");

    const [header, ...rows] = parse(text, { bom: true }) as string[][];
    expect(header).toEqual([...HOURS_COLUMNS]);
    const [first, second] = [w.lukaszWeek, w.sionWeek].sort();
    const owner = (id: string) => (id === w.lukaszWeek ? w.lukasz : w.sion);
    const expected = await expectedHours([
      [owner(first!), first!],
      [owner(second!), second!],
    ]);
    expect(rows).toEqual(expected.map(asCsvText));
    expect(rows).toHaveLength(4);

    // Łukasz's Monday and Tuesday as his PDF prints them, and his site guarded against running as a formula.
    const lukaszRows = rows.filter((row) => row[column("Driver")] === "Łukasz Wróbel");
    const picked = ["Week ending", "Date", "Start", "Finish", "Break (min)", "Net hours"] as const;
    expect(lukaszRows.map((row) => picked.map((name) => row[column(name)]))).toEqual([
      ["2025-06-14", "2025-06-09", "07:00", "16:30", "30", "9"],
      ["2025-06-14", "2025-06-10", "07:30", "17:00", "45", "8.8"],
      ["2025-06-14", "2025-06-11", "", "", "", ""],
    ]);
    // What a payroll clerk needs on every row: the hour meter, the day's work as typed, the driver's week and the
    // office's rating in the rating picker's words.
    expect(lukaszRows.map((row) => row[column("Machine hours")])).toEqual(["4521.5", "4521.5", "4521.5"]);
    expect(lukaszRows[0]?.[column("Working")]).toBe("Digging footings");
    expect(lukaszRows.map((row) => row[column("Driver's week total")])).toEqual(["17.8", "17.8", "17.8"]);
    expect(rows.map((row) => row[column("Rating")])).toEqual([
      "Excellent",
      "Excellent",
      "Excellent",
      "Excellent",
    ]);
    expect(lukaszRows[1]?.[column("Site")]).toBe(`'${INJECTED_SITE}`);
    // Each segment a spreadsheet could split off and run is neutralised too.
    expect(lukaszRows[1]?.[column("Standing")]).toBe("Waited 1 hour; '=1+2\t'@SUM(A1)");
    expect(lukaszRows[2]?.[column("Breakdown")]).toBe("Hydraulic leak\nfitter called");
    // Rows end in CRLF; a line break inside a cell is quoted, or a spreadsheet would start a new row there.
    for (const bare of text.matchAll(/\r(?!\n)|(?<!\r)\n/g)) {
      expect(text.slice(0, bare.index).split('"').length % 2, "a line break outside quotes").toBe(0);
    }

    // Each driver's rows add up to the week's hours the review list shows.
    const review = (
      await call("GET", `/api/organisations/${w.acme.id}/review?week=2025-06-14`, w.acme.admin.cookie)
    ).json() as ReviewPage;
    for (const item of review.items.filter((i) => i.approvedAt !== null)) {
      const driverRows = rows.filter((row) => row[column("Driver")] === item.driverName);
      const tenths = driverRows.reduce(
        (sum, row) => sum + Math.round(Number(row[column("Net hours")] || 0) * 10),
        0,
      );
      expect(tenths / 10, item.driverName).toBe(item.totalHours);
      for (const row of driverRows) expect(Number(row[column("Driver's week total")])).toBe(item.totalHours);
    }
  });

  it("exports the approved check sheets' defects with guarded notes and links to their photos the office can open", async () => {
    const w = await acmeWeeks();
    const res = await download(w.acme, w.acme.admin, "defects.csv");
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-disposition"]).toBe(
      'attachment; filename="plant-sheets-defects-2025-06-07-to-2025-06-14.csv"',
    );
    const [header, ...rows] = parse(res.rawPayload.toString("utf8"), { bom: true }) as string[][];
    expect(header).toEqual([...DEFECT_COLUMNS]);
    const sheet = (await call("GET", `/api/check-sheets/${w.defectSheet}`, w.lukasz.cookie)).json();
    const expected = defectRows([sheet as ExportCheckSheet], ORIGIN, "2025-06-14").map(defectRowCells);
    expect(rows).toEqual(expected.map(asCsvText));
    expect(rows).toHaveLength(2);
    const link = `${ORIGIN}${w.photo}`;
    expect(rows[0]).toEqual([
      "2025-06-14",
      "2025-06-09",
      "EX-042",
      expect.any(String),
      `'${INJECTED_NOTES}`,
      link,
      // Whether the machine was safe to use, and the fuel level at end of shift: this sheet gave neither.
      "",
      "",
    ]);

    // The link opens with the session of the company's admin or supervisor, as of its driver; for no one else.
    const path = new URL(link).pathname;
    expect((await call("GET", path, w.acme.admin.cookie)).statusCode).toBe(200);
    expect((await call("GET", path, w.supervisor.cookie)).statusCode).toBe(200);
    expect((await call("GET", path, w.lukasz.cookie)).statusCode).toBe(200);
    expect((await call("GET", path, w.rival.admin.cookie)).statusCode).toBe(404);
    expect((await call("GET", path, w.sion.cookie)).statusCode).toBe(404);
    expect((await call("GET", path)).statusCode).toBe(404);
  });

  it("writes the three in one XLSX workbook, sheets Hours, Defects and Invoice lines, hours as numbers, dates and times as dates", async () => {
    const w = await acmeWeeks();
    const res = await download(w.acme, w.acme.admin, "workbook.xlsx");
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers["content-type"]).toBe(
      "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    );
    expect(res.headers["content-disposition"]).toBe(
      'attachment; filename="plant-sheets-approved-weeks-2025-06-07-to-2025-06-14.xlsx"',
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(["Hours", "Defects", "Invoice lines"]);

    const valuesOf = (name: string, columns: number): Cell[][] => {
      const rows: Cell[][] = [];
      workbook.getWorksheet(name)?.eachRow({ includeEmpty: false }, (row) => {
        const cells: Cell[] = [];
        for (let column = 1; column <= columns; column += 1) {
          const cell = row.getCell(column);
          // A typed cell must never come back as a formula: text is a text cell, a number a number.
          expect(cell.formula, `${name} ${cell.address}`).toBeUndefined();
          const value = cell.value;
          if (typeof value === "string") expect(cell.type).toBe(ExcelJS.ValueType.String);
          cells.push(value === null || value === undefined ? null : (value as Cell));
        }
        rows.push(cells);
      });
      return rows;
    };

    const [hoursHeader, ...hours] = valuesOf("Hours", HOURS_COLUMNS.length);
    expect(hoursHeader).toEqual([...HOURS_COLUMNS]);
    const [first, second] = [w.lukaszWeek, w.sionWeek].sort();
    const owner = (id: string) => (id === w.lukaszWeek ? w.lukasz : w.sion);
    const expected = await expectedHours([
      [owner(first!), first!],
      [owner(second!), second!],
    ]);
    // Blank cells are left empty; every other cell is what the CSV holds, numbers as numbers, dates as dates.
    const inWorkbook = (row: ExportCell[]) =>
      row.map((cell) => (cell === "" ? null : (workbookCell(cell).value as Cell)));
    expect(hours).toEqual(expected.map(inWorkbook));
    // Dates and times are date cells with a date or time format, never text a spreadsheet cannot sort or add.
    const hoursSheet = workbook.getWorksheet("Hours")!;
    const formats = {
      "Week ending": WORKBOOK_DATE_FORMAT,
      Date: WORKBOOK_DATE_FORMAT,
      Start: WORKBOOK_TIME_FORMAT,
    };
    for (const [name, format] of Object.entries(formats)) {
      const cell = hoursSheet.getRow(2).getCell(column(name as keyof typeof formats) + 1);
      expect(cell.type, name).toBe(ExcelJS.ValueType.Date);
      expect(cell.numFmt, name).toBe(format);
    }
    const monday = hours.find((row) => (row[column("Date")] as Date).getTime() === Date.UTC(2025, 5, 9));
    expect(monday?.[column("Week ending")]).toEqual(new Date(Date.UTC(2025, 5, 14)));
    expect(monday?.[column("Start")]).toEqual(new Date(Date.UTC(1899, 11, 30, 7, 0)));
    expect(monday?.[column("Finish")]).toEqual(new Date(Date.UTC(1899, 11, 30, 16, 30)));
    expect(monday?.[column("Machine hours")]).toBe(4521.5);
    expect(monday?.[column("Driver's week total")]).toBe(17.8);
    expect(monday?.[column("Rating")]).toBe("Excellent");
    const netHours = hours.map((row) => row[HOURS_COLUMNS.indexOf("Net hours")]);
    expect(netHours.filter((value) => value !== null).every((value) => typeof value === "number")).toBe(true);
    expect(netHours.filter((value) => value !== null)).toEqual(expect.arrayContaining([9, 8.8, 7.5]));
    // Typed text exactly as typed, without the apostrophe the CSV needs: a text cell is never run.
    expect(hours.some((row) => row[column("Site")] === INJECTED_SITE)).toBe(true);
    expect(hours.some((row) => row[column("Standing")] === INJECTED_STANDING)).toBe(true);

    const [defectsHeader, ...defects] = valuesOf("Defects", DEFECT_COLUMNS.length);
    expect(defectsHeader).toEqual([...DEFECT_COLUMNS]);
    const sheet = (await call("GET", `/api/check-sheets/${w.defectSheet}`, w.lukasz.cookie)).json();
    expect(defects).toEqual(
      defectRows([sheet as ExportCheckSheet], ORIGIN, "2025-06-14").map((row) =>
        // A blank cell (a reading not given) reads back as no value.
        defectRowCells(row).map((cell) => (cell === "" ? null : (workbookCell(cell).value as Cell))),
      ),
    );
    const checkDate = workbook.getWorksheet("Defects")!.getRow(2).getCell(2);
    expect(checkDate.type).toBe(ExcelJS.ValueType.Date);
    expect(checkDate.numFmt).toBe(WORKBOOK_DATE_FORMAT);
    expect(defects[0]?.[4]).toBe(INJECTED_NOTES);

    // The invoice lines, as the CSV's: these weeks were made before hours by kind, so a line each without a charge.
    const [linesHeader, ...lines] = valuesOf("Invoice lines", INVOICE_LINE_COLUMNS.length);
    expect(linesHeader).toEqual([...INVOICE_LINE_COLUMNS]);
    const csvLines = parse(
      (await download(w.acme, w.acme.admin, "invoice-lines.csv")).rawPayload.toString("utf8"),
      {
        bom: true,
      },
    ) as string[][];
    expect(
      lines.map((row) =>
        row.map((cell) =>
          cell instanceof Date ? cell.toISOString().slice(0, 10) : cell === null ? "" : String(cell),
        ),
      ),
    ).toEqual(csvLines.slice(1));
    expect(
      lines.map((row) => [
        row[lineColumn("Plant")],
        row[lineColumn("Normal hours")],
        row[lineColumn("Net hours")],
        row[lineColumn("Approved on")],
      ]),
    ).toEqual([
      ["DUMP-7", null, 7.5, new Date(Date.UTC(2025, 5, 20))],
      ["EX-042", null, 17.8, new Date(Date.UTC(2025, 5, 20))],
    ]);
  });

  it("heads its columns and sheets in the company's language, with the same values as in English", async () => {
    const w = await acmeWeeks();
    const csvOf = async (file: string) =>
      parse((await download(w.acme, w.acme.admin, file)).rawPayload.toString("utf8"), {
        bom: true,
      }) as string[][];
    const workbookOf = async () => {
      const workbook = new ExcelJS.Workbook();
      const res = await download(w.acme, w.acme.admin, "workbook.xlsx");
      await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      return workbook.worksheets.map((sheet) => ({
        name: sheet.name,
        rows: (sheet.getSheetValues() as unknown[][]).filter(Boolean).map((row) => row.slice(1)),
      }));
    };
    const [englishHours, englishDefects, englishLines, englishWorkbook] = [
      await csvOf("hours.csv"),
      await csvOf("defects.csv"),
      await csvOf("invoice-lines.csv"),
      await workbookOf(),
    ];
    const chosen = await call("PUT", `/api/organisations/${w.acme.id}/language`, w.acme.admin.cookie, {
      language: "pl",
    });
    expect(chosen.statusCode, chosen.body).toBe(200);

    const [polishHours, polishDefects, polishLines, polishWorkbook] = [
      await csvOf("hours.csv"),
      await csvOf("defects.csv"),
      await csvOf("invoice-lines.csv"),
      await workbookOf(),
    ];
    const hoursHeader = hoursColumns(translatorFor("pl").t);
    const defectsHeader = defectColumns(translatorFor("pl").t);
    expect(hoursHeader.slice(0, 4)).toEqual(["Tydzień kończący się", "Data", "Operator", "Maszyna"]);
    expect(defectsHeader).toContain("Linki do zdjęć");
    expect(polishHours[0]).toEqual(hoursHeader);
    expect(polishDefects[0]).toEqual(defectsHeader);
    expect(polishHours.slice(1)).toEqual(englishHours.slice(1));
    expect(polishDefects.slice(1)).toEqual(englishDefects.slice(1));
    expect(englishHours.slice(1).length).toBeGreaterThan(0);
    const linesHeader = invoiceLineColumns(translatorFor("pl").t);
    expect(linesHeader.slice(4, 6)).toEqual(["Godziny zwykłe", "Nadgodziny"]);
    expect(polishLines[0]).toEqual(linesHeader);
    expect(polishLines.slice(1)).toEqual(englishLines.slice(1));
    expect(englishLines.slice(1).length).toBeGreaterThan(0);

    expect(polishWorkbook.map((sheet) => sheet.name)).toEqual(["Godziny", "Usterki", "Pozycje faktur"]);
    expect(polishWorkbook[0]?.rows[0]).toEqual(hoursHeader);
    expect(polishWorkbook[1]?.rows[0]).toEqual(defectsHeader);
    expect(polishWorkbook[2]?.rows[0]).toEqual(linesHeader);
    expect(polishWorkbook.map((sheet) => sheet.rows.slice(1))).toEqual(
      englishWorkbook.map((sheet) => sheet.rows.slice(1)),
    );
  });

  it("answers an empty range with the header rows only", async () => {
    const w = await acmeWeeks();
    const res = await download(w.acme, w.acme.admin, "hours.csv", "?from=2024-01-06&to=2024-12-28");
    expect(res.statusCode).toBe(200);
    expect(parse(res.rawPayload.toString("utf8"), { bom: true })).toEqual([[...HOURS_COLUMNS]]);
    const lines = await download(w.acme, w.acme.admin, "invoice-lines.csv", "?from=2024-01-06&to=2024-12-28");
    expect(lines.statusCode).toBe(200);
    expect(parse(lines.rawPayload.toString("utf8"), { bom: true })).toEqual([[...INVOICE_LINE_COLUMNS]]);
  });

  /** A stored timesheet as the export reads it, and when the office approved it. */
  async function storedTimesheet(
    id: string,
  ): Promise<{ form: InvoiceTimesheet & { customerId?: string }; approvedAt: string }> {
    const row = await testApp.database.db
      .selectFrom("forms")
      .select(["data", "review_approved_at"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    return { form: JSON.parse(row.data) as InvoiceTimesheet, approvedAt: row.review_approved_at ?? "" };
  }

  it("exports a line per customer, order number, plant and week ending, the sum of its timesheets' charge, typed text inert", async () => {
    const acme = await company();
    const lukasz = await member(acme, "driver");
    const sion = await member(acme, "driver");
    const added = await call("POST", `/api/organisations/${acme.id}/customers`, acme.admin.cookie, {
      name: "@SUM(A1) Civils",
      requiresOrderValidation: false,
    });
    expect(added.statusCode, added.body).toBe(201);
    const picked = (added.json() as { id: string }).id;
    // Two drivers on one machine for one order: a day shift with a breakdown and a standing Saturday, and a night
    // shift charged with overtime after 8 hours.
    const dayShift = await submittedWeek(lukasz, {
      ...FIVE_DAYS,
      customerId: picked,
      clientCompany: "typed, not used",
      orderNumber: "+44 PO-1",
      hireDays: kindsOf({
        wednesday: { breakdown: 4.5, breakdownReason: "hydraulics" },
        saturday: { standing: 4, standingReason: "weather" },
      }),
    });
    const nightShift = await submittedWeek(sion, {
      ...FIVE_DAYS,
      mondayStart: "06:00",
      mondayFinish: "18:30",
      customerId: picked,
      orderNumber: "+44 PO-1",
      hireTerms: { ...DEFAULT_HIRE_TERMS, overtimeAfter: 8 },
      hireDays: kindsOf({ tuesday: { standing: 2, standingReason: "clientInstruction" } }),
    });
    // A typed customer and order a spreadsheet would run, on another machine, travel charged.
    const typed = await submittedWeek(sion, {
      ...FIVE_DAYS,
      clientCompany: INJECTED_NOTES,
      orderNumber: "-7+1",
      plantNumber: "DUMP-7",
      hireTerms: { ...DEFAULT_HIRE_TERMS, chargeTravel: true },
      hireDays: kindsOf({ friday: { travel: 1.5 } }),
    });
    // A week from before hours by kind, for the same order and machine: a line of its own, without a charge.
    const before = await submittedWeek(lukasz, { ...FIVE_DAYS, customerId: picked, orderNumber: "+44 PO-1" });
    for (const id of [dayShift, nightShift, typed, before]) await approve(acme, acme.admin, id);
    // The night shift's week was approved last, after midnight in the UK: the line is dated by it.
    await testApp.database.db
      .updateTable("forms")
      .set({ review_approved_at: "2025-06-20T23:30:00.000Z" })
      .where("id", "=", nightShift)
      .execute();
    // Not exported: a week not approved on the same order.
    await submittedWeek(lukasz, {
      ...FIVE_DAYS,
      customerId: picked,
      orderNumber: "+44 PO-1",
      weekEnding: "2025-06-07",
    });

    const res = await download(acme, acme.admin, "invoice-lines.csv");
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(res.headers["content-disposition"]).toBe(
      'attachment; filename="plant-sheets-invoice-lines-2025-06-07-to-2025-06-14.csv"',
    );
    expect(res.headers["cache-control"]).toBe("no-store");
    expect([...res.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const [header, ...rows] = parse(res.rawPayload.toString("utf8"), { bom: true }) as string[][];
    expect(header).toEqual([...INVOICE_LINE_COLUMNS]);

    // The lines are the domain's of the stored timesheets, guarded as every CSV cell is.
    const stored = await Promise.all([dayShift, nightShift, typed, before].map(storedTimesheet));
    const expected = invoiceLines(
      stored.map(({ form, approvedAt }) => ({
        timesheet: form,
        approvedAt,
        customerName: form.customerId === picked ? "@SUM(A1) Civils" : null,
      })),
    );
    expect(rows).toEqual(expected.map((line) => asCsvText(invoiceLineCells(line))));
    const [charged, uncharged, typedLine] = rows;
    expect(rows).toHaveLength(3);

    // Every figure of the shared line is the sum of the two timesheets' charge as their PDFs print it.
    const charges = [stored[0], stored[1]].map((week) => timesheetCharge(week!.form) as TimesheetCharge);
    const named = {
      "Normal hours": "normal",
      "Overtime hours": "overtime",
      "Weekend hours": "weekend",
      "Standing hours": "standing",
    } as const;
    for (const [name, category] of Object.entries(named)) {
      const sum = charges.reduce((all, charge) => all + charge.week[category], 0);
      expect(Number(charged?.[lineColumn(name as keyof typeof named)]), name).toBe(sum);
    }
    // The day shift: 40.5 normal (Wednesday 4.5 worked, 4.5 broken down), 4 standing on Saturday. The night shift:
    // 39 normal, 7 overtime (Monday's 12 hours 4 of it, each other 9-hour day 1 but Tuesday, 7 worked and 2
    // standing). Net hours 45 and 48.
    expect(charged?.slice(4, 13)).toEqual(["79.5", "7", "0", "6", "92.5", "4.5", "93", "2", "2025-06-21"]);
    expect(Number(charged?.[lineColumn("Total chargeable hours")])).toBe(
      charges.reduce((all, charge) => all + totalChargeable(charge.week), 0),
    );
    expect(Number(charged?.[lineColumn("Breakdown hours (not charged)")])).toBe(
      charges.reduce((all, charge) => all + charge.breakdown, 0),
    );
    // The week from before hours by kind: its net hours and approval, no charge to price.
    expect(uncharged?.slice(4, 13)).toEqual(["", "", "", "", "", "", "45", "1", "2025-06-20"]);
    // Travel charged as worked time: Friday's 9 hours stay 9.
    expect(typedLine?.slice(4, 13)).toEqual(["45", "0", "0", "0", "45", "0", "45", "1", "2025-06-20"]);

    // What a stranger typed or named is inert: an apostrophe before it, nothing else changed.
    expect(charged?.slice(0, 4)).toEqual(["2025-06-14", "'@SUM(A1) Civils", "'+44 PO-1", "EX-042"]);
    expect(typedLine?.slice(0, 4)).toEqual(["2025-06-14", `'${INJECTED_NOTES}`, "'-7+1", "DUMP-7"]);

    // The workbook's sheet has the same lines, the typed text as typed in text cells, hours as numbers.
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(
      (await download(acme, acme.admin, "workbook.xlsx")).rawPayload as unknown as ArrayBuffer,
    );
    const sheet = workbook.getWorksheet("Invoice lines")!;
    expect(sheet.getRow(2).getCell(2).value).toBe("@SUM(A1) Civils");
    expect(sheet.getRow(2).getCell(2).type).toBe(ExcelJS.ValueType.String);
    expect(sheet.getRow(2).getCell(3).value).toBe("+44 PO-1");
    expect(sheet.getRow(2).getCell(5).value).toBe(79.5);
    expect(sheet.getRow(2).getCell(13).value).toEqual(new Date(Date.UTC(2025, 5, 21)));
    expect(sheet.getRow(2).getCell(13).numFmt).toBe(WORKBOOK_DATE_FORMAT);
    expect(sheet.getRow(4).getCell(2).value).toBe(INJECTED_NOTES);
    expect(sheet.getRow(4).getCell(2).formula).toBeUndefined();
  });

  it("adds a year of weeks up to the timesheets' charge, line by line and in all", {
    timeout: 240_000,
  }, async () => {
    // Three drivers' year of approved weeks ending on Saturdays, a generator seeded for repeatable variety: days
    // worked, standing (with or without times), broken down, travelling, off hire and at weekends, under terms with
    // and without overtime, travel, standing and the weekend's own category; now and then two drivers on one
    // machine and order, and a week from before hours by kind.
    const acme = await company();
    const drivers = [
      await member(acme, "driver"),
      await member(acme, "driver"),
      await member(acme, "driver"),
    ];
    let state = 20250614;
    const random = () => {
      state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0;
      return state / 2 ** 32;
    };
    const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
    const quarters = (most: number) => Math.floor(random() * (most * 4 + 1)) / 4;
    const TERMS: HireTerms[] = [
      DEFAULT_HIRE_TERMS,
      { ...DEFAULT_HIRE_TERMS, overtimeAfter: 8 },
      { ...DEFAULT_HIRE_TERMS, overtimeAfter: 9, chargeTravel: true },
      { ...DEFAULT_HIRE_TERMS, weekendSeparate: false, chargeStanding: false },
    ];
    const ids: string[] = [];
    const last = "2025-06-14";
    for (let week = 0; week < 52; week++) {
      const weekEnding = addDays(last, -7 * week) as string;
      for (const [index, driver] of drivers.entries()) {
        const fields: Record<string, unknown> = {
          weekEnding,
          driverSignedName: `Driver ${index}`,
          clientCompany: pick(["BuildCo", "Acme Civils", "Northern Rail JV"]),
          orderNumber: `PO-${week % 3}`,
          // The second driver often shares the first's machine: two timesheets on one line.
          plantNumber: index === 1 && random() < 0.4 ? "EX-0" : `EX-${index}`,
        };
        if (index === 1 && fields.plantNumber === "EX-0") fields.clientCompany = "BuildCo";
        if (index === 0) fields.clientCompany = "BuildCo";
        if (random() < 0.06) {
          // From before hours by kind: the times only.
          Object.assign(fields, FIVE_DAYS);
          ids.push(await submittedWeek(driver, fields));
          continue;
        }
        const days: Partial<Record<Day, Partial<DayKinds>>> = {};
        for (const day of DAYS) {
          const weekend = day === "saturday" || day === "sunday";
          const roll = random();
          if (roll < (weekend ? 0.6 : 0.05)) {
            days[day] = { onHire: !weekend || random() < 0.5 };
            continue;
          }
          if (roll < (weekend ? 0.7 : 0.12)) {
            // A whole day standing or broken down, without times.
            days[day] =
              random() < 0.5
                ? { standing: 8, standingReason: "weather" }
                : { breakdown: 8, breakdownReason: "engine" };
            continue;
          }
          // 07:00 to between 11:00 and 19:00, 30 minutes' break.
          const finish = 11 * 60 + 15 * Math.floor(random() * 33);
          fields[`${day}Start`] = "07:00";
          fields[`${day}Finish`] =
            `${String(Math.floor(finish / 60)).padStart(2, "0")}:${String(finish % 60).padStart(2, "0")}`;
          fields[`${day}Break`] = 30;
          const net = (finish - 7 * 60 - 30) / 60;
          const standing = random() < 0.2 ? Math.min(quarters(3), net) : 0;
          const breakdown = random() < 0.15 ? Math.min(quarters(4), net - standing) : 0;
          const travel = random() < 0.2 ? Math.min(quarters(1.5), net - standing - breakdown) : 0;
          days[day] = {
            standing,
            breakdown,
            travel,
            standingReason: standing > 0 ? "clientInstruction" : null,
            breakdownReason: breakdown > 0 ? "tracksOrTyres" : null,
          };
        }
        fields.hireDays = kindsOf(days);
        fields.hireTerms = pick(TERMS);
        ids.push(await submittedWeek(driver, fields));
      }
    }
    for (const id of ids) await approve(acme, acme.admin, id);

    const res = await download(acme, acme.admin, "invoice-lines.csv", `?from=2024-06-22&to=${last}`);
    expect(res.statusCode, res.body).toBe(200);
    const [header, ...rows] = parse(res.rawPayload.toString("utf8"), { bom: true }) as string[][];
    expect(header).toEqual([...INVOICE_LINE_COLUMNS]);
    const stored = await Promise.all(ids.map(storedTimesheet));
    const charges = stored.map(({ form }) => ({ form, charge: timesheetCharge(form) }));
    // The seed did what it meant to: every category and kind has hours somewhere, and some weeks have none.
    for (const category of CATEGORIES) {
      expect(
        charges.some(({ charge }) => (charge?.week[category] ?? 0) > 0),
        category,
      ).toBe(true);
    }
    expect(charges.some(({ charge }) => (charge?.breakdown ?? 0) > 0)).toBe(true);
    expect(charges.some(({ charge }) => charge === null)).toBe(true);

    // Each line against the stored timesheets behind it: same week ending, customer, order number and plant, and
    // charged or not alike.
    const number = (cell: string | undefined) => (cell === "" || cell === undefined ? null : Number(cell));
    let shared = 0;
    for (const row of rows) {
      const behind = charges.filter(
        ({ form, charge }) =>
          form.weekEnding === row[lineColumn("Week ending")] &&
          form.clientCompany === row[lineColumn("Customer")] &&
          form.orderNumber === row[lineColumn("Order number")] &&
          form.plantNumber === row[lineColumn("Plant")] &&
          (charge === null) === (row[lineColumn("Normal hours")] === ""),
      );
      expect(behind.length, row.join()).toBe(number(row[lineColumn("Timesheets")]));
      if (behind.length > 1) shared++;
      const isCharged = behind[0]?.charge !== null;
      const sumOf = (of: (charge: TimesheetCharge) => number) =>
        behind.reduce((all, { charge }) => all + (charge ? of(charge) : 0), 0);
      for (const [name, category] of [
        ["Normal hours", "normal"],
        ["Overtime hours", "overtime"],
        ["Weekend hours", "weekend"],
        ["Standing hours", "standing"],
      ] as const) {
        if (!isCharged) expect(row[lineColumn(name)]).toBe("");
        else
          expect(number(row[lineColumn(name)]), `${row.join()} ${name}`).toBeCloseTo(
            sumOf((c) => c.week[category]),
            9,
          );
      }
      if (isCharged) {
        expect(number(row[lineColumn("Total chargeable hours")])).toBeCloseTo(
          sumOf((c) => totalChargeable(c.week)),
          9,
        );
        expect(number(row[lineColumn("Breakdown hours (not charged)")])).toBeCloseTo(
          sumOf((c) => c.breakdown),
          9,
        );
      }
    }
    expect(shared, "lines of two timesheets").toBeGreaterThan(5);
    expect(rows.reduce((all, row) => all + Number(row[lineColumn("Timesheets")]), 0)).toBe(ids.length);

    // The column totals are the sum over every timesheet's charge.
    const columnTotal = (name: (typeof INVOICE_LINE_COLUMNS)[number]) =>
      rows.reduce((all, row) => all + (number(row[lineColumn(name)]) ?? 0), 0);
    const allCharges = charges.flatMap(({ charge }) => (charge ? [charge] : []));
    for (const [name, category] of [
      ["Normal hours", "normal"],
      ["Overtime hours", "overtime"],
      ["Weekend hours", "weekend"],
      ["Standing hours", "standing"],
    ] as const) {
      expect(columnTotal(name), name).toBeCloseTo(
        allCharges.reduce((all, charge) => all + charge.week[category], 0),
        6,
      );
    }
    expect(columnTotal("Total chargeable hours")).toBeCloseTo(
      allCharges.reduce((all, charge) => all + totalChargeable(charge.week), 0),
      6,
    );
    expect(columnTotal("Breakdown hours (not charged)")).toBeCloseTo(
      allCharges.reduce((all, charge) => all + charge.breakdown, 0),
      6,
    );

    // The workbook's sheet holds the same lines.
    const workbook = new ExcelJS.Workbook();
    const book = await download(acme, acme.admin, "workbook.xlsx", `?from=2024-06-22&to=${last}`);
    expect(book.statusCode).toBe(200);
    await workbook.xlsx.load(book.rawPayload as unknown as ArrayBuffer);
    const inSheet: string[][] = [];
    workbook.getWorksheet("Invoice lines")?.eachRow((row) => {
      const cells: string[] = [];
      for (let at = 1; at <= INVOICE_LINE_COLUMNS.length; at++) {
        const value = row.getCell(at).value;
        cells.push(
          value instanceof Date ? value.toISOString().slice(0, 10) : value === null ? "" : String(value),
        );
      }
      inSheet.push(cells);
    });
    expect(inSheet).toEqual([header, ...rows]);
  });

  it("reads the approved sets a batch at a time from where the last ended, missing and repeating none", async () => {
    const acme = await company();
    const drivers = [await member(acme, "driver"), await member(acme, "driver")];
    const ids: string[] = [];
    for (const weekEnding of ["2025-05-31", "2025-06-07", "2025-06-14"]) {
      for (const driver of drivers) {
        const id = await submittedWeek(driver, { weekEnding, mondayStart: "07:00", mondayFinish: "08:00" });
        await approve(acme, acme.admin, id);
        ids.push(id);
      }
    }
    const query = { from: "2025-05-31", to: "2025-06-14" };
    for (const batch of [1, 2, 4, 200]) {
      const seen: string[] = [];
      for await (const set of approvedSets(testApp.app.deps, acme.id, query, true, batch))
        seen.push(set.timesheet.id);
      expect(new Set(seen).size, `batch ${batch}`).toBe(ids.length);
      expect([...seen].sort()).toEqual([...ids].sort());
      const weeks = seen.map((id) => ids.indexOf(id) >> 1);
      expect(weeks).toEqual([...weeks].sort());
    }
  });

  it("refuses other companies (404), drivers and supervisors (403) and bad ranges (400), changing nothing", async () => {
    const w = await acmeWeeks();
    const before = await databaseSnapshot(testApp.database, { except: ["rate_limits"] });
    for (const file of ["hours.csv", "defects.csv", "invoice-lines.csv", "workbook.xlsx"]) {
      expect((await download(w.acme, undefined, file)).statusCode, file).toBe(401);
      const stranger = await download(w.acme, w.rival.admin, file);
      expect(stranger.statusCode, file).toBe(404);
      expect(stranger.body).not.toContain("Acme");
      expect((await download(w.acme, w.lukasz, file)).statusCode, file).toBe(403);
      expect((await download(w.acme, w.supervisor, file)).statusCode, file).toBe(403);
      // Another company's admin asking for their own company's id gets only their own weeks.
      const own = await download(w.rival, w.rival.admin, file === "workbook.xlsx" ? "hours.csv" : file);
      expect(own.body).not.toContain("Łukasz");
      expect(own.body).not.toContain("DUMP-7");
      for (const query of [
        "",
        "?from=2025-06-07",
        "?to=2025-06-14",
        "?from=2025-06-14&to=2025-06-07",
        "?from=2025-02-30&to=2025-06-14",
        "?from=07/06/2025&to=2025-06-14",
        "?from=2024-01-01&to=2025-06-14",
        `?from=${"9".repeat(5000)}&to=2025-06-14`,
      ]) {
        const res = await download(w.acme, w.acme.admin, file, query);
        expect(res.statusCode, `${file}${query.slice(0, 40)}`).toBe(400);
        expect(res.json().message).toMatch(/from|to/);
      }
      // A driver's bad range is refused for the role first: they learn nothing of the export.
      expect((await download(w.acme, w.lukasz, file, "?from=x")).statusCode).toBe(403);
    }
    expect(await databaseSnapshot(testApp.database, { except: ["rate_limits"] })).toEqual(before);
  });
});

describe.each(testDatabases())("the company's exports under load on $name", ({ open }) => {
  const MAX_ROWS = 40;
  const LARGE_COMPANY_WEEKS = 1000;
  const testApp = useTestApp(open, {
    now: () => NOW,
    env: () => ({ EXPORTS_PER_COMPANY: "2", EXPORT_MAX_ROWS: String(MAX_ROWS) }),
  });
  const { call } = testApp;
  const { company, member } = organisationHelpers(testApp);
  const { approvedWeek, copiesOf } = approvedWeeksHelpers(testApp);
  const db = () => testApp.database.db;

  const exportUrl = (of: Company, file: string) =>
    `/api/organisations/${of.id}/exports/${file}?from=2024-06-15&to=2025-06-14`;
  const heldSlots = async (of: Company) =>
    (await db().selectFrom("export_slots").selectAll().where("organisation_id", "=", of.id).execute()).length;

  it("refuses an export over the row cap with a message to narrow the range, never a file cut short", async () => {
    const acme = await company();
    const driver = await member(acme, "driver");
    // Eight weeks of five days: 40 rows of hours, the cap, and 7 invoice lines (two weeks end on one day); a ninth
    // week's day passes it.
    const week = await approvedWeek(acme, driver, 5);
    await copiesOf(week, 7);
    for (const file of ["hours.csv", "invoice-lines.csv"]) {
      const res = await call("GET", exportUrl(acme, file), acme.admin.cookie);
      expect(res.statusCode, `${file} ${res.body.slice(0, 200)}`).toBe(200);
    }
    // The workbook's sheets count together: 40 rows of hours and 7 invoice lines.
    const config = testApp.app.deps.config.exports;
    try {
      config.maxRows = 47;
      expect((await call("GET", exportUrl(acme, "workbook.xlsx"), acme.admin.cookie)).statusCode).toBe(200);
      config.maxRows = 46;
      expect((await call("GET", exportUrl(acme, "workbook.xlsx"), acme.admin.cookie)).statusCode).toBe(422);
    } finally {
      config.maxRows = MAX_ROWS;
    }
    await approvedWeek(acme, driver, 1);
    for (const file of ["hours.csv", "defects.csv", "invoice-lines.csv", "workbook.xlsx"]) {
      const res = await call("GET", exportUrl(acme, file), acme.admin.cookie);
      if (file === "defects.csv" || file === "invoice-lines.csv") {
        expect(res.statusCode, file).toBe(200);
        continue;
      }
      expect(res.statusCode, file).toBe(422);
      expect(res.headers["content-type"]).toMatch(/^application\/json/);
      expect(res.headers["content-disposition"]).toBeUndefined();
      expect(res.json()).toEqual({
        code: "unprocessable",
        message: english("apiError.exportTooManyRows", { maxRows: MAX_ROWS }),
        // The same words by the catalog's key, for the app to say in the reader's language.
        key: "apiError.exportTooManyRows",
        params: { maxRows: MAX_ROWS },
      });
      expect(res.json().message).toMatch(/narrow the date range/);
    }
    // Every slot is free again, refused or not.
    expect(await heldSlots(acme)).toBe(0);
  });

  it("lets a company make two exports at once across instances, answering 429 with Retry-After to a third", async () => {
    const acme = await company();
    const rival = await company("Rival Haulage Ltd");
    await approvedWeek(acme, await member(acme, "driver"), 2);
    // Two exports being made by other instances of the server: their slots are rows in the shared database.
    const future = new Date(NOW.getTime() + 60_000).toISOString();
    await db()
      .insertInto("export_slots")
      .values(
        [0, 1].map((slot) => ({ organisation_id: acme.id, slot, run_id: randomUUID(), expires_at: future })),
      )
      .execute();
    const before = await databaseSnapshot(testApp.database, { except: ["rate_limits"] });
    for (const file of ["hours.csv", "defects.csv", "invoice-lines.csv", "workbook.xlsx"]) {
      const res = await call("GET", exportUrl(acme, file), acme.admin.cookie);
      expect(res.statusCode, file).toBe(429);
      expect(Number(res.headers["retry-after"])).toBeGreaterThanOrEqual(1);
      expect(res.json()).toEqual({
        code: "rate_limited",
        message: english("apiError.exportsBusy", { limit: 2 }),
        key: "apiError.exportsBusy",
        params: { limit: 2 },
      });
    }
    expect(await databaseSnapshot(testApp.database, { except: ["rate_limits"] })).toEqual(before);
    // Another company's allowance is its own.
    expect((await call("GET", exportUrl(rival, "hours.csv"), rival.admin.cookie)).statusCode).toBe(200);

    // An instance that died holding a slot lets it go when its lease runs out.
    await db()
      .updateTable("export_slots")
      .set({ expires_at: NOW.toISOString() })
      .where("organisation_id", "=", acme.id)
      .where("slot", "=", 1)
      .execute();
    const res = await call("GET", exportUrl(acme, "hours.csv"), acme.admin.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(parse(res.rawPayload.toString("utf8"), { bom: true })).toHaveLength(3);
    expect(await heldSlots(acme)).toBe(1);
  });

  it("answers /api/health while four large workbooks are being built, the event loop turning as they go", {
    timeout: 240_000,
  }, async () => {
    // Two companies of 1,000 approved weeks (5,000 rows of hours each), each making two workbooks at once.
    const companies: Company[] = [];
    for (const name of ["Big Haulage Ltd", "Big Plant Ltd"]) {
      const of = await company(name);
      await copiesOf(await approvedWeek(of, await member(of, "driver"), 5), LARGE_COMPANY_WEEKS);
      companies.push(of);
    }
    testApp.app.deps.config.exports.maxRows = 1_000_000;
    try {
      // Counts the rows the workbooks write, and the most written between two turns of the event loop (each turn
      // a moment other requests are answered).
      const sheetWriter = Object.getPrototypeOf(
        new ExcelJS.stream.xlsx.WorkbookWriter({ stream: new PassThrough() }).addWorksheet("x"),
      ) as { addRow: (...args: unknown[]) => unknown };
      const addRow = sheetWriter.addRow;
      let rows = 0;
      sheetWriter.addRow = function (this: unknown, ...args: unknown[]) {
        rows += 1;
        return addRow.apply(this, args);
      };
      let mostRowsInOneTurn = 0;
      let rowsAtLastTurn = 0;
      let counting = true;
      const tick = () => {
        mostRowsInOneTurn = Math.max(mostRowsInOneTurn, rows - rowsAtLastTurn);
        rowsAtLastTurn = rows;
        if (counting) setImmediate(tick);
      };
      setImmediate(tick);
      const events: string[] = [];
      const exports = [...companies, ...companies].map(async (of, index) => {
        const res = await call("GET", exportUrl(of, "workbook.xlsx"), of.admin.cookie);
        expect(res.statusCode, `export ${index}: ${res.body.slice(0, 200)}`).toBe(200);
        events.push(`export ${index}`);
      });
      const health = call("GET", "/api/health").then((res) => {
        expect(res.statusCode).toBe(200);
        events.push("health");
      });
      await Promise.all([...exports, health]);
      counting = false;
      sheetWriter.addRow = addRow;
      // The health check, asked for after the four, came back before any of them was done...
      expect(events[0], events.join(", ")).toBe("health");
      // ...because each workbook lets the event loop turn every few rows, never running on for a batch of weeks.
      // Each workbook: 5 rows of hours a week, and an invoice line for each of the 50 week endings the weeks share.
      expect(rows).toBe(4 * (5 * (LARGE_COMPANY_WEEKS + 1) + 50));
      expect(mostRowsInOneTurn).toBeLessThanOrEqual(4 * 50);
    } finally {
      testApp.app.deps.config.exports.maxRows = MAX_ROWS;
    }
  });
});
