import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  DEFAULT_SESSION_MAX_HOURS,
  firstSessionExpiry,
  isSessionAlive,
  lastActivityAt,
  parseIdleHeader,
  parseSessionEndsIn,
  parseStoredSession,
  renewedSessionExpiry,
  SESSION_IDLE_MS,
  SESSION_MAX_HOURS_LIMIT,
  SESSION_RENEWAL_STEP_MS,
  serializeSession,
  sessionCapAt,
} from "./session";

const login = 1_700_000_000_000;
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const workingDay = DEFAULT_SESSION_MAX_HOURS * HOUR;

/** A session's end after each use in turn, as the server keeps it: the end in force after the last one. */
function afterUses(createdAt: number, uses: readonly number[], maxMs: number): number {
  let expiresAt = firstSessionExpiry(createdAt, maxMs);
  for (const at of uses) {
    expiresAt = renewedSessionExpiry({ createdAt, expiresAt }, at, maxMs) ?? expiresAt;
  }
  return expiresAt;
}

describe("the session's times", () => {
  it("are 30 minutes idle, a working day of 10 hours at most, renewed a minute ahead", () => {
    expect(SESSION_IDLE_MS).toBe(1_800_000);
    expect(DEFAULT_SESSION_MAX_HOURS).toBe(10);
    expect(SESSION_RENEWAL_STEP_MS).toBe(60_000);
    expect(firstSessionExpiry(login, workingDay)).toBe(login + 1_800_000);
    expect(sessionCapAt(login, workingDay)).toBe(login + 10 * HOUR);
  });

  it("end a new session at the cap when the cap is shorter than 30 minutes", () => {
    expect(firstSessionExpiry(login, 20 * MINUTE)).toBe(login + 20 * MINUTE);
  });
});

describe("renewedSessionExpiry", () => {
  const session = { createdAt: login, expiresAt: login + SESSION_IDLE_MS };

  it("moves the end to 30 minutes (and the step) after a use", () => {
    expect(renewedSessionExpiry(session, login + 10 * MINUTE, workingDay)).toBe(login + 41 * MINUTE);
  });

  it("writes nothing while the end is already 30 minutes past the use", () => {
    expect(renewedSessionExpiry(session, login, workingDay)).toBeNull();
    const renewed = { createdAt: login, expiresAt: login + 41 * MINUTE };
    expect(renewedSessionExpiry(renewed, login + 10 * MINUTE + 59_999, workingDay)).toBeNull();
    expect(renewedSessionExpiry(renewed, login + 11 * MINUTE + 1, workingDay)).toBe(login + 42 * MINUTE + 1);
  });

  it("never brings an ended session back", () => {
    expect(renewedSessionExpiry(session, session.expiresAt, workingDay)).toBeNull();
    expect(renewedSessionExpiry(session, session.expiresAt + 1, workingDay)).toBeNull();
  });

  it("stops at the cap, and after it renews nothing", () => {
    const late = { createdAt: login, expiresAt: login + workingDay - 5 * MINUTE };
    expect(renewedSessionExpiry(late, login + workingDay - 10 * MINUTE, workingDay)).toBe(login + workingDay);
    const atCap = { createdAt: login, expiresAt: login + workingDay };
    expect(renewedSessionExpiry(atCap, login + workingDay - MINUTE, workingDay)).toBeNull();
  });

  it("is never past the cap and never shortens the session", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: SESSION_MAX_HOURS_LIMIT * HOUR }),
        fc.integer({ min: 0, max: SESSION_MAX_HOURS_LIMIT * HOUR }),
        fc.integer({ min: -HOUR, max: SESSION_MAX_HOURS_LIMIT * HOUR }),
        (maxMs, end, use) => {
          const current = { createdAt: login, expiresAt: login + Math.min(end, maxMs) };
          const renewed = renewedSessionExpiry(current, login + use, maxMs);
          if (renewed === null) return;
          expect(renewed).toBeLessThanOrEqual(login + maxMs);
          expect(renewed).toBeGreaterThan(current.expiresAt);
          expect(renewed).toBeGreaterThan(login + use);
        },
      ),
    );
  });

  it("never lets a session end while its uses are under 30 minutes apart, until the cap", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: HOUR, max: SESSION_MAX_HOURS_LIMIT * HOUR }),
        fc.array(fc.integer({ min: 0, max: SESSION_IDLE_MS - 1 }), { maxLength: 80 }),
        (maxMs, gaps) => {
          let createdAt = login;
          let expiresAt = firstSessionExpiry(createdAt, maxMs);
          let at = login;
          for (const gap of gaps) {
            at += gap;
            if (at >= sessionCapAt(createdAt, maxMs)) {
              // The cap: the session has ended however busy it was.
              expect(isSessionAlive({ loginTime: createdAt, expiresAt }, at)).toBe(false);
              createdAt = at;
              expiresAt = firstSessionExpiry(createdAt, maxMs);
              continue;
            }
            expect(at).toBeLessThan(expiresAt);
            expiresAt = renewedSessionExpiry({ createdAt, expiresAt }, at, maxMs) ?? expiresAt;
          }
        },
      ),
    );
  });

  it("ends an idle session within 31 minutes of its last use, and never past the cap", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: HOUR, max: SESSION_MAX_HOURS_LIMIT * HOUR }),
        fc.array(fc.integer({ min: 0, max: 40 * MINUTE }), { maxLength: 60 }),
        (maxMs, gaps) => {
          const uses: number[] = [];
          let at = login;
          for (const gap of gaps) {
            at += gap;
            uses.push(at);
          }
          const expiresAt = afterUses(login, uses, maxMs);
          const lastUse = Math.max(login, ...uses);
          expect(expiresAt).toBeLessThanOrEqual(lastUse + SESSION_IDLE_MS + SESSION_RENEWAL_STEP_MS);
          expect(expiresAt).toBeLessThanOrEqual(sessionCapAt(login, maxMs));
        },
      ),
    );
  });

  it("keeps a session used every 10 minutes for two hours, and ends it half an hour after the last use", () => {
    const uses = Array.from({ length: 12 }, (_, i) => login + (i + 1) * 10 * MINUTE);
    const expiresAt = afterUses(login, uses, workingDay);
    expect(expiresAt).toBeGreaterThan(login + 2 * HOUR + 30 * MINUTE - 1);
    expect(expiresAt).toBeLessThanOrEqual(login + 2 * HOUR + 31 * MINUTE);
  });
});

