import { ApiError, NetworkError } from "../lib/api-client";
import { PhotoUploadError } from "../lib/upload-photo";
import type { OutboxItem } from "./offline-db";

/** The first retry after a failure waits this long; each further failure doubles it, up to the cap. */
export const RETRY_BASE_MS = 2_000;
export const RETRY_MAX_MS = 5 * 60_000;

/** How long to wait before try number `attempts + 1`, after `attempts` failed tries. */
export function retryDelay(attempts: number): number {
  if (attempts <= 0) return 0;
  return Math.min(RETRY_MAX_MS, RETRY_BASE_MS * 2 ** (attempts - 1));
}

/**
 * What a failed try means: `retry` (no signal, the server busy or down, or the same request still running
 * there), `needs-login` (the session ended: it waits until the driver signs in again, never discarded), or
 * `refused` (the server looked at it and said no: retrying cannot help, the driver must fix or discard it).
 */
export type FailureKind = "retry" | "needs-login" | "refused";

export function classifyFailure(error: unknown): FailureKind {
  // A photo upload's failure is put in words for the driver; what happened is its cause.
  if (error instanceof PhotoUploadError && error.cause !== undefined) return classifyFailure(error.cause);
  if (error instanceof NetworkError) return "retry";
  // Our own time limit on a try that hung (a connection with one bar of signal).
  if (error instanceof DOMException && (error.name === "TimeoutError" || error.name === "AbortError")) {
    return "retry";
  }
  if (error instanceof ApiError) {
    if (error.status === 401) return "needs-login";
    if (error.status === 409 && error.code === "in_progress") return "retry";
    if (error.status === 408 || error.status === 429 || error.status >= 500) return "retry";
    return "refused";
  }
  // Anything else (a reply that is not JSON, a bug) would fail the same way again.
  return "refused";
}

/**
 * The server asked to wait (429, too much sent for now): not a failure of the request nor of the server. It
 * waits on the device until the time the server named, however long, and is never set aside as refused.
 */
export function isRateLimited(error: unknown): error is ApiError {
  if (error instanceof PhotoUploadError) return isRateLimited(error.cause);
  return error instanceof ApiError && error.status === 429;
}

/**
 * A retryable failure of the server itself (busy, down), as opposed to no answer at all, the same request
 * still running there, or a limit that asks to wait.
 */
export function isServerFailure(error: unknown): boolean {
  if (error instanceof PhotoUploadError) return isServerFailure(error.cause);
  return (
    error instanceof ApiError &&
    !(error.status === 409 && error.code === "in_progress") &&
    !isRateLimited(error)
  );
}

/**
 * When to try again after a failed try, the `attempts`-th: when the server said (`Retry-After`), else after
 * the back-off.
 */
export function nextAttemptAfter(error: unknown, attempts: number, now: number): number {
  const cause = error instanceof PhotoUploadError ? error.cause : error;
  const asked = cause instanceof ApiError ? cause.retryAfterMs : null;
  return now + (asked ?? retryDelay(attempts));
}

export type NextStep =
  /** Send this one now. */
  | { kind: "send"; item: OutboxItem }
  /** The head of the queue is backing off: try again at this time. */
  | { kind: "wait"; until: number }
  /** The session ended: nothing more (of that driver's) is sent until the driver signs in. */
  | { kind: "blocked" }
  /** Nothing left to send (refused items wait for the driver). */
  | { kind: "idle" };

/**
 * Which request goes next. Strictly in order: a draft's create must reach the server before its updates, and
 * a submission after the saves it follows; so a request backing off holds back those behind it. Refused
 * requests are set aside and do not hold anything back. A request waiting for its driver to sign in holds
 * back that driver's later requests only: on a shared phone, another driver's work (or work without an
 * account) does not wait for someone else's sign-in. One of unknown owner holds back everything.
 */
export function nextStep(items: readonly OutboxItem[], now: number): NextStep {
  const ordered = [...items].sort((a, b) => a.seq - b.seq);
  const held = new Set<string>();
  for (const item of ordered) {
    if (item.state === "refused") continue;
    const owner = item.owner ?? null;
    if (item.state === "needs-login") {
      if (owner === null) return { kind: "blocked" };
      held.add(owner);
      continue;
    }
    if (owner !== null && held.has(owner)) continue;
    return item.nextAttemptAt <= now ? { kind: "send", item } : { kind: "wait", until: item.nextAttemptAt };
  }
  return held.size > 0 ? { kind: "blocked" } : { kind: "idle" };
}

/**
 * The waiting request a new one of the same group may replace: one never tried (a tried one may already have
 * reached the server), still waiting, and the last of its group, so the order of the group is kept. Nor one
 * with a photo upload queued after it: the new request may refer to that photo, which must be uploaded first.
 */
export function coalesceTarget(items: readonly OutboxItem[], group: string | null): OutboxItem | null {
  if (group === null) return null;
  const ofGroup = items.filter((item) => item.group === group).sort((a, b) => a.seq - b.seq);
  const last = ofGroup.at(-1);
  const untried = last?.attempts === 0 && last.state === "waiting";
  return untried && !items.some((item) => item.upload && item.seq > last.seq) ? last : null;
}

/** The header's counts. */
export function countOutbox(items: readonly OutboxItem[]): {
  waiting: number;
  needsLogin: number;
  refused: number;
} {
  return {
    waiting: items.filter((item) => item.state === "waiting").length,
    needsLogin: items.filter((item) => item.state === "needs-login").length,
    refused: items.filter((item) => item.state === "refused").length,
  };
}
