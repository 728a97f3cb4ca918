import { randomUUID } from "node:crypto";
import type { ExpressionBuilder, Kysely, Selectable } from "kysely";
import { dialectOf } from "./database";
import type { DB, MailOutboxTable, OutboxStatus } from "./schema";

/**
 * The durable mail outbox. A service enqueues mail inside the transaction of the change it reports, so mail
 * goes out only for writes that committed; workers claim due messages, send them and mark the outcome.
 * Delivery is at least once: a worker that dies mid-send leaves its claim to expire and another retries, so
 * the one message it was sending may go out twice, with the same Message-ID (the row's id).
 */

/** An attachment carried inline (base64) or by a key in photo/PDF storage. */
export type MailAttachment = { filename: string; contentType: string } & (
  | { contentBase64: string }
  | { storageKey: string }
);

export interface OutgoingMail {
  to: readonly string[];
  subject: string;
  text: string;
  html?: string | null;
  attachments?: readonly MailAttachment[];
}

export interface OutboxMessage {
  id: string;
  to: string[];
  subject: string;
  /** Null after sending: the content is dropped once delivered. */
  text: string | null;
  html: string | null;
  attachments: MailAttachment[];
  status: OutboxStatus;
  attempts: number;
  nextAttemptAt: string;
  claimedBy: string | null;
  claimedUntil: string | null;
  lastError: string | null;
  createdAt: string;
  sentAt: string | null;
}

/**
 * How long a claim lasts before another worker may take the message over, unless the caller says. The worker
 * renews it before each send and every third of it while one runs, so only a dead (or a minute-long stalled)
 * worker loses it: after a crash its messages wait at most this long.
 */
export const DEFAULT_CLAIM_LEASE_MS = 60_000;

const MAX_ERROR_LENGTH = 2000;

function toMessage(row: Selectable<MailOutboxTable>): OutboxMessage {
  return {
    id: row.id,
    to: JSON.parse(row.to_addresses) as string[],
    subject: row.subject,
    text: row.text_body,
    html: row.html_body,
    attachments: row.attachments ? (JSON.parse(row.attachments) as MailAttachment[]) : [],
    status: row.status,
    attempts: row.attempts,
    nextAttemptAt: row.next_attempt_at,
    claimedBy: row.claimed_by,
    claimedUntil: row.claimed_until,
    lastError: row.last_error,
    createdAt: row.created_at,
    sentAt: row.sent_at,
  };
}

/** The columns a message's content fills. */
function contentColumns(mail: OutgoingMail) {
  if (mail.to.length === 0) throw new Error("a message needs at least one recipient");
  return {
    to_addresses: JSON.stringify(mail.to),
    subject: mail.subject,
    text_body: mail.text,
    html_body: mail.html ?? null,
    attachments: mail.attachments?.length ? JSON.stringify(mail.attachments) : null,
  };
}

/**
 * Queues a message, due at once unless `notBefore` says later. Pass the transaction (`trx`) of the change it
 * reports. Returns its id (`id` when given, a new one otherwise).
 */
export async function enqueueMail(
  db: Kysely<DB>,
  mail: OutgoingMail,
  now: Date = new Date(),
  { id = randomUUID(), notBefore = now }: { id?: string; notBefore?: Date } = {},
): Promise<string> {
  const timestamp = now.toISOString();
  await db
    .insertInto("mail_outbox")
    .values({
      id,
      ...contentColumns(mail),
      status: "queued",
      attempts: 0,
      next_attempt_at: notBefore.toISOString(),
      claimed_by: null,
      claimed_until: null,
      last_error: null,
      created_at: timestamp,
      sent_at: null,
    })
    .execute();
  return id;
}

/**
 * Rewrites a message that no worker has taken yet (one queued for later, say): false, changing nothing, once one
 * has. On PostgreSQL the row stays locked until the transaction ends, so a worker's claim skips it meanwhile.
 */
