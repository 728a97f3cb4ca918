import { createHash, randomUUID } from "node:crypto";
import { type Kysely, PostgresAdapter, sql } from "kysely";

/**
 * One table for every form type, and drawn signatures stored beside the forms instead of inside them.
 *
 * - `forms` replaces `timesheets` and `check_sheets`: the same columns, the date in `form_date`, the type in
 *   `kind` ("timesheet", "check-sheet"), so a new form type needs no table of its own.
 * - `images` holds each distinct signature once, named by the SHA-256 of its PNG bytes; `image_uses` says which
 *   form or stored set holds it, for access checks and for letting go of images nothing holds. A form's JSON
 *   and a set's signature columns hold the image's address, `/api/images/{sha256}`.
 * - `supervisor_approvals` is made anew to refer to `forms`, and the stored sets copied into it.
 *
 * Nothing is lost: every row is copied, and a signature whose base64 text is not the exact encoding of its bytes
 * (which a browser never sends, but a hand-made request could have) stays in the form as it was, so the
 * fingerprint of every signed form is unchanged. A check sheet whose id is also a timesheet's (possible only by
 * a hand-made request, as ids are random UUIDs) is given a new id, and the audit trail records the change.
 *
 * Frozen once released, like every migration: it uses no code of the app that may change later.
 */

const BATCH = 200;
const PNG_DATA_URL_PREFIX = "data:image/png;base64,";
const IMAGE_PATH_PREFIX = "/api/images/";
const SIGNATURE_FIELDS = ["operatorSignature", "clientSignature"] as const;

// biome-ignore lint/suspicious/noExplicitAny: a migration sees the database as it was then, not as DB types it now.
type AnyDB = Kysely<any>;

