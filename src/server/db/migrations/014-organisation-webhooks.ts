import type { Kysely } from "kysely";

/**
 * An organisation's signed webhook and its durable outbox (decision record 029). `organisation_webhooks` holds
 * at most one address per organisation and the secret its calls are signed with, kept as the server needs it to
 * sign (an HMAC cannot be made from a hash of its key). `webhook_outbox` is the mail outbox's twin: a delivery
 * is queued in the transaction of the change it reports and claimed with a lease by one worker at a time; its
 * body is dropped once delivered, and only a short status line of the receiver's answer is kept.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("organisation_webhooks")
    .addColumn("organisation_id", "text", (c) =>
      c.primaryKey().references("organisations.id").onDelete("cascade"),
    )
    .addColumn("url", "text", (c) => c.notNull())
    .addColumn("secret", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addColumn("secret_rotated_at", "text")
    .execute();

  await db.schema
    .createTable("webhook_outbox")
    .addColumn("id", "text", (c) => c.primaryKey())
    // No FK: a delivery's record outlives the webhook it was for.
    .addColumn("organisation_id", "text", (c) => c.notNull())
    .addColumn("event", "text", (c) => c.notNull())
    .addColumn("body", "text")
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("next_attempt_at", "text", (c) => c.notNull())
    .addColumn("claimed_by", "text")
    .addColumn("claimed_until", "text")
    .addColumn("last_status", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("sent_at", "text")
    .execute();
  // The worker's claim query: due deliveries by status and time.
  await db.schema
    .createIndex("webhook_outbox_status_next_attempt_idx")
    .on("webhook_outbox")
    .columns(["status", "next_attempt_at"])
    .execute();
  // The admin's view: the organisation's latest delivery.
  await db.schema
    .createIndex("webhook_outbox_organisation_created_idx")
    .on("webhook_outbox")
    .columns(["organisation_id", "created_at"])
    .execute();
}
