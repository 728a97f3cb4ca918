import type { Kysely } from "kysely";

/**
 * A company webhook's calls as its admins read them (decision record 034). `webhook_attempts` keeps one row per
 * call (the delivery and its event, what came of it as one word of a closed set, the answer's status if there was
 * one, when), the latest 50 per organisation. `webhook_outbox.last_status` now holds that word too, with the
 * answer's status in `last_http_status`: it held the socket's own text before ("connect ECONNREFUSED
 * 127.0.0.1:9445", "self-signed certificate"), which told an admin what answered where inside the server's
 * network. Those lines are rewritten here into the word they mean, and the text is gone.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("webhook_attempts")
    .addColumn("id", "text", (c) => c.primaryKey())
    // No foreign key: rows are written by workers that may finish a call after the webhook was removed, and the
    // removal deletes them itself.
    .addColumn("organisation_id", "text", (c) => c.notNull())
    .addColumn("delivery_id", "text", (c) => c.notNull())
    .addColumn("event", "text", (c) => c.notNull())
    /** The delivery's attempt number in its series (a resend starts a new series). */
    .addColumn("attempt", "integer", (c) => c.notNull())
    .addColumn("outcome", "text", (c) => c.notNull())
    .addColumn("http_status", "integer")
    .addColumn("attempted_at", "text", (c) => c.notNull())
    .execute();
  // The history, newest first, and its pruning: both by organisation and time.
  await db.schema
    .createIndex("webhook_attempts_organisation_attempted_idx")
    .on("webhook_attempts")
    .columns(["organisation_id", "attempted_at"])
    .execute();

  await db.schema.alterTable("webhook_outbox").addColumn("last_http_status", "integer").execute();

  const old = db as unknown as Kysely<{
    webhook_outbox: { id: string; last_status: string | null; last_http_status: number | null };
  }>;
  const rows = await old
    .selectFrom("webhook_outbox")
    .select(["id", "last_status"])
    .where("last_status", "is not", null)
    .execute();
  for (const row of rows) {
    const { outcome, httpStatus } = outcomeOfLine(row.last_status ?? "");
    await old
      .updateTable("webhook_outbox")
      .set({ last_status: outcome, last_http_status: httpStatus })
      .where("id", "=", row.id)
      .execute();
  }
}

/**
 * The word a status line of before this migration means. Kept here, apart from the domain's rules, so this
 * migration does the same on every database whenever it runs.
 */
function outcomeOfLine(line: string): { outcome: string; httpStatus: number | null } {
  const answer = /^HTTP (\d{3})\b/.exec(line);
  if (answer) {
    const status = Number(answer[1]);
    const outcome =
      status >= 200 && status < 300 ? "delivered" : status >= 300 && status < 400 ? "redirected" : "answered";
    return { outcome, httpStatus: status };
  }
  if (line === "webhook removed before delivery") return { outcome: "webhook-removed", httpStatus: null };
  if (line.startsWith("no answer within")) return { outcome: "no-answer", httpStatus: null };
  if (line === "address refused" || /ENOTFOUND|EAI_AGAIN/.test(line)) {
    return { outcome: "not-found", httpStatus: null };
  }
  if (/certificate|CERT|TLS|SSL|EPROTO/i.test(line)) return { outcome: "refused-by-tls", httpStatus: null };
  return { outcome: "could-not-connect", httpStatus: null };
}