export async function up(db: Kysely<unknown>): Promise<void> {
  const q = db as AnyDB;
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;

  await q.schema
    .createTable("forms")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("kind", "text", (col) => col.notNull())
    .addColumn("owner_id", "text", (col) => col.references("accounts.id").onDelete("cascade"))
    .addColumn("status", "text", (col) => col.notNull())
    .addColumn("driver_signed_name", "text")
    .addColumn("plant_number", "text")
    .addColumn("customer_id", "text")
    .addColumn("order_number", "text")
    .addColumn("form_date", "text")
    .addColumn("view_token", "text", (col) => col.unique())
    .addColumn("data", "text", (col) => col.notNull())
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("updated_at", "text", (col) => col.notNull())
    .addColumn("submitted_at", "text")
    .addColumn("completed_at", "text")
    .execute();
  // The lists: an owner's forms of one kind, newest first (ties by id), of any status or of one.
  await q.schema
    .createIndex("forms_owner_kind_status_updated_id_idx")
    .on("forms")
    .columns(["owner_id", "kind", "status", "updated_at", "id"])
    .execute();
  await q.schema
    .createIndex("forms_owner_kind_updated_id_idx")
    .on("forms")
    .columns(["owner_id", "kind", "updated_at", "id"])
    .execute();

  await q.schema
    .createTable("images")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("content_type", "text", (col) => col.notNull())
    .addColumn("bytes", postgres ? "bytea" : "blob", (col) => col.notNull())
    .addColumn("byte_length", "integer", (col) => col.notNull())
    .addColumn("created_at", "text", (col) => col.notNull())
    .execute();
  await q.schema
    .createTable("image_uses")
    .addColumn("holder_id", "text", (col) => col.notNull())
    .addColumn("image_id", "text", (col) => col.notNull().references("images.id"))
    .addPrimaryKeyConstraint("image_uses_pk", ["holder_id", "image_id"])
    .execute();
  await q.schema.createIndex("image_uses_image_id_idx").on("image_uses").column("image_id").execute();

  const now = new Date().toISOString();
  const timesheetIds = new Set<string>();
  for (const [table, kind, dateColumn] of [
    ["timesheets", "timesheet", "week_ending"],
    ["check_sheets", "check-sheet", "check_date"],
  ] as const) {
    let after = "";
    for (;;) {
      const rows = await q
        .selectFrom(table)
        .selectAll()
        .where("id", ">", after)
        .orderBy("id")
        .limit(BATCH)
        .execute();
      if (rows.length === 0) break;
      for (const row of rows) {
        let id: string = row.id;
        if (kind === "timesheet") timesheetIds.add(id);
        else if (timesheetIds.has(id)) {
          id = randomUUID();
          await q
            .insertInto("audit_events")
            .values({
              id: randomUUID(),
              form_type: kind,
              form_id: id,
              account_id: null,
              action: "rekey",
              ip: null,
              user_agent: null,
              details: JSON.stringify({ formerId: row.id, reason: "a timesheet has the same id" }),
              created_at: now,
            })
            .execute();
        }
        const data = JSON.parse(row.data) as Record<string, unknown>;
        for (const field of SIGNATURE_FIELDS) {
          const ref = await storeImage(q, id, data[field], now);
          if (ref) data[field] = ref;
        }
        await q
          .insertInto("forms")
          .values({
            id,
            kind,
            owner_id: row.owner_id,
            status: row.status,
            driver_signed_name: row.driver_signed_name,
            plant_number: row.plant_number,
            customer_id: row.customer_id,
            order_number: row.order_number,
            form_date: row[dateColumn],
            view_token: row.view_token,
            data: JSON.stringify(data),
            created_at: row.created_at,
            updated_at: row.updated_at,
            submitted_at: row.submitted_at,
            completed_at: row.completed_at,
          })
          .execute();
      }
      after = rows[rows.length - 1]!.id;
    }
  }

  // Made anew to refer to `forms` (SQLite cannot re-point a foreign key); the old one is renamed out of the way.
  await q.schema.alterTable("supervisor_approvals").renameTo("supervisor_approvals_before_006").execute();
  await q.schema.dropIndex("supervisor_approvals_timesheet_id_idx").execute();
  await q.schema.dropIndex("supervisor_approvals_owner_id_idx").execute();
  await q.schema
    .createTable("supervisor_approvals")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("owner_id", "text", (col) => col.references("accounts.id").onDelete("cascade"))
    .addColumn("timesheet_id", "text", (col) => col.notNull().references("forms.id").onDelete("cascade"))
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
  for (const row of await q.selectFrom("supervisor_approvals_before_006").selectAll().execute()) {
    const clientRef = await storeImage(q, row.id, row.client_signature, now);
    const foremanRef = await storeImage(q, row.id, row.foreman_signature, now);
    await q
      .insertInto("supervisor_approvals")
      .values({
        ...row,
        client_signature: clientRef ?? row.client_signature,
        foreman_signature: foremanRef ?? row.foreman_signature,
      })
      .execute();
  }
  await q.schema.dropTable("supervisor_approvals_before_006").execute();
  await q.schema.dropTable("timesheets").execute();
  await q.schema.dropTable("check_sheets").execute();
  await q.schema
    .createIndex("supervisor_approvals_timesheet_id_idx")
    .on("supervisor_approvals")
    .column("timesheet_id")
    .execute();
  await q.schema
    .createIndex("supervisor_approvals_owner_id_idx")
    .on("supervisor_approvals")
    .column("owner_id")
    .execute();
  if (postgres) await sql`analyze`.execute(q);
}

/**
 * Stores a signature's PNG once and records that `holderId` uses it; returns its address, or null when the value
 * is not a PNG data URL whose base64 is exactly the encoding of its bytes (it is then kept as it was).
 */
async function storeImage(q: AnyDB, holderId: string, value: unknown, now: string): Promise<string | null> {
  if (typeof value !== "string" || !value.startsWith(PNG_DATA_URL_PREFIX)) return null;
  const base64 = value.slice(PNG_DATA_URL_PREFIX.length);
  const bytes = Buffer.from(base64, "base64");
  if (bytes.toString("base64") !== base64) return null;
  const id = createHash("sha256").update(bytes).digest("hex");
  await q
    .insertInto("images")
    .values({ id, content_type: "image/png", bytes, byte_length: bytes.length, created_at: now })
    .onConflict((oc) => oc.column("id").doNothing())
    .execute();
  await q
    .insertInto("image_uses")
    .values({ holder_id: holderId, image_id: id })
    .onConflict((oc) => oc.columns(["holder_id", "image_id"]).doNothing())
    .execute();
  return `${IMAGE_PATH_PREFIX}${id}`;
}
