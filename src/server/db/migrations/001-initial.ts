import { type Kysely, sql } from "kysely";

/**
 * The first schema of the product. Written only with Kysely's schema builder and types both dialects share
 * (text, integer) so this one file runs on SQLite and PostgreSQL. See schema.ts for the representations.
 *
 * Append-only: once released, this file never changes; later changes go in 002-..., 003-... .
 * There is no `down`: we fix forward, and a rollback that drops tables would lose signed forms.
 * The database type is `unknown` on purpose: a migration must not depend on the current DB interface,
 * which will keep changing after this file is frozen.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("accounts")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("full_name", "text", (col) => col.notNull())
    .addColumn("email", "text", (col) => col.notNull())
    .addColumn("email_normalized", "text", (col) => col.notNull().unique())
    .addColumn("password_hash", "text", (col) => col.notNull())
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("updated_at", "text", (col) => col.notNull())
    .execute();

  await db.schema
    .createTable("sessions")
    .addColumn("token_hash", "text", (col) => col.primaryKey())
    .addColumn("account_id", "text", (col) => col.notNull().references("accounts.id").onDelete("cascade"))
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("expires_at", "text", (col) => col.notNull())
    .execute();
  // PostgreSQL does not index foreign keys by itself; cascades and "sign out everywhere" need these.
  await db.schema.createIndex("sessions_account_id_idx").on("sessions").column("account_id").execute();
  await db.schema.createIndex("sessions_expires_at_idx").on("sessions").column("expires_at").execute();

  await db.schema
    .createTable("password_resets")
    .addColumn("token_hash", "text", (col) => col.primaryKey())
    .addColumn("account_id", "text", (col) => col.notNull().references("accounts.id").onDelete("cascade"))
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("expires_at", "text", (col) => col.notNull())
    .addColumn("used_at", "text")
    .execute();
  await db.schema
    .createIndex("password_resets_account_id_idx")
    .on("password_resets")
    .column("account_id")
    .execute();

  await db.schema
    .createTable("customers")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("name", "text", (col) => col.notNull())
    .addColumn("requires_order_validation", "integer", (col) =>
      col.notNull().defaultTo(0).check(sql`requires_order_validation in (0, 1)`),
    )
    .execute();

  await db.schema
    .createTable("vehicles")
    .addColumn("qr_code", "text", (col) => col.primaryKey())
    .addColumn("machine_number", "text", (col) => col.notNull())
    .addColumn("plant_number", "text", (col) => col.notNull())
    .addColumn("vehicle_type", "text", (col) => col.notNull())
    .addColumn("description", "text", (col) => col.notNull().defaultTo(""))
    .execute();

  for (const [table, dateColumn] of [
    ["timesheets", "week_ending"],
    ["check_sheets", "check_date"],
  ] as const) {
    await db.schema
      .createTable(table)
      .addColumn("id", "text", (col) => col.primaryKey())
      // Deleting an account erases its forms (GDPR erasure); anonymous forms have no owner.
      .addColumn("owner_id", "text", (col) => col.references("accounts.id").onDelete("cascade"))
      .addColumn("status", "text", (col) => col.notNull())
      .addColumn("driver_signed_name", "text")
      .addColumn("plant_number", "text")
      .addColumn(dateColumn, "text")
      // No FK: a form keeps the customer the driver picked even if the reference list is reorganised.
      .addColumn("customer_id", "text")
      .addColumn("order_number", "text")
      .addColumn("view_token", "text", (col) => col.unique())
      .addColumn("data", "text", (col) => col.notNull())
      .addColumn("created_at", "text", (col) => col.notNull())
      .addColumn("updated_at", "text", (col) => col.notNull())
      .addColumn("submitted_at", "text")
      .addColumn("completed_at", "text")
      .execute();
    // Serves every list the app shows: an owner's drafts / completed forms, newest first.
    await db.schema
      .createIndex(`${table}_owner_status_updated_idx`)
      .on(table)
      .columns(["owner_id", "status", "updated_at"])
      .execute();
  }

  await db.schema
    .createTable("photos")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("owner_id", "text", (col) => col.references("accounts.id").onDelete("cascade"))
    .addColumn("form_id", "text")
    .addColumn("storage_key", "text", (col) => col.notNull().unique())
    .addColumn("content_type", "text", (col) => col.notNull())
    .addColumn("bytes", "integer", (col) => col.notNull())
    .addColumn("sha256", "text", (col) => col.notNull())
    .addColumn("created_at", "text", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("photos_form_id_idx").on("photos").column("form_id").execute();
  await db.schema.createIndex("photos_owner_id_idx").on("photos").column("owner_id").execute();

  await db.schema
    .createTable("supervisor_approvals")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("owner_id", "text", (col) => col.references("accounts.id").onDelete("cascade"))
    .addColumn("timesheet_id", "text", (col) => col.notNull().references("timesheets.id").onDelete("cascade"))
    .addColumn("check_sheet_ids", "text", (col) => col.notNull())
    .addColumn("client_name", "text")
    .addColumn("client_signature", "text")
    .addColumn("foreman_name", "text")
    .addColumn("foreman_signature", "text")
    .addColumn("approved_at", "text")
    .addColumn("notes", "text")
    .addColumn("rating", "text")
    .addColumn("rating_notes", "text")
    .addColumn("rated_at", "text")
    .addColumn("status", "text", (col) => col.notNull())
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("updated_at", "text", (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex("supervisor_approvals_timesheet_id_idx")
    .on("supervisor_approvals")
    .column("timesheet_id")
    .execute();
  await db.schema
    .createIndex("supervisor_approvals_owner_id_idx")
    .on("supervisor_approvals")
    .column("owner_id")
    .execute();

  await db.schema
    .createTable("mail_outbox")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("to_addresses", "text", (col) => col.notNull())
    .addColumn("subject", "text", (col) => col.notNull())
    .addColumn("text_body", "text")
    .addColumn("html_body", "text")
    .addColumn("attachments", "text")
    .addColumn("status", "text", (col) => col.notNull())
    .addColumn("attempts", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("next_attempt_at", "text", (col) => col.notNull())
    .addColumn("claimed_by", "text")
    .addColumn("claimed_until", "text")
    .addColumn("last_error", "text")
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("sent_at", "text")
    .execute();
  // The worker's claim query: due messages by status and time.
  await db.schema
    .createIndex("mail_outbox_status_next_attempt_idx")
    .on("mail_outbox")
    .columns(["status", "next_attempt_at"])
    .execute();

  await db.schema
    .createTable("idempotency_keys")
    .addColumn("scope", "text", (col) => col.notNull())
    .addColumn("key", "text", (col) => col.notNull())
    .addColumn("request_hash", "text", (col) => col.notNull())
    .addColumn("status", "text", (col) => col.notNull())
    .addColumn("response_status", "integer")
    .addColumn("response_body", "text")
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("expires_at", "text", (col) => col.notNull())
    .addPrimaryKeyConstraint("idempotency_keys_pk", ["scope", "key"])
    .execute();
  await db.schema
    .createIndex("idempotency_keys_expires_at_idx")
    .on("idempotency_keys")
    .column("expires_at")
    .execute();

  await db.schema
    .createTable("audit_events")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("form_type", "text", (col) => col.notNull())
    .addColumn("form_id", "text", (col) => col.notNull())
    .addColumn("account_id", "text")
    .addColumn("action", "text", (col) => col.notNull())
    .addColumn("ip", "text")
    .addColumn("user_agent", "text")
    .addColumn("details", "text")
    .addColumn("created_at", "text", (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex("audit_events_form_idx")
    .on("audit_events")
    .columns(["form_type", "form_id", "created_at"])
    .execute();
}
