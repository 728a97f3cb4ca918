import { randomUUID } from "node:crypto";
import type { ExpressionBuilder, Kysely, Selectable } from "kysely";
import { type WebhookEvent, webhookBody } from "../../domain/webhook";
import { dialectOf } from "./database";
import { DEFAULT_CLAIM_LEASE_MS } from "./outbox-repository";
import type { DB, OutboxStatus, WebhookOutboxTable } from "./schema";

/**
 * An organisation's webhook and the durable outbox of its deliveries (decision record 029). The outbox keeps the
 * mail outbox's guarantees with the same queries on a table of its own: a delivery is queued in the transaction
 * of the change it reports, so only committed changes are sent; workers claim due deliveries with a lease (FOR
 * UPDATE SKIP LOCKED on PostgreSQL, one UPDATE ... RETURNING on SQLite), renew it while calling, and record the
 * outcome only while they still hold the claim. Delivery is at least once: a worker that dies mid-call leaves its
 * claim to run out and another calls again, with the same delivery id.
 */

export interface OrganisationWebhook {
  organisationId: string;
  url: string;
  secret: string;
  createdAt: string;
  updatedAt: string;
  secretRotatedAt: string | null;
}

export interface WebhookDelivery {
  id: string;
  organisationId: string;
  event: WebhookEvent;
  /** The JSON body as signed; null once delivered. */
  body: string | null;
  status: OutboxStatus;
  attempts: number;
  nextAttemptAt: string;
  claimedBy: string | null;
  claimedUntil: string | null;
  lastStatus: string | null;
  createdAt: string;
  sentAt: string | null;
}

/** A status line is a line: an error's message or an answer's reason phrase, cut short. */
export const MAX_STATUS_LINE_LENGTH = 200;

function toDelivery(row: Selectable<WebhookOutboxTable>): WebhookDelivery {
  return {
    id: row.id,
    organisationId: row.organisation_id,
    event: row.event as WebhookEvent,
    body: row.body,
    status: row.status,
    attempts: row.attempts,
    nextAttemptAt: row.next_attempt_at,
    claimedBy: row.claimed_by,
    claimedUntil: row.claimed_until,
    lastStatus: row.last_status,
    createdAt: row.created_at,
    sentAt: row.sent_at,
  };
}

// ---- The webhook ------------------------------------------------------------------------------------------------

export async function getWebhook(
  db: Kysely<DB>,
  organisationId: string,
): Promise<OrganisationWebhook | undefined> {
  const row = await db
    .selectFrom("organisation_webhooks")
    .selectAll()
    .where("organisation_id", "=", organisationId)
    .executeTakeFirst();
  return (
    row && {
      organisationId: row.organisation_id,
      url: row.url,
      secret: row.secret,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
      secretRotatedAt: row.secret_rotated_at,
    }
  );
}

/**
 * Sets the organisation's webhook to `url`. A new one gets `secret` (true is answered); an existing one keeps its
 * own secret and only changes its address (false). Of two first PUTs at once, one makes it, the other changes it.
 */
export async function putWebhook(
  db: Kysely<DB>,
  organisationId: string,
  url: string,
  secret: string,
  now: Date,
): Promise<boolean> {
  const at = now.toISOString();
  const inserted = await db
    .insertInto("organisation_webhooks")
    .values({
      organisation_id: organisationId,
      url,
      secret,
      created_at: at,
      updated_at: at,
      secret_rotated_at: null,
    })
    .onConflict((oc) => oc.column("organisation_id").doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0n) > 0) return true;
  await db
    .updateTable("organisation_webhooks")
    .set({ url, updated_at: at })
    .where("organisation_id", "=", organisationId)
    .execute();
  return false;
}

/** Replaces the secret; false when the organisation has no webhook. */
export async function rotateWebhookSecret(
  db: Kysely<DB>,
  organisationId: string,
  secret: string,
  now: Date,
): Promise<boolean> {
  const at = now.toISOString();
  const result = await db
    .updateTable("organisation_webhooks")
    .set({ secret, updated_at: at, secret_rotated_at: at })
    .where("organisation_id", "=", organisationId)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/**
 * Removes the webhook and gives up its deliveries still waiting (kept as failed, with why); false when there was
 * none. A delivery being called at that moment finishes its call.
 */
export async function deleteWebhook(db: Kysely<DB>, organisationId: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const result = await trx
      .deleteFrom("organisation_webhooks")
      .where("organisation_id", "=", organisationId)
      .executeTakeFirst();
    if (result.numDeletedRows === 0n) return false;
    await trx
      .updateTable("webhook_outbox")
      .set({ status: "failed", body: null, last_status: WEBHOOK_REMOVED })
      .where("organisation_id", "=", organisationId)
      .where("status", "=", "queued")
      .execute();
    return true;
  });
}

export const WEBHOOK_REMOVED = "webhook removed before delivery";

/** The organisation's latest delivery, for the admin's view. */
export async function latestWebhookDelivery(
  db: Kysely<DB>,
  organisationId: string,
): Promise<WebhookDelivery | undefined> {
  const row = await db
    .selectFrom("webhook_outbox")
    .selectAll()
    .where("organisation_id", "=", organisationId)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
  return row && toDelivery(row);
}

// ---- The outbox -------------------------------------------------------------------------------------------------

/**
 * Queues one delivery of `event` with `data` to the organisation's webhook, due at once, when it has one; does
 * nothing otherwise. Pass the transaction (`trx`) of the change it reports, so it goes out only if that commits.
 * Answers the delivery's id, or null when there is no webhook.
 */
