import type { Kysely } from "kysely";
import { deleteExpiredSessions } from "./db/accounts-repository";
import { purgeIdempotencyKeys } from "./db/idempotency-repository";
import { purgeOutbox } from "./db/outbox-repository";
import { deleteStaleRateLimits } from "./db/rate-limits-repository";
import type { DB } from "./db/schema";

const HOUR_MS = 60 * 60 * 1000;
/** Delivered mail is kept (without its content) this long, as a record of what was sent to whom. */
const SENT_MAIL_RECORD_MS = 90 * 24 * HOUR_MS;

/** Deletes what has expired: sessions, idempotency keys, old rate-limit windows and old delivered mail. */
export async function runMaintenance(db: Kysely<DB>, now: Date): Promise<void> {
  await deleteExpiredSessions(db, now);
  await purgeIdempotencyKeys(db, now);
  await deleteStaleRateLimits(db, new Date(now.getTime() - 24 * HOUR_MS));
  await purgeOutbox(db, new Date(now.getTime() - SENT_MAIL_RECORD_MS));
}

/** Runs maintenance hourly; safe on several instances at once (every step is an idempotent delete). */
export function startMaintenance(db: Kysely<DB>, log: { warn: (obj: object, msg: string) => void }) {
  const run = () =>
    runMaintenance(db, new Date()).catch((error: unknown) => log.warn({ err: error }, "maintenance failed"));
  void run();
  const timer = setInterval(run, HOUR_MS);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
