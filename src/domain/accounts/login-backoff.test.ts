import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { english } from "../text/i18n/english";
import {
  countedFailures,
  LOGIN_BACKOFF,
  type LoginBackoffRule,
  type LoginFailures,
  lockoutMs,
  tooManyAttemptsText,
  waitBeforeAttempt,
  withFailure,
} from "./login-backoff";

// A rule remembers failures for at least as long as it locks out (as the product's do); a lock-out that
// outlasts its count's memory ends with it.
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

  it("gives the product's steps: 1 s after an account's tenth failure from one address, 15 min at most", () => {
    const rule = LOGIN_BACKOFF.perAccountAtAddress;
    expect([9, 10, 11, 12, 13].map((n) => lockoutMs(n, rule))).toEqual([0, 1000, 2000, 4000, 8000]);
    expect(lockoutMs(19, rule)).toBe(512_000);
    expect(lockoutMs(20, rule)).toBe(900_000);
    expect(lockoutMs(1_000_000, rule)).toBe(900_000);
    expect(lockoutMs(99, LOGIN_BACKOFF.perAddress)).toBe(0);
    expect(lockoutMs(100, LOGIN_BACKOFF.perAddress)).toBe(1000);
    expect(lockoutMs(499, LOGIN_BACKOFF.perAccount)).toBe(0);
    expect(lockoutMs(500, LOGIN_BACKOFF.perAccount)).toBe(1000);
  });
});

describe("waitBeforeAttempt", () => {
  const records = fc.record({
    failures: fc.integer({ min: 0, max: 500 }),
    sinceFirstMs: fc.nat(3 * 24 * 3_600_000),
    lastAfterFirstMs: fc.nat(3 * 24 * 3_600_000),
  });
  const recordOf = ({
    failures,
    sinceFirstMs,
    lastAfterFirstMs,
  }: {
    failures: number;
    sinceFirstMs: number;
    lastAfterFirstMs: number;
  }) => ({
    failures,
    firstFailureAt: NOW - sinceFirstMs,
    lastFailureAt: NOW - sinceFirstMs + Math.min(lastAfterFirstMs, sinceFirstMs),
  });

  it("lets the next attempt through exactly when the lock-out since the last failure has passed", () => {
    fc.assert(
      fc.property(rules, records, (rule, fields) => {
        const record = recordOf(fields);
        const wait = waitBeforeAttempt(record, NOW, rule);
        expect(wait).toBeGreaterThanOrEqual(0);
        expect(wait).toBeLessThanOrEqual(rule.maxLockoutMs);
        expect(waitBeforeAttempt(record, NOW + wait, rule)).toBe(0);
        if (wait > 0) expect(waitBeforeAttempt(record, NOW + wait - 1, rule)).toBeGreaterThan(0);
        if (countedFailures(record, NOW, rule) > 0) {
          const lockedUntil = Math.min(
            record.lastFailureAt + lockoutMs(record.failures, rule),
            record.firstFailureAt + rule.forgetAfterMs,
          );
          expect(wait).toBe(Math.max(0, lockedUntil - NOW));
        } else expect(wait).toBe(0);
      }),
    );
  });

  it("ends a lock-out when its count is forgotten, not later", () => {
    const rule = { freeFailures: 1, firstLockoutMs: 1, maxLockoutMs: 3_599_986, forgetAfterMs: 3_600_000 };
    const record = { failures: 23, firstFailureAt: NOW - 15, lastFailureAt: NOW };
    expect(waitBeforeAttempt(record, NOW, rule)).toBe(3_600_000 - 15);
  });

  it("never locks before the free failures are used up, and forgets a count a day after its first failure", () => {
    fc.assert(
      fc.property(rules, records, (rule, fields) => {
        const record = recordOf(fields);
        if (record.failures < rule.freeFailures) expect(waitBeforeAttempt(record, NOW, rule)).toBe(0);
        const later = record.firstFailureAt + rule.forgetAfterMs;
        expect(countedFailures(record, later, rule)).toBe(0);
        expect(waitBeforeAttempt(record, later, rule)).toBe(0);
        expect(countedFailures(record, later - 1, rule)).toBe(record.failures);
      }),
    );
    expect(waitBeforeAttempt(undefined, NOW, LOGIN_BACKOFF.perAccount)).toBe(0);
  });
});

describe("withFailure", () => {
  it("adds a failure to a count that still covers now, and starts a new one otherwise", () => {
    fc.assert(
      fc.property(
        rules,
        fc.integer({ min: 1, max: 1000 }),
        fc.nat(3 * 24 * 3_600_000),
        fc.nat(3 * 24 * 3_600_000),
        (rule, failures, sinceFirstMs, lastAfterFirstMs) => {
          const firstFailureAt = NOW - sinceFirstMs;
          const record = {
            failures,
            firstFailureAt,
            lastFailureAt: firstFailureAt + Math.min(lastAfterFirstMs, sinceFirstMs),
          };
          const next = withFailure(record, NOW, rule);
          expect(next.lastFailureAt).toBe(NOW);
          if (sinceFirstMs < rule.forgetAfterMs) {
            expect(next).toEqual({ failures: failures + 1, firstFailureAt, lastFailureAt: NOW });
          } else {
            expect(next).toEqual({ failures: 1, firstFailureAt: NOW, lastFailureAt: NOW });
          }
        },
      ),
    );
    const rule = LOGIN_BACKOFF.perAccount;
    expect(withFailure(undefined, NOW, rule)).toEqual({
      failures: 1,
      firstFailureAt: NOW,
      lastFailureAt: NOW,
    });
  });
});

/**
 * Logins as the server makes them, by the rules alone: an attempt goes ahead only when none of its keys is locked
 * (a refused one counts nowhere), and a wrong password is a failure under each of them.
 */
