import { z } from "zod";

/** A session lasts 30 minutes from login, not from the last activity (spec sections 3 and 9). */
export const SESSION_LIFETIME_MS = 30 * 60 * 1000;

export const StoredSessionSchema = z.object({
  driverName: z.string().trim().min(1).max(200),
  /** Milliseconds since the epoch. */
  loginTime: z.number().int().nonnegative(),
});
export type StoredSession = z.infer<typeof StoredSessionSchema>;

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
  if (raw === null) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  const parsed = StoredSessionSchema.safeParse(value);
  if (!parsed.success) return null;
  return isSessionAlive(parsed.data.loginTime, now) ? parsed.data : null;
}

export function serializeSession(session: StoredSession): string {
  return JSON.stringify({ driverName: session.driverName, loginTime: session.loginTime });
}
