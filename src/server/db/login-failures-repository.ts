import type { Kysely } from "kysely";
import type { LoginFailures } from "../../domain/accounts/login-backoff";
import type { DB } from "./schema";

/** A key's failed logins as stored, or undefined when it has none. */
export async function findLoginFailures(db: Kysely<DB>, key: string): Promise<LoginFailures | undefined> {
  const row = await db
    .selectFrom("login_failures")
    .select(["failures", "first_failure_at", "last_failure_at"])
    .where("key", "=", key)
    .executeTakeFirst();
  return row
    ? {
        failures: Number(row.failures),
        firstFailureAt: Date.parse(row.first_failure_at),
        lastFailureAt: Date.parse(row.last_failure_at),
      }
    : undefined;
}

/**
 * Records one more failure as `next`, only if the key still holds `seen` (what the caller read): a compare and
 * set, so of concurrent attempts on several instances each counts exactly once. False when another attempt
 * changed the key first; the caller reads it again.
 */
export async function replaceLoginFailures(
  db: Kysely<DB>,
  key: string,
  seen: LoginFailures | undefined,
  next: LoginFailures,
): Promise<boolean> {
  const values = {
    failures: next.failures,
    first_failure_at: new Date(next.firstFailureAt).toISOString(),
    last_failure_at: new Date(next.lastFailureAt).toISOString(),
  };
  if (!seen) {
    const inserted = await db
      .insertInto("login_failures")
      .values({ key, ...values })
      .onConflict((oc) => oc.column("key").doNothing())
      .executeTakeFirst();
    return Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1;
  }
  const updated = await db
    .updateTable("login_failures")
    .set(values)
    .where("key", "=", key)
    .where("failures", "=", seen.failures)
    .where("first_failure_at", "=", new Date(seen.firstFailureAt).toISOString())
    .where("last_failure_at", "=", new Date(seen.lastFailureAt).toISOString())
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}

/** Moves the last failure's time to `at`, when the failure became known (the password check takes a while). */
export async function markLoginFailureAt(db: Kysely<DB>, key: string, at: Date): Promise<void> {
  await db
    .updateTable("login_failures")
    .set({ last_failure_at: at.toISOString() })
    .where("key", "=", key)
    .where("last_failure_at", "<", at.toISOString())
    .execute();
}

/** Takes back one counted failure: the attempt it stood for succeeded. */
export async function uncountLoginFailure(db: Kysely<DB>, key: string): Promise<void> {
  await db
    .updateTable("login_failures")
    .set((eb) => ({ failures: eb("failures", "-", 1) }))
    .where("key", "=", key)
    .where("failures", ">", 0)
    .execute();
}

/** Forgets a key's failures, e.g. an account's at an address after a successful login there. */
export async function forgetLoginFailures(db: Kysely<DB>, key: string): Promise<void> {
  await db.deleteFrom("login_failures").where("key", "=", key).execute();
}

/** Deletes the counts that began before `olderThan`: they count nothing any more. */
export async function deleteStaleLoginFailures(db: Kysely<DB>, olderThan: Date): Promise<void> {
  await db.deleteFrom("login_failures").where("first_failure_at", "<", olderThan.toISOString()).execute();
}
