import { randomUUID } from "node:crypto";
import type { Kysely, Selectable, SelectQueryBuilder } from "kysely";
import {
  WEBHOOK_HISTORY_LENGTH,
  type WebhookAttemptView,
  type WebhookEvent,
  type WebhookOutcome,
  webhookBody,
} from "../../domain/company/webhook";
import { deliveryQueue, markAttemptFailed, markDelivered } from "../delivery/delivery-queue";
import type { DB, OutboxStatus, WebhookOutboxTable } from "./schema";

/**
 * An organisation's webhook and the durable outbox of its deliveries (decision record 029). The outbox is a
 * delivery queue (delivery/delivery-queue) on a table of its own, with the mail outbox's guarantees: a delivery is
 * queued in the transaction of the change it reports, so only committed changes are sent; workers claim due
 * deliveries with a lease, renew it while calling, and record the outcome only while they still hold the claim.
 * Delivery is at least once: a worker that dies mid-call leaves its claim to run out and another calls again, with
 * the same delivery id.
 *
 * Each call is recorded as one word of what came of it (domain/webhook's WEBHOOK_OUTCOMES) and the answer's status,
 * on the delivery and in the organisation's history of its latest calls (migration 019), never the socket's text.
 * A delivery given up keeps its body, so an admin can send it again; maintenance drops it with the row.
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
  /** The JSON body as signed; null once delivered, or given up because the webhook was removed. */
  body: string | null;
  status: OutboxStatus;
  attempts: number;
  nextAttemptAt: string;
  claimedBy: string | null;
  claimedUntil: string | null;
  /** What came of the last attempt; null before the first. */
  lastOutcome: WebhookOutcome | null;
  lastHttpStatus: number | null;
  createdAt: string;
  sentAt: string | null;
}

/** What came of one call: a word of WEBHOOK_OUTCOMES, and the answer's status when there was an answer. */
export interface AttemptResult {
  outcome: WebhookOutcome;
  httpStatus: number | null;
}

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
    lastOutcome: row.last_status as WebhookOutcome | null,
    lastHttpStatus: row.last_http_status,
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
 * none. Its history goes with it, and no delivery of it can be sent again (their bodies are dropped). A delivery
 * being called at that moment finishes its call.
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
      .set({ status: "failed", body: null, last_status: WEBHOOK_REMOVED, last_http_status: null })
      .where("organisation_id", "=", organisationId)
      .where("status", "=", "queued")
      .execute();
    await trx
      .updateTable("webhook_outbox")
      .set({ body: null })
      .where("organisation_id", "=", organisationId)
      .where("status", "=", "failed")
      .execute();
    await trx.deleteFrom("webhook_attempts").where("organisation_id", "=", organisationId).execute();
    return true;
  });
}

export const WEBHOOK_REMOVED: WebhookOutcome = "webhook-removed";

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
      last_http_status: null,
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

/** The webhook outbox's queue, for its worker. */
export const webhookOutbox = deliveryQueue("webhook_outbox", toDelivery);

/**
 * Claims up to `limit` due deliveries for `workerId` until now + lease, counting an attempt on each, oldest
 * first; two workers never get the same one (delivery-queue's claimDue).
 */
export const claimWebhookBatch = webhookOutbox.claim;

/** Extends `workerId`'s claim to now + lease; false when another worker has taken the delivery over. */
export const renewWebhookClaim = webhookOutbox.renew;

/**
 * Adds a call to its organisation's history and lets the oldest go past WEBHOOK_HISTORY_LENGTH. Pass the
 * transaction that records the call on its delivery. A call that finishes after its webhook was removed is not
 * kept: the history is the webhook's.
 */
async function recordAttempt(
  trx: Kysely<DB>,
  delivery: WebhookDelivery,
  result: AttemptResult,
  at: Date,
): Promise<void> {
  const organisationId = delivery.organisationId;
  const webhook = await trx
    .selectFrom("organisation_webhooks")
    .select("organisation_id")
    .where("organisation_id", "=", organisationId)
    .executeTakeFirst();
  if (!webhook) return;
  await trx
    .insertInto("webhook_attempts")
    .values({
      id: randomUUID(),
      organisation_id: organisationId,
      delivery_id: delivery.id,
      event: delivery.event,
      attempt: delivery.attempts,
      outcome: result.outcome,
      http_status: result.httpStatus,
      attempted_at: at.toISOString(),
    })
    .execute();
  await trx
    .deleteFrom("webhook_attempts")
    .where("organisation_id", "=", organisationId)
    .where("id", "not in", (eb) =>
      newestFirst(
        eb.selectFrom("webhook_attempts").select("id").where("organisation_id", "=", organisationId),
      ).limit(WEBHOOK_HISTORY_LENGTH),
    )
    .execute();
}

