import type { Kysely } from "kysely";

/**
 * The office review at a company's scale (decision record 030). The review reads a company's timesheets newest
 * week first (ties by id), and then the page's drivers' forms around the page's weeks. With only the
 * (organisation, kind, updated_at, id) index, PostgreSQL read every timesheet of the company and sorted them for
 * each page (26,000 rows for a company of 500 drivers' year), and found the drivers' forms through their owner
 * index alone (all 312 forms of each driver's year, to keep 6). These hold the rows in the order the review asks:
 * a page reads its own rows, and a driver's forms of a few weeks are a range of the second.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex("forms_organisation_kind_date_id_idx")
    .on("forms")
    .columns(["organisation_id", "kind", "form_date", "id"])
    .execute();
  await db.schema
    .createIndex("forms_organisation_owner_date_idx")
    .on("forms")
    .columns(["organisation_id", "owner_id", "form_date"])
    .execute();
}
