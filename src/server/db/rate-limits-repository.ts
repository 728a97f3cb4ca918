import { type Kysely, sql } from "kysely";
import type { DB } from "./schema";

export interface RateLimitRule {
  limit: number;
  windowMs: number;
}

export interface RateLimitResult {
  allowed: boolean;
  /** Milliseconds until the window resets; 0 when allowed. */
  retryAfterMs: number;
}

/**
 * Counts `amount` hits (one unless said) against `key` in a fixed window, atomically on both dialects (one
 * upsert), so concurrent requests on several instances share one count.
 */
export async function hitRateLimit(
  db: Kysely<DB>,
  key: string,
  rule: RateLimitRule,
  now: Date,
  amount = 1,
): Promise<RateLimitResult> {
  const nowIso = now.toISOString();
  const cutoff = new Date(now.getTime() - rule.windowMs).toISOString();
  const row = await db
    .insertInto("rate_limits")
    .values({ key, window_start: nowIso, hits: amount })
    .onConflict((oc) =>
      oc.column("key").doUpdateSet({
        hits: sql<number>`case when rate_limits.window_start <= ${cutoff} then ${amount} else rate_limits.hits + ${amount} end`,
        window_start: sql<string>`case when rate_limits.window_start <= ${cutoff} then ${nowIso} else rate_limits.window_start end`,
      }),
    )
    .returning(["hits", "window_start"])
    .executeTakeFirstOrThrow();
  const hits = Number(row.hits);
  if (hits <= rule.limit) return { allowed: true, retryAfterMs: 0 };
  const resetsAt = new Date(row.window_start).getTime() + rule.windowMs;
  return { allowed: false, retryAfterMs: Math.max(0, resetsAt - now.getTime()) };
}

export interface RateLimitHit {
  key: string;
  rule: RateLimitRule;
  amount: number;
}

class Refused extends Error {
  constructor(readonly retryAfterMs: number) {
    super("rate limited");
  }
}

/**
 * Counts several hits all or nothing: when any count would pass its limit, none is counted (the transaction
 * rolls back) and the answer is the longest wait. So a refused request costs the sender nothing, and what is
 * counted is exactly what was let through. Keys are counted in one order, so two requests sharing keys never
 * hold each other's rows the other way round (a deadlock on PostgreSQL). Given a transaction, the hits are
 * counted in it (a savepoint undoes a refused set), so they stand or fall with the change they go with.
 */
export async function hitRateLimits(
  db: Kysely<DB>,
  hits: readonly RateLimitHit[],
  now: Date,
): Promise<RateLimitResult> {
  const ordered = [...hits].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const countAll = async (trx: Kysely<DB>) => {
    let retryAfterMs = 0;
    for (const hit of ordered) {
      const result = await hitRateLimit(trx, hit.key, hit.rule, now, hit.amount);
      // At least a second: a window that ends this very moment still refused this hit.
      if (!result.allowed) retryAfterMs = Math.max(retryAfterMs, result.retryAfterMs, 1000);
    }
    if (retryAfterMs > 0) throw new Refused(retryAfterMs);
  };
  try {
    if (db.isTransaction) await inSavepoint(db, countAll);
    else await db.transaction().execute(countAll);
  } catch (error) {
    if (error instanceof Refused) return { allowed: false, retryAfterMs: error.retryAfterMs };
    throw error;
  }
  return { allowed: true, retryAfterMs: 0 };
}

/** Runs `work` in the caller's transaction; if it throws, what it wrote is undone and the rest is kept. */
async function inSavepoint(trx: Kysely<DB>, work: (trx: Kysely<DB>) => Promise<void>): Promise<void> {
  await sql`savepoint rate_limits`.execute(trx);
  try {
    await work(trx);
  } catch (error) {
    await sql`rollback to savepoint rate_limits`.execute(trx);
    throw error;
  } finally {
    await sql`release savepoint rate_limits`.execute(trx);
  }
}

export async function deleteStaleRateLimits(db: Kysely<DB>, olderThan: Date): Promise<void> {
  await db.deleteFrom("rate_limits").where("window_start", "<", olderThan.toISOString()).execute();
}
