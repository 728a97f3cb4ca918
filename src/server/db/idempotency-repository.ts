import type { Kysely } from "kysely";
import type { DB } from "./schema";

/** What a key says about a request that carries it. */
export type IdempotencyClaim =
  | { kind: "claimed" }
  | { kind: "replay"; status: number; body: string }
  | { kind: "in_progress" }
  | { kind: "mismatch" };

/**
 * Claims `key` for a request, atomically on both dialects: the first request inserts the row and runs; any later
 * one with the same key reads what the first left (its answer, or that it is still running). An expired row is
 * taken over as if it were not there.
 */
export async function claimIdempotencyKey(
  db: Kysely<DB>,
  row: { scope: string; key: string; requestHash: string; now: Date; lifetimeMs: number },
): Promise<IdempotencyClaim> {
  const nowIso = row.now.toISOString();
  await db
    .deleteFrom("idempotency_keys")
    .where("scope", "=", row.scope)
    .where("key", "=", row.key)
    .where("expires_at", "<=", nowIso)
    .execute();
  const inserted = await db
    .insertInto("idempotency_keys")
    .values({
      scope: row.scope,
      key: row.key,
      request_hash: row.requestHash,
      status: "in_progress",
      response_status: null,
      response_body: null,
      created_at: nowIso,
      expires_at: new Date(row.now.getTime() + row.lifetimeMs).toISOString(),
    })
    .onConflict((oc) => oc.columns(["scope", "key"]).doNothing())
    .executeTakeFirst();
  if ((inserted.numInsertedOrUpdatedRows ?? 0n) > 0n) return { kind: "claimed" };

  const existing = await db
    .selectFrom("idempotency_keys")
    .selectAll()
    .where("scope", "=", row.scope)
    .where("key", "=", row.key)
    .executeTakeFirst();
  // Deleted between the two statements (the first request failed): this one may try again.
  if (!existing) return claimIdempotencyKey(db, row);
  if (existing.request_hash !== row.requestHash) return { kind: "mismatch" };
  if (existing.status === "in_progress" || existing.response_status === null) return { kind: "in_progress" };
  return { kind: "replay", status: Number(existing.response_status), body: existing.response_body ?? "" };
}

/** Keeps the first answer, so replays get it instead of running again. */
export async function completeIdempotencyKey(
  db: Kysely<DB>,
  scope: string,
  key: string,
  response: { status: number; body: string },
): Promise<void> {
  await db
    .updateTable("idempotency_keys")
    .set({ status: "done", response_status: response.status, response_body: response.body })
    .where("scope", "=", scope)
    .where("key", "=", key)
    .execute();
}

/** Forgets a claim whose request did not succeed, so the same key may be tried again. */
export async function releaseIdempotencyKey(db: Kysely<DB>, scope: string, key: string): Promise<void> {
  await db.deleteFrom("idempotency_keys").where("scope", "=", scope).where("key", "=", key).execute();
}

export async function purgeIdempotencyKeys(db: Kysely<DB>, now: Date): Promise<number> {
  const result = await db
    .deleteFrom("idempotency_keys")
    .where("expires_at", "<=", now.toISOString())
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