function attempt(
  keys: ReadonlyArray<{ record: LoginFailures | undefined; rule: LoginBackoffRule }>,
  at: number,
): { wait: number; after: Array<LoginFailures | undefined> } {
  const wait = Math.max(...keys.map(({ record, rule }) => waitBeforeAttempt(record, at, rule)));
  return {
    wait,
    after: keys.map(({ record, rule }) => (wait > 0 ? record : withFailure(record, at, rule))),
  };
}

const DAY_MS = 24 * 3_600_000;
/** An attacker's delay after each moment it may try again: mostly none, sometimes hours. */
const delays = fc.array(
  fc.oneof(fc.constant(0), fc.constant(0), fc.integer({ min: 0, max: 3 * 3_600_000 })),
  {
    minLength: 300,
    maxLength: 400,
  },
);

describe("the three counts together", () => {
  const { perAccountAtAddress, perAddress, perAccount } = LOGIN_BACKOFF;

  it("never make the owner wait on their own phone while one address guesses their password, however it times its tries", () => {
    fc.assert(
      fc.property(delays, fc.array(fc.nat(DAY_MS), { minLength: 1, maxLength: 3 }), (waits, ownerAfter) => {
        let atAddress: LoginFailures | undefined;
        let address: LoginFailures | undefined;
        let account: LoginFailures | undefined;
        let now = NOW;
        for (const delay of waits) {
          const keys = [
            { record: address, rule: perAddress },
            { record: atAddress, rule: perAccountAtAddress },
            { record: account, rule: perAccount },
          ];
          now += Math.max(...keys.map(({ record, rule }) => waitBeforeAttempt(record, now, rule))) + delay;
          const guess = attempt(keys, now);
          expect(guess.wait).toBe(0);
          [address, atAddress, account] = guess.after;
          // The owner, from another address with no failures of its own, at any moment of the attack.
          expect(countedFailures(account, now, perAccount)).toBeLessThan(perAccount.freeFailures);
          for (const after of ownerAfter) {
            const owner = attempt(
              [
                { record: undefined, rule: perAddress },
                { record: undefined, rule: perAccountAtAddress },
                { record: account, rule: perAccount },
              ],
              now + (after % 900_000),
            );
            expect(owner.wait).toBe(0);
          }
        }
      }),
    );
  });

  it("let one address make at most 114 guesses at one account in the day from its first", () => {
    fc.assert(
      fc.property(delays, (waits) => {
        let atAddress: LoginFailures | undefined;
        let address: LoginFailures | undefined;
        let now = NOW;
        const failuresByDay = new Map<number, number>();
        for (const delay of waits) {
          const keys = [
            { record: address, rule: perAddress },
            { record: atAddress, rule: perAccountAtAddress },
          ];
          now += Math.max(...keys.map(({ record, rule }) => waitBeforeAttempt(record, now, rule))) + delay;
          [address, atAddress] = attempt(keys, now).after;
          const day = atAddress!.firstFailureAt;
          failuresByDay.set(day, (failuresByDay.get(day) ?? 0) + 1);
        }
        for (const count of failuresByDay.values()) expect(count).toBeLessThanOrEqual(114);
      }),
    );
  });

  it("let a botnet, a new address for every guess, make at most 604 guesses at one account in the day from its first", () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 3 * 3_600_000 })), {
          minLength: 700,
          maxLength: 900,
        }),
        (waits) => {
          let account: LoginFailures | undefined;
          let now = NOW;
          const failuresByDay = new Map<number, number>();
          for (const delay of waits) {
            now += waitBeforeAttempt(account, now, perAccount) + delay;
            // Each address is new: its own counts never stop it.
            [, , account] = attempt(
              [
                { record: undefined, rule: perAddress },
                { record: undefined, rule: perAccountAtAddress },
                { record: account, rule: perAccount },
              ],
              now,
            ).after;
            const day = account!.firstFailureAt;
            failuresByDay.set(day, (failuresByDay.get(day) ?? 0) + 1);
          }
          for (const count of failuresByDay.values()) expect(count).toBeLessThanOrEqual(604);
        },
      ),
    );
    // Guessing as fast as it may, it reaches exactly that.
    let account: LoginFailures | undefined;
    let now = NOW;
    let guesses = 0;
    while (now < NOW + DAY_MS) {
      account = withFailure(account, now, perAccount);
      guesses += 1;
      now += waitBeforeAttempt(account, now, perAccount);
    }
    expect(guesses).toBe(604);
  });
});

const tooManyAttemptsMessage = (waitMs: number) => {
  const { key, params } = tooManyAttemptsText(waitMs);
  return english(key, params);
};

const longestLockout = Math.max(...Object.values(LOGIN_BACKOFF).map((rule) => rule.maxLockoutMs));

describe("tooManyAttemptsText", () => {
  it("says how long to wait, in seconds under a minute and in minutes above, and nothing else", () => {
    expect(tooManyAttemptsMessage(1)).toBe("Too many attempts. Please wait 1 second and try again.");
    expect(tooManyAttemptsMessage(4000)).toBe("Too many attempts. Please wait 4 seconds and try again.");
    expect(tooManyAttemptsMessage(59_001)).toBe("Too many attempts. Please wait 1 minute and try again.");
    expect(tooManyAttemptsMessage(900_000)).toBe("Too many attempts. Please wait 15 minutes and try again.");
    fc.assert(
      fc.property(fc.integer({ min: 0, max: longestLockout }), (ms) => {
        expect(tooManyAttemptsMessage(ms)).toMatch(
          /^Too many attempts\. Please wait \d+ (seconds?|minutes?) and try again\.$/,
        );
      }),
    );
  });
});
