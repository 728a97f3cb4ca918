import { randomUUID } from "node:crypto";
import type { Kysely, Selectable } from "kysely";
import { deliveryQueue, markAttemptFailed, markDelivered } from "../delivery/delivery-queue";
import type { DB, MailOutboxTable, OutboxStatus } from "./schema";

/**
 * The durable mail outbox, a delivery queue (delivery/delivery-queue) of its own. A service enqueues mail inside the
 * transaction of the change it reports, so mail goes out only for writes that committed; workers claim due
 * messages, send them and mark the outcome.
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

/** The mail outbox's queue, for its worker. */
export const mailOutbox = deliveryQueue("mail_outbox", toMessage);

/**
 * Claims up to `limit` due messages for `workerId` until now + lease, counting an attempt on each, and returns
 * them oldest first; two workers never get the same message (delivery-queue's claimDue).
 */
export const claimBatch = mailOutbox.claim;

/**
 * Extends `workerId`'s claim on one message to now + lease. False when the worker no longer holds it (its lease
 * ran out and another worker took the message over): it must not be sent then.
 */
export const renewClaim = mailOutbox.renew;

/**
 * Records delivery and drops the content (bodies and attachments), keeping recipients and subject as the
 * record of what went out. False when the worker no longer holds the claim (its lease expired and another
 * worker took the message over).
 */
export function markSent(db: Kysely<DB>, id: string, workerId: string, now: Date): Promise<boolean> {
  return markDelivered(db, "mail_outbox", id, workerId, now, {
    last_error: null,
    text_body: null,
    html_body: null,
    attachments: null,
  });
}

/**
 * Records a failed attempt: with `retryAt` the message is queued again for that time; with null it is given up
 * (status failed) and kept for inspection. False when the worker no longer holds the claim.
 */
export function markFailed(
  db: Kysely<DB>,
  id: string,
  workerId: string,
  failure: { error: string; retryAt: Date | null },
): Promise<boolean> {
  return markAttemptFailed(db, "mail_outbox", id, workerId, failure.retryAt, {
    last_error: failure.error.slice(0, MAX_ERROR_LENGTH),
  });
}

/** Deletes sent and given-up messages created before `before` (retention); returns how many. */
export const purgeOutbox = mailOutbox.purge;
