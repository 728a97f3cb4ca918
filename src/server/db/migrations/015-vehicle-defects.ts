import type { Kysely } from "kysely";

/**
 * Defects reported on a company's vehicles (decision record 029): one row per check sheet that reported any, kept
 * as the vehicle's history. The vehicle is "defect reported" while a row of it is not fixed; an admin marks it
 * fixed with who, when and a note. The check sheet is the key, so a sheet sent again (a replay, a resubmission
 * after a send-back) reports once, and the database decides a race.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("vehicle_defects")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("check_sheet_id", "text", (c) => c.notNull().unique())
    .addColumn("organisation_id", "text", (c) =>
      c.notNull().references("organisations.id").onDelete("cascade"),
    )
    // The vehicle by its QR code, as the fleet keys it; no FK, so the history outlives a vehicle's removal.
    .addColumn("qr_code", "text", (c) => c.notNull())
    .addColumn("check_date", "text", (c) => c.notNull())
    .addColumn("driver_name", "text", (c) => c.notNull())
    /** JSON: the labels of the items marked as defects, in form order. */
    .addColumn("items", "text", (c) => c.notNull())
    .addColumn("notes", "text")
    .addColumn("reported_at", "text", (c) => c.notNull())
    .addColumn("fixed_at", "text")
    .addColumn("fixed_by", "text")
    .addColumn("fixed_by_name", "text")
    .addColumn("fixed_note", "text")
    .execute();
  await db.schema
    .createIndex("vehicle_defects_organisation_vehicle_idx")
    .on("vehicle_defects")
    .columns(["organisation_id", "qr_code", "reported_at"])
    .execute();
}
