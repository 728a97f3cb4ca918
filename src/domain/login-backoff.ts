/**
 * Failed logins are counted per account and per client address. The first `freeFailures` cost nothing; from
 * then on every failure locks further attempts for a time that doubles with each failure, from `firstLockoutMs`
 * up to `maxLockoutMs`. A count is forgotten `forgetAfterMs` after its last failure; an account's also on a
 * successful login.
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

/**
 * 1 s, 2 s, 4 s ... 15 min: a driver who mistypes a few more times waits seconds, while guessing one account
 * settles at one try per 15 minutes (under 100 a day). An address may fail more, as a site office's drivers
 * share one.
 */
export const LOGIN_BACKOFF = {
  perAccount: {
    freeFailures: 10,
    firstLockoutMs: SECOND_MS,
    maxLockoutMs: 15 * MINUTE_MS,
    forgetAfterMs: DAY_MS,
  },
  perAddress: {
    freeFailures: 100,
    firstLockoutMs: SECOND_MS,
    maxLockoutMs: 15 * MINUTE_MS,
    forgetAfterMs: DAY_MS,
  },
} as const satisfies Record<string, LoginBackoffRule>;

/** One key's failures as stored: how many, and when the last one was (milliseconds since the epoch). */
export interface LoginFailures {
  failures: number;
  lastFailureAt: number;
}

/** How long attempts stay locked after the last of `failures` failures. */
export function lockoutMs(failures: number, rule: LoginBackoffRule): number {
  if (failures < rule.freeFailures) return 0;
  // Past about 60 doublings any cap is reached; bounding the exponent keeps the number finite.
  const doublings = Math.min(failures - rule.freeFailures, 60);
  return Math.min(rule.maxLockoutMs, rule.firstLockoutMs * 2 ** doublings);
}

/** The failures that still count at `now`: none once the last is older than the rule's memory. */
export function countedFailures(
  record: LoginFailures | undefined,
  now: number,
  rule: LoginBackoffRule,
): number {
  if (!record || now - record.lastFailureAt >= rule.forgetAfterMs) return 0;
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
  return Math.max(0, record.lastFailureAt + lockoutMs(failures, rule) - now);
}

/** The one answer to a locked login, the same for every account and address: it says only how long to wait. */
export function tooManyAttemptsMessage(waitMs: number): string {
  const seconds = Math.max(1, Math.ceil(waitMs / SECOND_MS));
  if (seconds < 60)
    return `Too many attempts. Please wait ${seconds} second${seconds === 1 ? "" : "s"} and try again.`;
  const minutes = Math.ceil(seconds / 60);
  return `Too many attempts. Please wait ${minutes} minute${minutes === 1 ? "" : "s"} and try again.`;
}
