import type { Kysely } from "kysely";

/**
 * Lists of forms are read a page at a time, newest first with ties broken by id: these indexes hold the rows in
 * exactly that order, per owner (all statuses) and per owner and status, so a page reads only its own rows and
 * nothing is sorted. They replace the (owner, status, updated_at) index, which they cover.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of ["timesheets", "check_sheets"]) {
    await db.schema
      .createIndex(`${table}_owner_status_updated_id_idx`)
      .on(table)
      .columns(["owner_id", "status", "updated_at", "id"])
      .execute();
    await db.schema
      .createIndex(`${table}_owner_updated_id_idx`)
      .on(table)
      .columns(["owner_id", "updated_at", "id"])
      .execute();
    await db.schema.dropIndex(`${table}_owner_status_updated_idx`).execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ["timesheets", "check_sheets"]) {
    await db.schema
      .createIndex(`${table}_owner_status_updated_idx`)
      .on(table)
      .columns(["owner_id", "status", "updated_at"])
      .execute();
    await db.schema.dropIndex(`${table}_owner_updated_id_idx`).execute();
    await db.schema.dropIndex(`${table}_owner_status_updated_id_idx`).execute();
  }
}
