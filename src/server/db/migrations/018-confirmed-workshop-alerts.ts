import type { Kysely } from "kysely";

/**
 * Defect alerts only to a confirmed workshop address, and within limits (decision record 038).
 *
 * `organisations` keeps whether someone at the workshop address confirmed it by the mailed link, and the newest
 * link sent: its token's hash (the token itself is only in the mail), when it runs out and when it was sent. A new
 * address clears the confirmation. An address stored before this is kept, unconfirmed: nothing is mailed to it
 * until someone there confirms a link the admin sends.
 *
 * Past the company's hourly cap, a report is kept but not mailed on its own: it joins the summary of that hour,
 * one row per company and hour naming its queued mail, which is rewritten as reports join and sent when the hour
 * ends. `vehicle_defects.summary_hour` says which hour's summary carries a report.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const column of [
    "workshop_confirmed_at",
    "workshop_link_sent_at",
    "workshop_token_hash",
    "workshop_token_expires_at",
  ]) {
    await db.schema.alterTable("organisations").addColumn(column, "text").execute();
  }
  await db.schema
    .createIndex("organisations_workshop_token_hash_idx")
    .on("organisations")
    .column("workshop_token_hash")
    .unique()
    .execute();

  await db.schema.alterTable("vehicle_defects").addColumn("summary_hour", "text").execute();
  await db.schema
    .createTable("defect_alert_summaries")
    .addColumn("organisation_id", "text", (c) =>
      c.notNull().references("organisations.id").onDelete("cascade"),
    )
    .addColumn("hour_start", "text", (c) => c.notNull())
    // The queued summary mail; no FK, as the outbox purges its old rows.
    .addColumn("mail_id", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("defect_alert_summaries_pk", ["organisation_id", "hour_start"])
    .execute();
  await db.schema
    .createIndex("vehicle_defects_organisation_summary_idx")
    .on("vehicle_defects")
    .columns(["organisation_id", "summary_hour"])
    .execute();
}