export async function replaceQueuedMail(db: Kysely<DB>, id: string, mail: OutgoingMail): Promise<boolean> {
  const result = await db
    .updateTable("mail_outbox")
    .set(contentColumns(mail))
    .where("id", "=", id)
    .where("status", "=", "queued")
    .where("attempts", "=", 0)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function getOutboxMessage(db: Kysely<DB>, id: string): Promise<OutboxMessage | undefined> {
  const row = await db.selectFrom("mail_outbox").selectAll().where("id", "=", id).executeTakeFirst();
  return row && toMessage(row);
}

/** Due: queued and its time has come, or claimed by a worker whose lease ran out (it crashed or hung). */
function isDue(nowIso: string) {
  return (eb: ExpressionBuilder<DB, "mail_outbox">) =>
    eb.or([
      eb.and([eb("status", "=", "queued"), eb("next_attempt_at", "<=", nowIso)]),
      eb.and([eb("status", "=", "sending"), eb("claimed_until", "<=", nowIso)]),
    ]);
}

/**
 * Claims up to `limit` due messages for `workerId` until now + lease, counting an attempt on each, and
 * returns them oldest first. Two workers never get the same message: on PostgreSQL the candidates are
 * locked with FOR UPDATE SKIP LOCKED (a competing claimer skips them instead of waiting and double-claiming),
 * and SQLite runs the whole claim as one UPDATE ... RETURNING under its single write lock.
 */
export async function claimBatch(
  db: Kysely<DB>,
  workerId: string,
  limit: number,
  now: Date,
  leaseMs: number = DEFAULT_CLAIM_LEASE_MS,
): Promise<OutboxMessage[]> {
  if (limit <= 0) return [];
  const nowIso = now.toISOString();
  const rows = await db
    // MATERIALIZED makes PostgreSQL pick and lock the candidates exactly once. As a plain `IN (subquery)` the
    // planner may rescan it per row, and each rescan skips the rows this very UPDATE has just changed, so the
    // LIMIT stops limiting (seen in the tests: a batch of 2 claimed 4).
    .with(
      (wb) => wb("candidates").materialized(),
      (qb) =>
        qb
          .selectFrom("mail_outbox")
          .select("id")
          .where(isDue(nowIso))
          .orderBy("next_attempt_at")
          .orderBy("created_at")
          .orderBy("id")
          .limit(limit)
          .$if(dialectOf(db) === "postgres", (q) => q.forUpdate().skipLocked()),
    )
    .updateTable("mail_outbox")
    .set((eb) => ({
      status: "sending",
      claimed_by: workerId,
      claimed_until: new Date(now.getTime() + leaseMs).toISOString(),
      attempts: eb("attempts", "+", 1),
    }))
    .where("id", "in", (eb) => eb.selectFrom("candidates").select("candidates.id"))
    // Checked again on the locked row: PostgreSQL re-reads it after any wait, so a stale candidate is skipped.
    .where(isDue(nowIso))
    .returningAll()
    .execute();
  // RETURNING has no order; the worker should send the oldest first.
  return rows
    .map(toMessage)
    .sort(
      (a, b) =>
        a.nextAttemptAt.localeCompare(b.nextAttemptAt) ||
        a.createdAt.localeCompare(b.createdAt) ||
        a.id.localeCompare(b.id),
    );
}

/**
 * Extends `workerId`'s claim on one message to now + lease. False when the worker no longer holds it (its lease
 * ran out and another worker took the message over): it must not be sent then.
 */
export async function renewClaim(
  db: Kysely<DB>,
  id: string,
  workerId: string,
  now: Date,
  leaseMs: number = DEFAULT_CLAIM_LEASE_MS,
): Promise<boolean> {
  const result = await db
    .updateTable("mail_outbox")
    .set({ claimed_until: new Date(now.getTime() + leaseMs).toISOString() })
    .where("id", "=", id)
    .where("claimed_by", "=", workerId)
    .where("status", "=", "sending")
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/**
 * Records delivery and drops the content (bodies and attachments), keeping recipients and subject as the
 * record of what went out. False when the worker no longer holds the claim (its lease expired and another
 * worker took the message over).
 */
export async function markSent(db: Kysely<DB>, id: string, workerId: string, now: Date): Promise<boolean> {
  const result = await db
    .updateTable("mail_outbox")
    .set({
      status: "sent",
      sent_at: now.toISOString(),
      claimed_until: null,
      last_error: null,
      text_body: null,
      html_body: null,
      attachments: null,
    })
    .where("id", "=", id)
    .where("claimed_by", "=", workerId)
    .where("status", "=", "sending")
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/**
 * Records a failed attempt: with `retryAt` the message is queued again for that time; with null it is given up
 * (status failed) and kept for inspection. False when the worker no longer holds the claim.
 */
export async function markFailed(
  db: Kysely<DB>,
  id: string,
  workerId: string,
  failure: { error: string; retryAt: Date | null },
): Promise<boolean> {
  const result = await db
    .updateTable("mail_outbox")
    .set({
      status: failure.retryAt ? "queued" : "failed",
      ...(failure.retryAt ? { next_attempt_at: failure.retryAt.toISOString() } : {}),
      claimed_until: null,
      last_error: failure.error.slice(0, MAX_ERROR_LENGTH),
    })
    .where("id", "=", id)
    .where("claimed_by", "=", workerId)
    .where("status", "=", "sending")
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Deletes sent and given-up messages created before `before` (retention); returns how many. */
export async function purgeOutbox(db: Kysely<DB>, before: Date): Promise<number> {
  const result = await db
    .deleteFrom("mail_outbox")
    .where("status", "in", ["sent", "failed"])
    .where("created_at", "<", before.toISOString())
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
