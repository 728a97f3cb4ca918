import { type Kysely, sql } from "kysely";
import type { DefectReport, VehicleDefect } from "../../domain/checks/vehicle-defects";
import type { DB } from "./schema";

/** A company vehicle as a defect report names it. */
export interface CompanyVehicle {
  qrCode: string;
  machineNumber: string;
  plantNumber: string;
  description: string;
}

/**
 * The vehicle of the fleet `listOwner` names (the shared list for null) that a check sheet's plant number names: by
 * plant number or QR code, without case, as the driver may have typed either. Undefined for a machine that is not
 * on that fleet.
 */
export async function findFleetVehicle(
  db: Kysely<DB>,
  listOwner: string | null,
  plantNumber: string,
): Promise<CompanyVehicle | undefined> {
  const typed = plantNumber.trim().toLowerCase();
  if (typed === "") return undefined;
  const row = await db
    .selectFrom("vehicles")
    .select(["qr_code", "machine_number", "plant_number", "description"])
    .where("organisation_id", listOwner === null ? "is" : "=", listOwner)
    .where((eb) =>
      eb.or([eb(sql<string>`lower(plant_number)`, "=", typed), eb(sql<string>`lower(qr_code)`, "=", typed)]),
    )
    .orderBy("qr_code")
    .executeTakeFirst();
  return (
    row && {
      qrCode: row.qr_code,
      machineNumber: row.machine_number,
      plantNumber: row.plant_number,
      description: row.description,
    }
  );
}

export interface NewDefectReport extends DefectReport {
  id: string;
  checkSheetId: string;
  organisationId: string;
  qrCode: string;
  checkDate: string;
  driverName: string;
}

/** Records a check sheet's report; false when that sheet has reported already (a replay, a resubmission). */
export async function insertDefectReport(
  db: Kysely<DB>,
  report: NewDefectReport,
  now: Date,
): Promise<boolean> {
  const result = await db
    .insertInto("vehicle_defects")
    .values({
      id: report.id,
      check_sheet_id: report.checkSheetId,
      organisation_id: report.organisationId,
      qr_code: report.qrCode,
      check_date: report.checkDate,
      driver_name: report.driverName,
      items: JSON.stringify(report.items),
      notes: report.notes,
      stood_down: report.stoodDown ? 1 : 0,
      reported_at: now.toISOString(),
    })
    .onConflict((oc) => oc.column("check_sheet_id").doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
}

/** Every defect reported on the company's vehicles, newest first: each vehicle's history. */
export async function listVehicleDefects(db: Kysely<DB>, organisationId: string): Promise<VehicleDefect[]> {
  const rows = await db
    .selectFrom("vehicle_defects")
    .selectAll()
    .where("organisation_id", "=", organisationId)
    .orderBy("reported_at", "desc")
    .orderBy("id")
    .execute();
  return rows.map((row) => ({
    id: row.id,
    checkSheetId: row.check_sheet_id,
    qrCode: row.qr_code,
    checkDate: row.check_date,
    driverName: row.driver_name,
    items: JSON.parse(row.items) as string[],
    notes: row.notes,
    stoodDown: row.stood_down === 1,
    reportedAt: row.reported_at,
    fixed:
      row.fixed_at === null
        ? null
        : { at: row.fixed_at, by: row.fixed_by_name ?? "", note: row.fixed_note ?? "" },
  }));
}

/** Marks a company's open defect fixed: false when it is not the company's, or was fixed already. */
export async function markDefectFixed(
  db: Kysely<DB>,
  organisationId: string,
  defectId: string,
  fix: { by: string; byName: string; note: string },
  now: Date,
): Promise<boolean> {
  const result = await db
    .updateTable("vehicle_defects")
    .set({ fixed_at: now.toISOString(), fixed_by: fix.by, fixed_by_name: fix.byName, fixed_note: fix.note })
    .where("id", "=", defectId)
    .where("organisation_id", "=", organisationId)
    .where("fixed_at", "is", null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/**
 * The summary of a company's held-back reports of one hour: its queued mail's id. The first report of the hour
 * makes the row with `mailId` (the caller then queues that mail); a later one finds it, and on PostgreSQL holds
 * it until its transaction ends, so the reports of one hour join its summary one at a time and each rewrite of
 * the mail counts every report before it.
 */
export async function claimAlertSummary(
  db: Kysely<DB>,
  organisationId: string,
  hourStart: Date,
  mailId: string,
): Promise<{ mailId: string; created: boolean }> {
  const row = await db
    .insertInto("defect_alert_summaries")
    .values({ organisation_id: organisationId, hour_start: hourStart.toISOString(), mail_id: mailId })
    .onConflict((oc) =>
      oc
        .columns(["organisation_id", "hour_start"])
        .doUpdateSet({ mail_id: (eb) => eb.ref("defect_alert_summaries.mail_id") }),
    )
    .returning("mail_id")
    .executeTakeFirstOrThrow();
  return { mailId: row.mail_id, created: row.mail_id === mailId };
}

/** Puts a report in the summary of the hour starting at `hourStart`. */
export async function holdForSummary(db: Kysely<DB>, reportId: string, hourStart: Date): Promise<void> {
  await db
    .updateTable("vehicle_defects")
    .set({ summary_hour: hourStart.toISOString() })
    .where("id", "=", reportId)
    .execute();
}

/** The reports in a company's summary of one hour, counted by machine, the most reported first. */
export async function heldReportsByMachine(
  db: Kysely<DB>,
  organisationId: string,
  hourStart: Date,
): Promise<Array<{ plantNumber: string; machineNumber: string; reports: number }>> {
  const rows = await db
    .selectFrom("vehicle_defects")
    .leftJoin("vehicles", "vehicles.qr_code", "vehicle_defects.qr_code")
    .select((eb) => [
      "vehicle_defects.qr_code",
      "vehicles.plant_number",
      "vehicles.machine_number",
      eb.fn.countAll<number | string>().as("reports"),
    ])
    .where("vehicle_defects.organisation_id", "=", organisationId)
    .where("vehicle_defects.summary_hour", "=", hourStart.toISOString())
    .groupBy(["vehicle_defects.qr_code", "vehicles.plant_number", "vehicles.machine_number"])
    .execute();
  return rows
    .map((row) => ({
      plantNumber: row.plant_number ?? row.qr_code,
      machineNumber: row.machine_number ?? "",
      reports: Number(row.reports),
    }))
    .sort((a, b) => b.reports - a.reports || a.plantNumber.localeCompare(b.plantNumber));
}

/** Summaries of hours that began before `before`: their mail has long been taken, and no report joins them. */
export async function deleteOldAlertSummaries(db: Kysely<DB>, before: Date): Promise<number> {
  const result = await db
    .deleteFrom("defect_alert_summaries")
    .where("hour_start", "<", before.toISOString())
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** When each of these check sheets' defects was marked fixed, by check sheet; a sheet whose defect is open is absent. */
export async function defectFixTimes(
  db: Kysely<DB>,
  checkSheetIds: readonly string[],
): Promise<Map<string, string>> {
  if (checkSheetIds.length === 0) return new Map();
  const rows = await db
    .selectFrom("vehicle_defects")
    .select(["check_sheet_id", "fixed_at"])
    .where("check_sheet_id", "in", checkSheetIds)
    .where("fixed_at", "is not", null)
    .execute();
  return new Map(rows.map((row) => [row.check_sheet_id, row.fixed_at as string]));
}
