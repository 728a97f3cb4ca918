import { type Kysely, PostgresAdapter, sql } from "kysely";

/**
 * The office review's filters in the database, and the company exports counted there (decision record 039).
 *
 * - `forms` gets the review's filter keys: the driver's name, the plant number, the site and the customer as typed,
 *   normalised as the review compares them (any case, surrounding and doubled spaces). Two indexes hold a
 *   company's timesheets per driver and per plant in the review's order, so a page filtered by the start of a
 *   driver's name or a plant number is one range of an index. The keys of the timesheets already
 *   in a company are filled in here; other forms are never reviewed and keep none until they are saved.
 * - `export_slots` holds the exports of a company being made, one row per slot taken, with a lease that runs out
 *   if the instance making it dies, so every instance counts the same exports at once.
 *
 * Frozen once released, like every migration: the normalisation is written out here, not taken from the app.
 */
const normalise = (text: unknown): string =>
  typeof text === "string" ? text.trim().replace(/\s+/g, " ").toLowerCase() : "";

const BACKFILL_BATCH = 500;

interface FormRow {
  id: string;
  driver_signed_name: string | null;
  plant_number: string | null;
  data: string;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  // The review reads a range of keys that start with a filter: they must compare by code point, which SQLite's
  // binary order does and PostgreSQL's does in collation "C" (a language's collation may skip spaces and marks).
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  for (const column of ["driver_key", "plant_key", "site_key", "customer_key"]) {
    await db.schema
      .alterTable("forms")
      .addColumn(column, "text", (c) => (postgres ? c.modifyEnd(sql`collate "C"`) : c))
      .execute();
  }

  // biome-ignore lint/suspicious/noExplicitAny: a migration works on the tables as they are at this point
  const q = db as Kysely<any>;
  let after = "";
  for (;;) {
    const rows: FormRow[] = await q
      .selectFrom("forms")
      .select(["id", "driver_signed_name", "plant_number", "data"])
      .where("organisation_id", "is not", null)
      .where("kind", "=", "timesheet")
      .where("id", ">", after)
      .orderBy("id")
      .limit(BACKFILL_BATCH)
      .execute();
    for (const row of rows) {
      const fields = JSON.parse(row.data) as Record<string, unknown>;
      await q
        .updateTable("forms")
        .set({
          driver_key: normalise(row.driver_signed_name),
          plant_key: normalise(row.plant_number),
          site_key: normalise(fields.siteLocation),
          customer_key: normalise(fields.clientCompany),
        })
        .where("id", "=", row.id)
        .execute();
    }
    const last = rows.at(-1);
    if (!last || rows.length < BACKFILL_BATCH) break;
    after = last.id;
  }

  await db.schema
    .createIndex("forms_organisation_kind_driver_date_idx")
    .on("forms")
    .columns(["organisation_id", "kind", "driver_key", "form_date", "id"])
    .execute();
  await db.schema
    .createIndex("forms_organisation_kind_plant_date_idx")
    .on("forms")
    .columns(["organisation_id", "kind", "plant_key", "form_date", "id"])
    .execute();

  await db.schema
    .createTable("export_slots")
    .addColumn("organisation_id", "text", (c) =>
      c.notNull().references("organisations.id").onDelete("cascade"),
    )
    .addColumn("slot", "integer", (c) => c.notNull())
    /** The export holding the slot (a random id of that request). */
    .addColumn("run_id", "text", (c) => c.notNull())
    /** ISO-8601: when the slot is free again if its export has not renewed it (its instance died). */
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("export_slots_pkey", ["organisation_id", "slot"])
    .execute();
}
