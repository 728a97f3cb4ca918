import type { Kysely } from "kysely";

/**
 * The company layer on top of individual accounts: organisations, who belongs to which with what role, and the
 * invitations that let an account join. Forms made by a member after joining, and a company's own customers
 * and vehicles, name their organisation; null everywhere is what existed before (an individual driver's forms,
 * the shared seeded lists), so nothing already stored changes meaning.
 *
 * Roles are plain text without a CHECK, as every enumeration here (see schema.ts): the routes parse them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("organisations")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("workshop_email", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();

  // The account is the key: an account belongs to at most one organisation, and the database decides a race.
  await db.schema
    .createTable("memberships")
    .addColumn("account_id", "text", (c) => c.primaryKey().references("accounts.id").onDelete("cascade"))
    .addColumn("organisation_id", "text", (c) =>
      c.notNull().references("organisations.id").onDelete("cascade"),
    )
    .addColumn("role", "text", (c) => c.notNull())
    .addColumn("joined_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("memberships_organisation_role_idx")
    .on("memberships")
    .columns(["organisation_id", "role"])
    .execute();

  // Only the token's SHA-256 is kept. A null email is a join code shown as a QR code rather than mailed.
  await db.schema
    .createTable("invites")
    .addColumn("token_hash", "text", (c) => c.primaryKey())
    .addColumn("organisation_id", "text", (c) =>
      c.notNull().references("organisations.id").onDelete("cascade"),
    )
    .addColumn("email", "text")
    .addColumn("role", "text", (c) => c.notNull())
    // No FK: who invited, and who used it, outlive the accounts as a record.
    .addColumn("created_by", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addColumn("used_at", "text")
    .addColumn("used_by", "text")
    .execute();
  await db.schema
    .createIndex("invites_organisation_id_idx")
    .on("invites")
    .column("organisation_id")
    .execute();
  await db.schema.createIndex("invites_expires_at_idx").on("invites").column("expires_at").execute();

  // No cascade: an organisation that holds forms, customers or vehicles cannot be deleted from under them.
  for (const table of ["forms", "customers", "vehicles"]) {
    await db.schema
      .alterTable(table)
      .addColumn("organisation_id", "text", (c) => c.references("organisations.id"))
      .execute();
  }
  // The organisation's forms of one kind, newest first: the list its supervisors and admins page through.
  await db.schema
    .createIndex("forms_organisation_kind_updated_id_idx")
    .on("forms")
    .columns(["organisation_id", "kind", "updated_at", "id"])
    .execute();
  await db.schema
    .createIndex("customers_organisation_id_idx")
    .on("customers")
    .column("organisation_id")
    .execute();
  await db.schema
    .createIndex("vehicles_organisation_id_idx")
    .on("vehicles")
    .column("organisation_id")
    .execute();
}
