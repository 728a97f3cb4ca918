import { useSyncExternalStore } from "react";
import {
  parseStoredSession,
  SESSION_IDLE_MS,
  type StoredSession,
  serializeSession,
} from "../../domain/accounts/session";
import { STORAGE_KEYS } from "../../domain/forms/constants";
import { localStore } from "./local-store";
import { lastInputAt, onInput } from "./user-activity";

/**
 * The signed-in driver as the browser knows it: the spec's `{ driverName, loginTime }` kept in localStorage,
 * next to the server's httpOnly session cookie that actually authorises calls. The session ends 30 minutes
 * after its last use, up to the server's cap (decision record 041): every signed-in answer says how long it has
 * left, and this store keeps that end. One module-level store so the header, the tabs and every wizard agree
 * without prop drilling.
 */

/** Who is signed in: the stored session without its end, which changes with every renewal. */
export type SignedIn = Omit<StoredSession, "expiresAt">;

/** Why the session ended: the driver chose to, or time (or the server) ended it. */
export type SessionEndReason = "logout" | "expired";

/**
 * Shortly before the end, the store asks the server once if the person touched the page since its last call
 * (typing in a form may send nothing by itself): that call renews the session, as any call does.
 */
const RENEW_AHEAD_MS = 60_000;
/** An answer moves the end this much at least before it is kept: each answer's own latency is not a renewal. */
const END_MOVED_MS = 5_000;

type Listener = () => void;

const listeners = new Set<Listener>();
const endListeners = new Set<(reason: SessionEndReason) => void>();
let current: SignedIn | null = null;
let endsAt = 0;
/** Ended by time or by the server, with the screen kept as it was until the person logs in again. */
let expired = false;
/** The signed-in address, in memory only: the login dialog after an expiry offers it again. */
let accountEmail = "";
/** The person's last touch that a call has told the server of. */
let reportedInputAt = 0;
let timer: ReturnType<typeof setTimeout> | undefined;

function emit(): void {
  for (const listener of listeners) listener();
}

function persist(): void {
  if (current) localStore.set(STORAGE_KEYS.session, serializeSession({ ...current, expiresAt: endsAt }));
}

/** The last minute: a touch now asks the server at once, so the session cannot end under the person's hands. */
function inLastMinute(): boolean {
  return Date.now() >= endsAt - RENEW_AHEAD_MS;
}

function schedule(): void {
  clearTimeout(timer);
  if (!current || expired) return;
  timer = setTimeout(onTimer, Math.max(1000, endsAt - RENEW_AHEAD_MS - Date.now()));
}

/**
 * A minute before the end: when the person touched the page since the last call, one call tells the server
 * (and renews the session); otherwise the store waits for the end and asks then.
 */
function onTimer(): void {
  if (!current || expired) return;
  if (!inLastMinute()) {
    schedule();
    return;
  }
  if (lastInputAt() > reportedInputAt || Date.now() >= endsAt) {
    askServer();
    return;
  }
  clearTimeout(timer);
  timer = setTimeout(onTimer, Math.max(1000, endsAt - Date.now()));
}

let asking = false;

/** Whether the session lives on: the call reports the last touch, so it renews the session when there was one. */
function askServer(): void {
  if (!current || expired || asking) return;
  asking = true;
  const owner = current.accountId;
  void import("./api-client")
    // Its answer renews or ends the session on the way (noteSessionAnswer).
    .then(({ apiRequest }) => apiRequest("GET", "/api/drivers/me", undefined, { on401: "returnNull" }))
    .catch(() => {
      // No signal: the device's own count decides, as it is all there is.
      if (current?.accountId !== owner || expired) return;
      if (Date.now() >= endsAt && Date.now() - lastInputAt() >= SESSION_IDLE_MS) expireSession();
      else timer = setTimeout(onTimer, RENEW_AHEAD_MS);
    })
    .finally(() => {
      asking = false;
    });
}

onInput(() => {
  if (current && !expired && inLastMinute()) askServer();
});

/** Reads the stored session; a corrupt or expired value is removed (spec section 4). */
function restore(): void {
  const raw = localStore.get(STORAGE_KEYS.session);
  const session = parseStoredSession(raw, Date.now());
  if (raw !== null && session === null) localStore.remove(STORAGE_KEYS.session);
  if (session) {
    const { expiresAt, ...signedIn } = session;
    current = signedIn;
    endsAt = expiresAt;
  }
}

restore();
schedule();

/** A new session, `endsIn` milliseconds long as the server said (30 minutes unless told). */
export function startSession(
  accountId: string,
  driverName: string,
  email = "",
  endsIn: number = SESSION_IDLE_MS,
  loginTime: number = Date.now(),
): void {
  current = { accountId, driverName, loginTime };
  accountEmail = email;
  endsAt = loginTime + endsIn;
  expired = false;
  reportedInputAt = lastInputAt();
  persist();
  schedule();
  emit();
}

/**
 * A signed-in answer's word on the session: `endsIn` milliseconds left, or null when the answer was a 401
 * without it (the session has ended on the server). `inputAt` is the touch the call reported, `sentAt` when it
 * was sent: the time left is counted from then, so an answer that comes late (a phone asleep in between) never
 * makes the session seem longer here than it is on the server.
 */
export function noteSessionAnswer(endsIn: number | null, inputAt: number, sentAt: number): void {
  if (!current || expired) return;
  if (endsIn === null) {
    expireSession();
    return;
  }
  reportedInputAt = Math.max(reportedInputAt, inputAt);
  const next = sentAt + endsIn;
  if (Math.abs(next - endsAt) >= END_MOVED_MS) {
    endsAt = next;
    persist();
  }
  schedule();
}

/**
 * The session has ended by time or on the server: the screen and whatever is typed on it stay, and the person
 * is asked to log in again over it (SessionExpiredDialog). The stored session stays until they do or log out.
 */
export function expireSession(): void {
  if (!current || expired) return;
  expired = true;
  clearTimeout(timer);
  emit();
  for (const listener of endListeners) listener("expired");
}

/** Forgets the driver locally. The caller tells the server (logout) when that is the reason. */
export function endSession(reason: SessionEndReason): void {
  if (!current) return;
  current = null;
  accountEmail = "";
  expired = false;
  localStore.remove(STORAGE_KEYS.session);
  clearTimeout(timer);
  emit();
  for (const listener of endListeners) listener(reason);
}

export function getSession(): SignedIn | null {
  return current;
}

/** The address this tab logged in with, or "" when it does not know (the page was reloaded since). */
export function getAccountEmail(): string {
  return accountEmail;
}

export function isSessionExpired(): boolean {
  return expired;
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

/**
 * The current session, or null when nobody is signed in. Re-renders on login and logout; an expired session
 * stays until the person logs in again or out, so the screen under the login dialog stays as it was.
 */
export function useSession(): SignedIn | null {
  return useSyncExternalStore(subscribe, getSession, getSession);
}

/** True while the session has ended and the person has not logged in again. */
export function useSessionExpired(): boolean {
  return useSyncExternalStore(subscribe, isSessionExpired, isSessionExpired);
}

/** currentOwner(), re-rendering on login, logout and expiry. */
export function useOwner(): string | null {
  return useSyncExternalStore(subscribe, currentOwner, currentOwner);
}
