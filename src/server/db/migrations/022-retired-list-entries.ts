import type { Kysely } from "kysely";

/**
 * A company's customers and machines can be retired (decision record 029): kept, so that the forms made with them
 * still show them, but left out of what drivers pick from. Null is in use, which every row already stored is.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of ["customers", "vehicles"]) {
    await db.schema.alterTable(table).addColumn("retired_at", "text").execute();
  }
}