describe("the idle time a call reports", () => {
  it("reads whole milliseconds, held to 30 minutes", () => {
    expect(parseIdleHeader("0")).toBe(0);
    expect(parseIdleHeader("1234")).toBe(1234);
    expect(parseIdleHeader(String(SESSION_IDLE_MS + 1))).toBe(SESSION_IDLE_MS);
    expect(parseIdleHeader("999999999999999")).toBe(SESSION_IDLE_MS);
  });

  it("is null when absent, repeated or not a whole number", () => {
    for (const bad of [undefined, "", "-1", "1.5", "1e3", " 12", "abc", "9".repeat(21), ["1", "2"]]) {
      expect(parseIdleHeader(bad)).toBeNull();
    }
  });

  it("puts the last use that long before now, and nowhere when the call does not say", () => {
    expect(lastActivityAt(login, 5000)).toBe(login - 5000);
    expect(lastActivityAt(login, null)).toBeNull();
  });

  it("can never put a use after now or more than 30 minutes before it", () => {
    fc.assert(
      fc.property(fc.string(), (raw) => {
        const at = lastActivityAt(login, parseIdleHeader(raw));
        if (at === null) return;
        expect(at).toBeLessThanOrEqual(login);
        expect(at).toBeGreaterThanOrEqual(login - SESSION_IDLE_MS);
      }),
    );
  });
});

describe("parseSessionEndsIn", () => {
  it("reads whole milliseconds, held to the longest cap", () => {
    expect(parseSessionEndsIn("1800000")).toBe(1_800_000);
    expect(parseSessionEndsIn("0")).toBe(0);
    expect(parseSessionEndsIn("999999999999999")).toBe(SESSION_MAX_HOURS_LIMIT * HOUR);
  });

  it("is null when absent or not a whole number", () => {
    for (const bad of [null, "", "-5", "1.5", "soon"]) expect(parseSessionEndsIn(bad)).toBeNull();
  });
});

