import { parseStoredJson } from "../forms/stored-json";

/**
 * A session ends 30 minutes after the person last used the app (spec sections 3 and 9 say "30 minutes from
 * login"; decision record 041 makes the 30 minutes slide with use, up to a working day from login).
 */
export const SESSION_IDLE_MS = 30 * 60 * 1000;

/** No session lives longer than this from login, however busy: the server's setting unless set otherwise. */
export const DEFAULT_SESSION_MAX_HOURS = 10;
/** The longest the setting may be, and so the longest a session kept on a device is believed. */
export const SESSION_MAX_HOURS_LIMIT = 24;
const SESSION_MAX_LIMIT_MS = SESSION_MAX_HOURS_LIMIT * 60 * 60 * 1000;

/**
 * A renewal moves the end this much further than the 30 minutes, so a minute of busy requests writes it once:
 * an idle session ends between 30 and 31 minutes after its last use.
 */
export const SESSION_RENEWAL_STEP_MS = 60 * 1000;

/** Sent by the app's page with each call: how many milliseconds ago the person last touched the page. */
export const IDLE_HEADER = "x-idle-ms";
/** Answered to each signed-in call: how many milliseconds the session has left. */
export const SESSION_ENDS_IN_HEADER = "x-session-ends-in-ms";

/** When a new session ends: 30 minutes on, unless the cap comes first. */
export function firstSessionExpiry(createdAt: number, maxMs: number): number {
  return Math.min(createdAt + SESSION_IDLE_MS, createdAt + maxMs);
}

/** The hard end of a session: login plus the cap, whatever the activity. */
export function sessionCapAt(createdAt: number, maxMs: number): number {
  return createdAt + maxMs;
}

/**
 * The session's new end after the person used the app at `activityAt`, or null when it needs no change: it
 * already lasts 30 minutes past that use, or it has ended (an ended session is never brought back), or the
 * cap is reached. Never earlier than now, never past the cap.
 */
export function renewedSessionExpiry(
  session: { createdAt: number; expiresAt: number },
  activityAt: number,
  maxMs: number,
): number | null {
  if (activityAt >= session.expiresAt) return null;
  const cap = sessionCapAt(session.createdAt, maxMs);
  const needed = Math.min(activityAt + SESSION_IDLE_MS, cap);
  if (session.expiresAt >= needed) return null;
  return Math.min(needed + SESSION_RENEWAL_STEP_MS, cap);
}

/**
 * The idle time a call reports (IDLE_HEADER): whole milliseconds, or null when absent or not a number. Above
 * the 30 minutes it says the same as 30 minutes, so it is held there.
 */
export function parseIdleHeader(value: string | string[] | undefined): number | null {
  if (typeof value !== "string" || !/^\d{1,20}$/.test(value)) return null;
  return Math.min(Number(value), SESSION_IDLE_MS);
}

/**
 * When the person last used the app, as the server counts it: `idleMs` before now as the page reports it. A call
 * that does not say (a photo the page shows, the offline copies refreshed, a client of the API) renews nothing:
 * null. The page's own calls are made on a person's behalf only through the one client that says it.
 */
export function lastActivityAt(now: number, idleMs: number | null): number | null {
  return idleMs === null ? null : now - idleMs;
}

/** The time left a signed-in answer reports (SESSION_ENDS_IN_HEADER), or null when absent or not a number. */
export function parseSessionEndsIn(value: string | null): number | null {
  if (value === null || !/^\d{1,15}$/.test(value)) return null;
  return Math.min(Number(value), SESSION_MAX_LIMIT_MS);
}

export interface StoredSession {
  /**
   * The account's id, 1 to 200 characters: whose queued work and kept copies are whose on this phone. Two
   * accounts may have the same name; never two the same id.
   */
  accountId: string;
  /** Trimmed, 1 to 200 characters. */
  driverName: string;
  /** Milliseconds since the epoch, on this device's clock. */
  loginTime: number;
  /** When the session ends as this device last heard from the server, on this device's clock. */
  expiresAt: number;
}

const MAX_DRIVER_NAME_LENGTH = 200;

/**
 * The stored session when `value` is one, its name trimmed. Checked by hand rather than with a schema: this
 * runs on the first screen, which would otherwise have to load the whole schema library first. A value kept
 * before sessions slid has no end: it ends 30 minutes after login, as it did then.
 */
function toStoredSession(value: unknown): StoredSession | null {
  if (typeof value !== "object" || value === null) return null;
  const { accountId, driverName, loginTime, expiresAt } = value as Record<string, unknown>;
  if (typeof accountId !== "string" || typeof driverName !== "string" || typeof loginTime !== "number") {
    return null;
  }
  if (accountId.length < 1 || accountId.length > MAX_DRIVER_NAME_LENGTH) return null;
  const name = driverName.trim();
  if (name.length < 1 || name.length > MAX_DRIVER_NAME_LENGTH) return null;
  if (!Number.isSafeInteger(loginTime) || loginTime < 0) return null;
  const end = expiresAt === undefined ? loginTime + SESSION_IDLE_MS : expiresAt;
  if (typeof end !== "number" || !Number.isSafeInteger(end)) return null;
  return { accountId, driverName: name, loginTime, expiresAt: end };
}

/**
 * True while the session has not reached its end. A login time in the future, or an end further from login
 * than any cap allows, means the stored value cannot be trusted (or the clock moved), so it is not alive.
 */
export function isSessionAlive(session: { loginTime: number; expiresAt: number }, now: number): boolean {
  const { loginTime, expiresAt } = session;
  if (![loginTime, expiresAt, now].every(Number.isFinite)) return false;
  if (now < loginTime || expiresAt - loginTime > SESSION_MAX_LIMIT_MS) return false;
  return now < expiresAt;
}

/**
 * Reads the session kept in browser storage. Corrupt or expired values give null so the caller
 * removes them (spec section 4).
 */
export function parseStoredSession(raw: string | null, now: number): StoredSession | null {
  const session = toStoredSession(parseStoredJson(raw));
  if (!session) return null;
  return isSessionAlive(session, now) ? session : null;
}

export function serializeSession(session: StoredSession): string {
  return JSON.stringify({
    accountId: session.accountId,
    driverName: session.driverName,
    loginTime: session.loginTime,
    expiresAt: session.expiresAt,
  });
}
