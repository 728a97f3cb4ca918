import { parseStoredJson } from "./stored-json";

/** A session lasts 30 minutes from login, not from the last activity (spec sections 3 and 9). */
export const SESSION_LIFETIME_MS = 30 * 60 * 1000;

export interface StoredSession {
  /**
   * The account's id, 1 to 200 characters: whose queued work and kept copies are whose on this phone. Two
   * accounts may have the same name; never two the same id.
   */
  accountId: string;
  /** Trimmed, 1 to 200 characters. */
  driverName: string;
  /** Milliseconds since the epoch. */
  loginTime: number;
}

const MAX_DRIVER_NAME_LENGTH = 200;

/**
 * The stored session when `value` is one, its name trimmed. Checked by hand rather than with a schema: this
 * runs on the first screen, which would otherwise have to load the whole schema library first.
 */
function toStoredSession(value: unknown): StoredSession | null {
  if (typeof value !== "object" || value === null) return null;
  const { accountId, driverName, loginTime } = value as Record<string, unknown>;
  if (typeof accountId !== "string" || typeof driverName !== "string" || typeof loginTime !== "number") {
    return null;
  }
  if (accountId.length < 1 || accountId.length > MAX_DRIVER_NAME_LENGTH) return null;
  const name = driverName.trim();
  if (name.length < 1 || name.length > MAX_DRIVER_NAME_LENGTH) return null;
  if (!Number.isSafeInteger(loginTime) || loginTime < 0) return null;
  return { accountId, driverName: name, loginTime };
}

/**
 * True while the session is younger than its lifetime. A login time in the future means the
 * stored value cannot be trusted (or the clock moved), so it is not alive either.
 */
export function isSessionAlive(loginTime: number, now: number): boolean {
  if (!Number.isFinite(loginTime) || !Number.isFinite(now)) return false;
  const age = now - loginTime;
  return age >= 0 && age < SESSION_LIFETIME_MS;
}

/** When the session ends, in milliseconds since the epoch. */
export function sessionExpiresAt(loginTime: number): number {
  return loginTime + SESSION_LIFETIME_MS;
}

/**
 * Reads the session kept in browser storage. Corrupt or expired values give null so the caller
 * removes them (spec section 4).
 */
export function parseStoredSession(raw: string | null, now: number): StoredSession | null {
  const session = toStoredSession(parseStoredJson(raw));
  if (!session) return null;
  return isSessionAlive(session.loginTime, now) ? session : null;
}

export function serializeSession(session: StoredSession): string {
  return JSON.stringify({
    accountId: session.accountId,
    driverName: session.driverName,
    loginTime: session.loginTime,
  });
}
