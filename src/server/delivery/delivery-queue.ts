import type { ExpressionBuilder, Kysely, Selectable, Updateable } from "kysely";
import { dialectOf } from "../db/database";
import type { DB, OutboxStatus } from "../db/schema";

/**
 * The durable delivery queue under the mail outbox and the webhook outbox (decision record 047): one
 * table each, these queries on both. A row is queued in the transaction of the change it reports, so only
 * committed changes go out; a worker claims due rows with a lease, renews it while sending, and records the
 * outcome only while it still holds the claim. Delivery is at least once: a worker that dies mid-send leaves its
 * claim to run out and another sends again, under the same row id.
 */

/** The columns every delivery table has: what the queue reads and writes. */
interface QueueColumns {
  id: string;
  status: OutboxStatus;
  attempts: number;
  next_attempt_at: string;
  claimed_by: string | null;
  claimed_until: string | null;
  created_at: string;
  sent_at: string | null;
}

/** The tables that hold a delivery queue (mail_outbox, webhook_outbox). */
export type DeliveryTable = { [T in keyof DB]: DB[T] extends QueueColumns ? T : never }[keyof DB];

/**
 * How long a claim lasts before another worker may take the row over, unless the caller says. The worker renews
 * it before each send and every third of it while one runs, so only a dead (or a minute-long stalled) worker
 * loses it: after a crash its rows wait at most this long.
 */
export const DEFAULT_CLAIM_LEASE_MS = 60_000;

// Doubling from 5 s reaches the one-hour cap at the 11th attempt; 20 attempts keep trying for about 12 hours.
const MAX_ATTEMPTS = 20;
const FIRST_RETRY_MS = 5_000;
const MAX_RETRY_MS = 60 * 60_000;

/** Back-off doubling from 5 s to at most an hour; after the last attempt the row is given up (kept as failed). */
export function nextRetryAt(attempts: number, now: Date): Date | null {
  if (attempts >= MAX_ATTEMPTS) return null;
  const delay = Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** (attempts - 1));
  return new Date(now.getTime() + delay);
}

/** Due: queued and its time has come, or claimed by a worker whose lease ran out (it crashed or hung). */
function isDue(nowIso: string) {
  return (eb: ExpressionBuilder<DB, DeliveryTable>) =>
    eb.or([
      eb.and([eb("status", "=", "queued"), eb("next_attempt_at", "<=", nowIso)]),
      eb.and([eb("status", "=", "sending"), eb("claimed_until", "<=", nowIso)]),
    ]);
}

/**
 * Claims up to `limit` due rows of `table` for `workerId` until now + lease, counting an attempt on each, and
 * returns them oldest first. Two workers never get the same row: on PostgreSQL the candidates are locked with
 * FOR UPDATE SKIP LOCKED (a competing claimer skips them instead of waiting and double-claiming), and SQLite runs
 * the whole claim as one UPDATE ... RETURNING under its single write lock.
 */
export async function claimDue<T extends DeliveryTable>(
  db: Kysely<DB>,
  table: T,
  workerId: string,
  limit: number,
  now: Date,
  leaseMs: number = DEFAULT_CLAIM_LEASE_MS,
): Promise<Selectable<DB[T]>[]> {
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
          .selectFrom(table as DeliveryTable)
          .select("id")
          .where(isDue(nowIso))
          .orderBy("next_attempt_at")
          .orderBy("created_at")
          .orderBy("id")
          .limit(limit)
          .$if(dialectOf(db) === "postgres", (q) => q.forUpdate().skipLocked()),
    )
    .updateTable(table as DeliveryTable)
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
  return (rows as QueueColumns[]).sort(
    (a, b) =>
      a.next_attempt_at.localeCompare(b.next_attempt_at) ||
      a.created_at.localeCompare(b.created_at) ||
      a.id.localeCompare(b.id),
  ) as Selectable<DB[T]>[];
}

/** Sets `changes` on the row only while `workerId` holds its claim; false when it no longer does. */
async function updateClaimed<T extends DeliveryTable>(
  db: Kysely<DB>,
  table: T,
  id: string,
  workerId: string,
  changes: Updateable<DB[T]>,
): Promise<boolean> {
  const result = await db
    .updateTable(table as DeliveryTable)
    .set(changes as Updateable<QueueColumns>)
    .where("id", "=", id)
    .where("claimed_by", "=", workerId)
    .where("status", "=", "sending")
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/**
 * Extends `workerId`'s claim on one row to now + lease. False when the worker no longer holds it (its lease ran
 * out and another worker took the row over): it must not be sent then.
 */
export function renewLease(
  db: Kysely<DB>,
  table: DeliveryTable,
  id: string,
  workerId: string,
  now: Date,
  leaseMs: number = DEFAULT_CLAIM_LEASE_MS,
): Promise<boolean> {
  return updateClaimed(db, table, id, workerId, {
    claimed_until: new Date(now.getTime() + leaseMs).toISOString(),
  });
}

/**
 * Records delivery, with the table's own `changes` (what it drops once sent, what came of the call). False when
 * the worker no longer holds the claim.
 */
export function markDelivered<T extends DeliveryTable>(
  db: Kysely<DB>,
  table: T,
  id: string,
  workerId: string,
  now: Date,
  changes: Updateable<DB[T]>,
): Promise<boolean> {
  return updateClaimed(db, table, id, workerId, {
    status: "sent",
    sent_at: now.toISOString(),
    claimed_until: null,
    ...changes,
  } as Updateable<DB[T]>);
}

/**
 * Records a failed attempt, with the table's own `changes` (why): with `retryAt` the row is queued again for that
 * time; with null it is given up (status failed) and kept. False when the worker no longer holds the claim.
 */
export function markAttemptFailed<T extends DeliveryTable>(
  db: Kysely<DB>,
  table: T,
  id: string,
  workerId: string,
  retryAt: Date | null,
  changes: Updateable<DB[T]>,
): Promise<boolean> {
  return updateClaimed(db, table, id, workerId, {
    status: retryAt ? "queued" : "failed",
    ...(retryAt ? { next_attempt_at: retryAt.toISOString() } : {}),
    claimed_until: null,
    ...changes,
  } as Updateable<DB[T]>);
}

/** Deletes delivered and given-up rows created before `before` (retention); returns how many. */
export async function purgeFinished(db: Kysely<DB>, table: DeliveryTable, before: Date): Promise<number> {
  const result = await db
    .deleteFrom(table)
    .where("status", "in", ["sent", "failed"])
    .where("created_at", "<", before.toISOString())
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** One table's queue, its rows read as the kind's items: what a repository exports and its worker polls. */
export interface DeliveryQueue<Item> {
  /** claimDue, read as items. */
  claim(db: Kysely<DB>, workerId: string, limit: number, now: Date, leaseMs?: number): Promise<Item[]>;
  /** renewLease. */
  renew(db: Kysely<DB>, id: string, workerId: string, now: Date, leaseMs?: number): Promise<boolean>;
  /** purgeFinished. */
  purge(db: Kysely<DB>, before: Date): Promise<number>;
}

export function deliveryQueue<T extends DeliveryTable, Item>(
  table: T,
  toItem: (row: Selectable<DB[T]>) => Item,
): DeliveryQueue<Item> {
  return {
    claim: async (db, workerId, limit, now, leaseMs) =>
      (await claimDue(db, table, workerId, limit, now, leaseMs)).map(toItem),
    renew: (db, id, workerId, now, leaseMs) => renewLease(db, table, id, workerId, now, leaseMs),
    purge: (db, before) => purgeFinished(db, table, before),
  };
}