/** The history's order: by time, then (for calls of one moment) the later attempt, then the id. */
function newestFirst<Q extends SelectQueryBuilder<DB, "webhook_attempts", object>>(query: Q): Q {
  return query
    .orderBy("webhook_attempts.attempted_at", "desc")
    .orderBy("webhook_attempts.attempt", "desc")
    .orderBy("webhook_attempts.id", "desc") as Q;
}

/**
 * Records delivery (what came of the call: "delivered" and the answer's status), drops the body and adds the call
 * to the history; false when the claim was lost (and nothing is recorded).
 */
export async function markWebhookSent(
  db: Kysely<DB>,
  delivery: WebhookDelivery,
  workerId: string,
  result: AttemptResult,
  now: Date,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const updated = await markDelivered(trx, "webhook_outbox", delivery.id, workerId, now, {
      last_status: result.outcome,
      last_http_status: result.httpStatus,
      body: null,
    });
    if (!updated) return false;
    await recordAttempt(trx, delivery, result, now);
    return true;
  });
}

/**
 * Records a failed attempt and adds it to the history: with `retryAt` the delivery is queued again for then; with
 * null it is given up (failed, its body kept so that an admin can send it again). False when the worker no longer
 * holds the claim (and nothing is recorded).
 */
export async function markWebhookFailed(
  db: Kysely<DB>,
  delivery: WebhookDelivery,
  workerId: string,
  failure: { result: AttemptResult; retryAt: Date | null; now: Date },
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const updated = await markAttemptFailed(trx, "webhook_outbox", delivery.id, workerId, failure.retryAt, {
      last_status: failure.result.outcome,
      last_http_status: failure.result.httpStatus,
    });
    if (!updated) return false;
    await recordAttempt(trx, delivery, failure.result, failure.now);
    return true;
  });
}

/**
 * The organisation's latest calls, newest first (at most WEBHOOK_HISTORY_LENGTH). The latest call of a delivery
 * that was given up and still has its body is `resendable`.
 */
export async function webhookHistory(db: Kysely<DB>, organisationId: string): Promise<WebhookAttemptView[]> {
  const rows = await newestFirst(
    db
      .selectFrom("webhook_attempts")
      .leftJoin("webhook_outbox", "webhook_outbox.id", "webhook_attempts.delivery_id")
      .select([
        "webhook_attempts.id as id",
        "webhook_attempts.delivery_id as deliveryId",
        "webhook_attempts.event as event",
        "webhook_attempts.outcome as outcome",
        "webhook_attempts.http_status as httpStatus",
        "webhook_attempts.attempted_at as at",
        "webhook_outbox.status as deliveryStatus",
        (eb) => eb("webhook_outbox.body", "is not", null).as("hasBody"),
      ])
      .where("webhook_attempts.organisation_id", "=", organisationId),
  )
    .limit(WEBHOOK_HISTORY_LENGTH)
    .execute();
  const seen = new Set<string>();
  return rows.map((row) => {
    const latest = !seen.has(row.deliveryId);
    seen.add(row.deliveryId);
    return {
      id: row.id,
      deliveryId: row.deliveryId,
      event: row.event,
      outcome: row.outcome as WebhookOutcome,
      httpStatus: row.httpStatus,
      at: row.at,
      // PostgreSQL answers a boolean, SQLite 0 or 1.
      resendable: latest && row.deliveryStatus === "failed" && Boolean(row.hasBody),
    };
  });
}

/**
 * Sends a given-up delivery again: queued at once, with its attempts counted anew (a new series of the mail's
 * back-off) and the same delivery id. Answers why not otherwise: no such delivery of the organisation, one not
 * given up (delivered, or still being tried), or one whose body is no longer kept.
 */
export async function resendWebhookDelivery(
  db: Kysely<DB>,
  organisationId: string,
  id: string,
  now: Date,
): Promise<"resent" | "not-found" | "not-given-up" | "gone"> {
  const updated = await db
    .updateTable("webhook_outbox")
    .set({
      status: "queued",
      attempts: 0,
      next_attempt_at: now.toISOString(),
      claimed_by: null,
      claimed_until: null,
      last_status: null,
      last_http_status: null,
    })
    .where("id", "=", id)
    .where("organisation_id", "=", organisationId)
    .where("status", "=", "failed")
    .where("body", "is not", null)
    .executeTakeFirst();
  if (updated.numUpdatedRows > 0n) return "resent";
  const row = await db
    .selectFrom("webhook_outbox")
    .select("status")
    .where("id", "=", id)
    .where("organisation_id", "=", organisationId)
    .executeTakeFirst();
  if (!row) return "not-found";
  return row.status === "failed" ? "gone" : "not-given-up";
}

/** Deletes delivered and given-up deliveries created before `before` (retention); returns how many. */
export const purgeWebhookOutbox = webhookOutbox.purge;