export async function enqueueWebhook(
  trx: Kysely<DB>,
  organisationId: string,
  event: WebhookEvent,
  data: object,
  now: Date,
): Promise<string | null> {
  const webhook = await trx
    .selectFrom("organisation_webhooks")
    .select("organisation_id")
    .where("organisation_id", "=", organisationId)
    .executeTakeFirst();
  if (!webhook) return null;
  const id = randomUUID();
  const createdAt = now.toISOString();
  await trx
    .insertInto("webhook_outbox")
    .values({
      id,
      organisation_id: organisationId,
      event,
      body: webhookBody({ id, event, createdAt, organisationId, data }),
      status: "queued",
      attempts: 0,
      next_attempt_at: createdAt,
      claimed_by: null,
      claimed_until: null,
      last_status: null,
      created_at: createdAt,
      sent_at: null,
    })
    .execute();
  return id;
}

export async function getWebhookDelivery(db: Kysely<DB>, id: string): Promise<WebhookDelivery | undefined> {
  const row = await db.selectFrom("webhook_outbox").selectAll().where("id", "=", id).executeTakeFirst();
  return row && toDelivery(row);
}

/** Due: queued and its time has come, or claimed by a worker whose lease ran out (it crashed or hung). */
function isDue(nowIso: string) {
  return (eb: ExpressionBuilder<DB, "webhook_outbox">) =>
    eb.or([
      eb.and([eb("status", "=", "queued"), eb("next_attempt_at", "<=", nowIso)]),
      eb.and([eb("status", "=", "sending"), eb("claimed_until", "<=", nowIso)]),
    ]);
}

/**
 * Claims up to `limit` due deliveries for `workerId` until now + lease, counting an attempt on each, oldest
 * first. Two workers never get the same one: the mail outbox's claim (claimBatch), on this table.
 */
export async function claimWebhookBatch(
  db: Kysely<DB>,
  workerId: string,
  limit: number,
  now: Date,
  leaseMs: number = DEFAULT_CLAIM_LEASE_MS,
): Promise<WebhookDelivery[]> {
  if (limit <= 0) return [];
  const nowIso = now.toISOString();
  const rows = await db
    // MATERIALIZED: PostgreSQL picks and locks the candidates once (see claimBatch).
    .with(
      (wb) => wb("candidates").materialized(),
      (qb) =>
        qb
          .selectFrom("webhook_outbox")
          .select("id")
          .where(isDue(nowIso))
          .orderBy("next_attempt_at")
          .orderBy("created_at")
          .orderBy("id")
          .limit(limit)
          .$if(dialectOf(db) === "postgres", (q) => q.forUpdate().skipLocked()),
    )
    .updateTable("webhook_outbox")
    .set((eb) => ({
      status: "sending",
      claimed_by: workerId,
      claimed_until: new Date(now.getTime() + leaseMs).toISOString(),
      attempts: eb("attempts", "+", 1),
    }))
    .where("id", "in", (eb) => eb.selectFrom("candidates").select("candidates.id"))
    .where(isDue(nowIso))
    .returningAll()
    .execute();
  return rows
    .map(toDelivery)
    .sort(
      (a, b) =>
        a.nextAttemptAt.localeCompare(b.nextAttemptAt) ||
        a.createdAt.localeCompare(b.createdAt) ||
        a.id.localeCompare(b.id),
    );
}

/** Extends `workerId`'s claim to now + lease; false when another worker has taken the delivery over. */
export async function renewWebhookClaim(
  db: Kysely<DB>,
  id: string,
  workerId: string,
  now: Date,
  leaseMs: number = DEFAULT_CLAIM_LEASE_MS,
): Promise<boolean> {
  const result = await db
    .updateTable("webhook_outbox")
    .set({ claimed_until: new Date(now.getTime() + leaseMs).toISOString() })
    .where("id", "=", id)
    .where("claimed_by", "=", workerId)
    .where("status", "=", "sending")
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Records delivery (with the receiver's status line) and drops the body; false when the claim was lost. */
export async function markWebhookSent(
  db: Kysely<DB>,
  id: string,
  workerId: string,
  statusLine: string,
  now: Date,
): Promise<boolean> {
  const result = await db
    .updateTable("webhook_outbox")
    .set({
      status: "sent",
      sent_at: now.toISOString(),
      claimed_until: null,
      last_status: statusLine.slice(0, MAX_STATUS_LINE_LENGTH),
      body: null,
    })
    .where("id", "=", id)
    .where("claimed_by", "=", workerId)
    .where("status", "=", "sending")
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/**
 * Records a failed attempt: with `retryAt` the delivery is queued again for then; with null it is given up
 * (failed, its body dropped). False when the worker no longer holds the claim.
 */
export async function markWebhookFailed(
  db: Kysely<DB>,
  id: string,
  workerId: string,
  failure: { statusLine: string; retryAt: Date | null },
): Promise<boolean> {
  const result = await db
    .updateTable("webhook_outbox")
    .set({
      status: failure.retryAt ? "queued" : "failed",
      ...(failure.retryAt ? { next_attempt_at: failure.retryAt.toISOString() } : { body: null }),
      claimed_until: null,
      last_status: failure.statusLine.slice(0, MAX_STATUS_LINE_LENGTH),
    })
    .where("id", "=", id)
    .where("claimed_by", "=", workerId)
    .where("status", "=", "sending")
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Deletes delivered and given-up deliveries created before `before` (retention); returns how many. */
export async function purgeWebhookOutbox(db: Kysely<DB>, before: Date): Promise<number> {
  const result = await db
    .deleteFrom("webhook_outbox")
    .where("status", "in", ["sent", "failed"])
    .where("created_at", "<", before.toISOString())
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
