import type { Kysely } from "kysely";

/**
 * The office review filters a week by its state (decision record 040), which its check sheets share: the query
 * finds a timesheet's check sheets as pairing does, by the driver and plant keys of migration 021. That migration
 * gave keys to a company's timesheets only; its check sheets got theirs when next saved. These are the keys of
 * the company's check sheets saved before it, normalised as a save writes them.
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
  // biome-ignore lint/suspicious/noExplicitAny: a migration works on the tables as they are at this point
  const q = db as Kysely<any>;
  let after = "";
  for (;;) {
    const rows: FormRow[] = await q
      .selectFrom("forms")
      .select(["id", "driver_signed_name", "plant_number", "data"])
      .where("organisation_id", "is not", null)
      .where("kind", "=", "check-sheet")
      .where("driver_key", "is", null)
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
}