describe("isSessionAlive", () => {
  const session = { loginTime: login, expiresAt: login + SESSION_IDLE_MS };

  it("is alive from login until one millisecond before its end", () => {
    expect(isSessionAlive(session, login)).toBe(true);
    expect(isSessionAlive(session, login + SESSION_IDLE_MS - 1)).toBe(true);
  });

  it("has ended at its end and after", () => {
    expect(isSessionAlive(session, login + SESSION_IDLE_MS)).toBe(false);
    expect(isSessionAlive(session, login + 31 * MINUTE)).toBe(false);
  });

  it("does not trust a login time in the future, an end past any cap, or a non-number", () => {
    expect(isSessionAlive(session, login - 1)).toBe(false);
    expect(isSessionAlive({ loginTime: login, expiresAt: login + 25 * HOUR }, login + 1000)).toBe(false);
    expect(isSessionAlive({ loginTime: Number.NaN, expiresAt: login }, login)).toBe(false);
  });

  it("is alive exactly when now is between login and the end", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10 * HOUR }),
        fc.integer({ min: 0, max: 11 * HOUR }),
        (end, age) => {
          expect(isSessionAlive({ loginTime: login, expiresAt: login + end }, login + age)).toBe(age < end);
        },
      ),
    );
  });
});

describe("parseStoredSession", () => {
  const stored = {
    accountId: "acc-1",
    driverName: "Sam Driver",
    loginTime: login,
    expiresAt: login + 2 * HOUR,
  };

  it("restores a session before its end, however long after login", () => {
    expect(parseStoredSession(serializeSession(stored), login + 90 * MINUTE)).toEqual(stored);
  });

  it("drops a session at its end", () => {
    expect(parseStoredSession(serializeSession(stored), login + 2 * HOUR)).toBeNull();
  });

  it("gives a session kept without its end 30 minutes from login", () => {
    const old = JSON.stringify({ accountId: "acc-1", driverName: "Sam", loginTime: login });
    expect(parseStoredSession(old, login + 29 * MINUTE)?.expiresAt).toBe(login + SESSION_IDLE_MS);
    expect(parseStoredSession(old, login + SESSION_IDLE_MS)).toBeNull();
  });

  it("drops missing and corrupt values", () => {
    const now = login + 1000;
    expect(parseStoredSession(null, now)).toBeNull();
    expect(parseStoredSession("", now)).toBeNull();
    expect(parseStoredSession("{not json", now)).toBeNull();
    expect(parseStoredSession("null", now)).toBeNull();
    expect(parseStoredSession("[]", now)).toBeNull();
    expect(parseStoredSession(JSON.stringify({ driverName: "Sam" }), now)).toBeNull();
    expect(parseStoredSession(JSON.stringify({ loginTime: login }), now)).toBeNull();
    expect(parseStoredSession(JSON.stringify({ driverName: "   ", loginTime: login }), now)).toBeNull();
    expect(
      parseStoredSession(JSON.stringify({ driverName: "Sam", loginTime: String(login) }), now),
    ).toBeNull();
    expect(parseStoredSession(JSON.stringify({ ...stored, expiresAt: "later" }), now)).toBeNull();
    expect(parseStoredSession(JSON.stringify({ ...stored, expiresAt: login + 0.5 }), now)).toBeNull();
  });

  it("trims the name and holds it and the login time to their limits", () => {
    const now = login + 1000;
    const read = (driverName: unknown, loginTime: unknown) =>
      parseStoredSession(JSON.stringify({ accountId: "acc-1", driverName, loginTime }), now);
    expect(read("  Sam Driver ", login)).toEqual({
      accountId: "acc-1",
      driverName: "Sam Driver",
      loginTime: login,
      expiresAt: login + SESSION_IDLE_MS,
    });
    expect(read("a".repeat(200), login)?.driverName).toHaveLength(200);
    expect(read("a".repeat(201), login)).toBeNull();
    expect(read("Sam", login + 0.5)).toBeNull();
    expect(read("Sam", -1)).toBeNull();
  });

  it("needs the account's id: a session stored by name alone is not trusted", () => {
    const now = login + 1000;
    expect(parseStoredSession(JSON.stringify({ driverName: "Sam", loginTime: login }), now)).toBeNull();
    expect(
      parseStoredSession(JSON.stringify({ accountId: "", driverName: "Sam", loginTime: login }), now),
    ).toBeNull();
  });

  it("never throws, whatever is stored", () => {
    fc.assert(
      fc.property(fc.string(), (raw) => {
        expect(() => parseStoredSession(raw, login)).not.toThrow();
      }),
    );
  });
});
