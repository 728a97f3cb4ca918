import { useSyncExternalStore } from "react";
import { STORAGE_KEYS } from "../../domain/constants";
import {
  parseStoredSession,
  type StoredSession,
  serializeSession,
  sessionExpiresAt,
} from "../../domain/session";
import { localStore } from "./local-store";

/**
 * The signed-in driver as the browser knows it: the spec's `{ driverName, loginTime }` kept in localStorage,
 * next to the server's httpOnly session cookie that actually authorises calls. Both last 30 minutes from login.
 * One module-level store so the header, the tabs and every wizard agree without prop drilling.
 */

/** Why the session ended: the driver chose to, or time (or the server) ended it. */
export type SessionEndReason = "logout" | "expired";

type Listener = () => void;

const listeners = new Set<Listener>();
const endListeners = new Set<(reason: SessionEndReason) => void>();
let current: StoredSession | null = null;
let expiryTimer: ReturnType<typeof setTimeout> | undefined;

function emit(): void {
  for (const listener of listeners) listener();
}

function scheduleExpiry(session: StoredSession | null): void {
  clearTimeout(expiryTimer);
  if (!session) return;
  const delay = Math.max(0, sessionExpiresAt(session.loginTime) - Date.now());
  expiryTimer = setTimeout(() => endSession("expired"), delay);
}

/** Reads the stored session; a corrupt or expired value is removed (spec section 4). */
function restore(): StoredSession | null {
  const raw = localStore.get(STORAGE_KEYS.session);
  const session = parseStoredSession(raw, Date.now());
  if (raw !== null && session === null) localStore.remove(STORAGE_KEYS.session);
  return session;
}

current = restore();
scheduleExpiry(current);

export function startSession(accountId: string, driverName: string, loginTime: number = Date.now()): void {
  current = { accountId, driverName, loginTime };
  localStore.set(STORAGE_KEYS.session, serializeSession(current));
  scheduleExpiry(current);
  emit();
}

/** Forgets the driver locally. The caller tells the server (logout) when that is the reason. */
export function endSession(reason: SessionEndReason): void {
  if (!current) return;
  current = null;
  localStore.remove(STORAGE_KEYS.session);
  scheduleExpiry(null);
  emit();
  for (const listener of endListeners) listener(reason);
}

export function getSession(): StoredSession | null {
  return current;
}

/**
 * Whose work is made now on this phone: the signed-in account's id, or null without an account. The outbox and
 * the device's copies key their owner by it, never by the driver's name (two accounts may share one).
 */
export function currentOwner(): string | null {
  return current?.accountId ?? null;
}

/** Runs when a session ends, e.g. to clear cached account data or tell the driver it expired. */
export function onSessionEnd(listener: (reason: SessionEndReason) => void): () => void {
  endListeners.add(listener);
  return () => endListeners.delete(listener);
}

function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The current session, or null when nobody is signed in. Re-renders on login, logout and expiry. */
export function useSession(): StoredSession | null {
  return useSyncExternalStore(subscribe, getSession, getSession);
}

/** currentOwner(), re-rendering on login, logout and expiry. */
export function useOwner(): string | null {
  return useSyncExternalStore(subscribe, currentOwner, currentOwner);
}
