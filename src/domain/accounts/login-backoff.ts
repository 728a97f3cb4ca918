import type { ErrorText } from "../api/api-error";

/**
 * Failed logins are counted under three keys: an account from one client address, a client address whatever
 * account it names, and an account from every address together. Under each, the first `freeFailures` cost
 * nothing; from then on every failure locks further attempts under that key for a time that doubles with each
 * failure, from `firstLockoutMs` up to `maxLockoutMs`. A count covers `forgetAfterMs` from its first failure and
 * then starts again from nothing.
 */
export interface LoginBackoffRule {
  freeFailures: number;
  firstLockoutMs: number;
  maxLockoutMs: number;
  forgetAfterMs: number;
}

const SECOND_MS = 1000;
const MINUTE_MS = 60 * SECOND_MS;
const DAY_MS = 24 * 60 * MINUTE_MS;

/** 1 s, 2 s, 4 s ... 15 min, a day's count at a time. */
const doublingToQuarterHour = {
  firstLockoutMs: SECOND_MS,
  maxLockoutMs: 15 * MINUTE_MS,
  forgetAfterMs: DAY_MS,
} as const;

/**
 * The figures. Someone guessing one account's password from one place is slowed after 10 failures, to one try
 * per 15 minutes (about 115 a day), while the account's owner on their own phone, at another address, logs in
 * as ever. A site office's drivers share one address, so an address may fail 100 times across its accounts.
 * And however many addresses a botnet spreads its guesses over, an account takes at most 500 failures a day
 * before every address waits (about 600 guesses a day in all): far more than anyone guessing from a few places
 * can make, so only such an attack ever makes the owner wait.
 */
export const LOGIN_BACKOFF = {
  perAccountAtAddress: { freeFailures: 10, ...doublingToQuarterHour },
  perAddress: { freeFailures: 100, ...doublingToQuarterHour },
  perAccount: { freeFailures: 500, ...doublingToQuarterHour },
} as const satisfies Record<string, LoginBackoffRule>;

/**
 * One key's failures as stored: how many, when the first of the count was and when the last one was
 * (milliseconds since the epoch).
 */
export interface LoginFailures {
  failures: number;
  firstFailureAt: number;
  lastFailureAt: number;
}

/** How long attempts stay locked after the last of `failures` failures. */
export function lockoutMs(failures: number, rule: LoginBackoffRule): number {
  if (failures < rule.freeFailures) return 0;
  // Past about 60 doublings any cap is reached; bounding the exponent keeps the number finite.
  const doublings = Math.min(failures - rule.freeFailures, 60);
  return Math.min(rule.maxLockoutMs, rule.firstLockoutMs * 2 ** doublings);
}

/** The failures that still count at `now`: none once the count's first failure is older than the rule's memory. */
export function countedFailures(
  record: LoginFailures | undefined,
  now: number,
  rule: LoginBackoffRule,
): number {
  if (!record || now - record.firstFailureAt >= rule.forgetAfterMs) return 0;
  return record.failures;
}

/** Milliseconds until the next attempt may be made; 0 when it may be made now. */
export function waitBeforeAttempt(
  record: LoginFailures | undefined,
  now: number,
  rule: LoginBackoffRule,
): number {
  const failures = countedFailures(record, now, rule);
  if (!record || failures === 0) return 0;
  // A lock-out ends when the count it comes from is forgotten, even if its full length has not passed.
  const lockedUntil = Math.min(
    record.lastFailureAt + lockoutMs(failures, rule),
    record.firstFailureAt + rule.forgetAfterMs,
  );
  return Math.max(0, lockedUntil - now);
}

/** The record after one more failure at `now`: added to the count, or the first of a new one. */
export function withFailure(
  record: LoginFailures | undefined,
  now: number,
  rule: LoginBackoffRule,
): LoginFailures {
  const failures = countedFailures(record, now, rule);
  return {
    failures: failures + 1,
    firstFailureAt: record && failures > 0 ? record.firstFailureAt : now,
    lastFailureAt: now,
  };
}

/** The one answer to a locked login, the same for every account and address: it says only how long to wait. */
export function tooManyAttemptsText(waitMs: number): ErrorText {
  const seconds = Math.max(1, Math.ceil(waitMs / SECOND_MS));
  if (seconds < 60) return { key: "apiError.tooManyAttempts", params: { unit: "seconds", count: seconds } };
  return { key: "apiError.tooManyAttempts", params: { unit: "minutes", count: Math.ceil(seconds / 60) } };
}
