import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  countedFailures,
  LOGIN_BACKOFF,
  type LoginBackoffRule,
  lockoutMs,
  tooManyAttemptsMessage,
  waitBeforeAttempt,
} from "./login-backoff";

// A rule remembers failures for at least as long as it locks out (as the product's do).
const rules = fc.record({
  freeFailures: fc.integer({ min: 1, max: 200 }),
  firstLockoutMs: fc.integer({ min: 1, max: 60_000 }),
  maxLockoutMs: fc.integer({ min: 60_000, max: 3_600_000 }),
  forgetAfterMs: fc.integer({ min: 3_600_000, max: 7 * 24 * 3_600_000 }),
}) satisfies fc.Arbitrary<LoginBackoffRule>;

const NOW = Date.parse("2025-06-07T08:00:00.000Z");

describe("lockoutMs", () => {
  it("locks nothing before the free failures are used up", () => {
    fc.assert(
      fc.property(rules, fc.nat(), (rule, n) => {
        expect(lockoutMs(n % rule.freeFailures, rule)).toBe(0);
      }),
    );
  });

  it("starts at the first lock-out and doubles with each further failure up to the cap", () => {
    fc.assert(
      fc.property(rules, fc.integer({ min: 0, max: 10_000 }), (rule, extra) => {
        const failures = rule.freeFailures + extra;
        expect(lockoutMs(rule.freeFailures, rule)).toBe(Math.min(rule.firstLockoutMs, rule.maxLockoutMs));
        expect(lockoutMs(failures + 1, rule)).toBe(
          Math.min(rule.maxLockoutMs, 2 * lockoutMs(failures, rule)),
        );
        expect(lockoutMs(failures, rule)).toBeLessThanOrEqual(rule.maxLockoutMs);
      }),
    );
  });

  it("gives the product's steps: 1 s after the tenth failure of an account, 15 min at most", () => {
    const rule = LOGIN_BACKOFF.perAccount;
    expect([9, 10, 11, 12, 13].map((n) => lockoutMs(n, rule))).toEqual([0, 1000, 2000, 4000, 8000]);
    expect(lockoutMs(19, rule)).toBe(512_000);
    expect(lockoutMs(20, rule)).toBe(900_000);
    expect(lockoutMs(1_000_000, rule)).toBe(900_000);
    expect(lockoutMs(99, LOGIN_BACKOFF.perAddress)).toBe(0);
    expect(lockoutMs(100, LOGIN_BACKOFF.perAddress)).toBe(1000);
  });
});

describe("waitBeforeAttempt", () => {
  const records = fc.record({
    failures: fc.integer({ min: 0, max: 500 }),
    sinceMs: fc.nat(3 * 24 * 3_600_000),
  });

  it("lets the next attempt through exactly when the lock-out since the last failure has passed", () => {
    fc.assert(
      fc.property(rules, records, (rule, { failures, sinceMs }) => {
        const record = { failures, lastFailureAt: NOW - sinceMs };
        const wait = waitBeforeAttempt(record, NOW, rule);
        expect(wait).toBeGreaterThanOrEqual(0);
        expect(wait).toBeLessThanOrEqual(rule.maxLockoutMs);
        expect(waitBeforeAttempt(record, NOW + wait, rule)).toBe(0);
        if (wait > 0) expect(waitBeforeAttempt(record, NOW + wait - 1, rule)).toBe(1);
        const lockedUntil = record.lastFailureAt + lockoutMs(countedFailures(record, NOW, rule), rule);
        expect(wait).toBe(Math.max(0, lockedUntil - NOW));
      }),
    );
  });

  it("never locks before the free failures are used up, and forgets a count a day after its last failure", () => {
    fc.assert(
      fc.property(rules, records, (rule, { failures, sinceMs }) => {
        const record = { failures, lastFailureAt: NOW - sinceMs };
        if (failures < rule.freeFailures) expect(waitBeforeAttempt(record, NOW, rule)).toBe(0);
        const later = record.lastFailureAt + rule.forgetAfterMs;
        expect(countedFailures(record, later, rule)).toBe(0);
        expect(waitBeforeAttempt(record, later, rule)).toBe(0);
        expect(countedFailures(record, later - 1, rule)).toBe(failures);
      }),
    );
    expect(waitBeforeAttempt(undefined, NOW, LOGIN_BACKOFF.perAccount)).toBe(0);
  });
});

describe("tooManyAttemptsMessage", () => {
  it("says how long to wait, in seconds under a minute and in minutes above, and nothing else", () => {
    expect(tooManyAttemptsMessage(1)).toBe("Too many attempts. Please wait 1 second and try again.");
    expect(tooManyAttemptsMessage(4000)).toBe("Too many attempts. Please wait 4 seconds and try again.");
    expect(tooManyAttemptsMessage(59_001)).toBe("Too many attempts. Please wait 1 minute and try again.");
    expect(tooManyAttemptsMessage(900_000)).toBe("Too many attempts. Please wait 15 minutes and try again.");
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 24 * 3_600_000 }), (ms) => {
        expect(tooManyAttemptsMessage(ms)).toMatch(
          /^Too many attempts\. Please wait \d+ (seconds?|minutes?) and try again\.$/,
        );
      }),
    );
  });
});
