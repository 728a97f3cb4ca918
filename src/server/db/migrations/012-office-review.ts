import type { Kysely } from "kysely";

/**
 * Office review (issue 19, decision record 029). A company's supervisor or admin approves a driver's submitted
 * week: each form of the set records who approved it, when and with what rating, and an approved form is locked
 * against the driver's saves. Or they send a form back to its driver with a reason, which the driver's own read
 * of the form shows until the next approval.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const column of [
    "review_approved_at",
    "review_approved_by",
    "review_rating",
    "sent_back_reason",
    "sent_back_at",
    "sent_back_by",
  ]) {
    await db.schema.alterTable("forms").addColumn(column, "text").execute();
  }
}
