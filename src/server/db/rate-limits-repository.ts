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
 * Counts one hit against `key` in a fixed window, atomically on both dialects (one upsert), so concurrent
 * requests on several instances share one count.
 */
export async function hitRateLimit(
  db: Kysely<DB>,
  key: string,
  rule: RateLimitRule,
  now: Date,
): Promise<RateLimitResult> {
  const nowIso = now.toISOString();
  const cutoff = new Date(now.getTime() - rule.windowMs).toISOString();
  const row = await db
    .insertInto("rate_limits")
    .values({ key, window_start: nowIso, hits: 1 })
    .onConflict((oc) =>
      oc.column("key").doUpdateSet({
        hits: sql<number>`case when rate_limits.window_start <= ${cutoff} then 1 else rate_limits.hits + 1 end`,
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

export async function deleteStaleRateLimits(db: Kysely<DB>, olderThan: Date): Promise<void> {
  await db.deleteFrom("rate_limits").where("window_start", "<", olderThan.toISOString()).execute();
}
