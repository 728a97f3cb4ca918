import type { Kysely } from "kysely";
import { LOGIN_BACKOFF } from "../domain/accounts/login-backoff";
import {
  deleteExpiredPasswordResets,
  deleteExpiredPendingRegistrations,
  deleteExpiredSessions,
} from "./db/accounts-repository";
import { purgeIdempotencyKeys } from "./db/idempotency-repository";
import { deleteUnheldImages } from "./db/images-repository";
import { deleteStaleLoginFailures } from "./db/login-failures-repository";
import { deleteExpiredInvites } from "./db/organisations-repository";
import { purgeOutbox } from "./db/outbox-repository";
import { deleteUnusedPhotoRows } from "./db/photos-repository";
import { deleteStaleRateLimits } from "./db/rate-limits-repository";
import type { DB } from "./db/schema";
import { deleteOldAlertSummaries } from "./db/vehicle-defects-repository";
import { purgeWebhookOutbox } from "./db/webhooks-repository";
import { deletePhotoFiles } from "./services/print-copies";
import type { PhotoStorage } from "./storage/photo-storage";

const HOUR_MS = 60 * 60 * 1000;
/** Delivered mail and webhook calls are kept (without their content) this long, as a record of what was sent. */
const SENT_MAIL_RECORD_MS = 90 * 24 * HOUR_MS;
/**
 * A photo on no form this long after its upload URL was handed out is let go: well past the URL's 7-day validity,
 * so a draft saved on a phone without signal has had time to reach the server with it.
 */
const UNUSED_PHOTO_MS = 30 * 24 * HOUR_MS;

/**
 * Deletes what has expired: sessions, reset and sign-up links, unused invitations, idempotency keys, old rate-limit windows and
 * defect summaries' rows, forgotten login failures, old delivered mail and webhook calls, signatures no form or set holds any more, and photos that never made
 * it onto a form (rows, then bytes).
 */
export async function runMaintenance(db: Kysely<DB>, photoStorage: PhotoStorage, now: Date): Promise<void> {
  await deleteExpiredSessions(db, now);
  await deleteExpiredPasswordResets(db, now);
  await deleteExpiredPendingRegistrations(db, now);
  await deleteExpiredInvites(db, now);
  await purgeIdempotencyKeys(db, now);
  await deleteStaleRateLimits(db, new Date(now.getTime() - 24 * HOUR_MS));
  await deleteOldAlertSummaries(db, new Date(now.getTime() - 24 * HOUR_MS));
  const loginMemoryMs = Math.max(...Object.values(LOGIN_BACKOFF).map((rule) => rule.forgetAfterMs));
  await deleteStaleLoginFailures(db, new Date(now.getTime() - loginMemoryMs));
  await purgeOutbox(db, new Date(now.getTime() - SENT_MAIL_RECORD_MS));
  await purgeWebhookOutbox(db, new Date(now.getTime() - SENT_MAIL_RECORD_MS));
  await deleteUnheldImages(db);
  const keys = await deleteUnusedPhotoRows(db, new Date(now.getTime() - UNUSED_PHOTO_MS));
  // Every file is tried even if one fails: its row is already gone, so no later run would find it.
  const failed = (await Promise.allSettled(keys.map((key) => deletePhotoFiles(photoStorage, key)))).filter(
    (result) => result.status === "rejected",
  );
  if (failed.length > 0) {
    throw new AggregateError(
      failed.map((result) => result.reason),
      `Could not delete ${failed.length} unused photo file(s)`,
    );
  }
}

/** Runs maintenance hourly; safe on several instances at once (every step is an idempotent delete). */
export function startMaintenance(
  db: Kysely<DB>,
  photoStorage: PhotoStorage,
  log: { warn: (obj: object, msg: string) => void },
) {
  const run = () =>
    runMaintenance(db, photoStorage, new Date()).catch((error: unknown) =>
      log.warn({ err: error }, "maintenance failed"),
    );
  void run();
  const timer = setInterval(run, HOUR_MS);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
