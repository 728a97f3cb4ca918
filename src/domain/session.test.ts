import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  isSessionAlive,
  parseStoredSession,
  SESSION_LIFETIME_MS,
  serializeSession,
  sessionExpiresAt,
} from "./session";

const login = 1_700_000_000_000;

describe("session lifetime", () => {
  it("is 30 minutes", () => {
    expect(SESSION_LIFETIME_MS).toBe(1_800_000);
    expect(sessionExpiresAt(login)).toBe(login + 1_800_000);
  });

  it("is alive right after login and one millisecond before 30 minutes", () => {
    expect(isSessionAlive(login, login)).toBe(true);
    expect(isSessionAlive(login, login + 29 * 60 * 1000)).toBe(true);
    expect(isSessionAlive(login, login + 1_800_000 - 1)).toBe(true);
  });

  it("has ended at exactly 30 minutes and after", () => {
    expect(isSessionAlive(login, login + 1_800_000)).toBe(false);
    expect(isSessionAlive(login, login + 31 * 60 * 1000)).toBe(false);
  });

  it("does not trust a login time in the future or a non-number", () => {
    expect(isSessionAlive(login + 1000, login)).toBe(false);
    expect(isSessionAlive(Number.NaN, login)).toBe(false);
  });

  it("is alive exactly when the age is below the lifetime", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 4_000_000 }), (age) => {
        expect(isSessionAlive(login, login + age)).toBe(age < 1_800_000);
      }),
    );
  });
});

describe("parseStoredSession", () => {
  it("restores a young session", () => {
    const raw = serializeSession({ accountId: "acc-1", driverName: "Sam Driver", loginTime: login });
    expect(parseStoredSession(raw, login + 60_000)).toEqual({
      accountId: "acc-1",
      driverName: "Sam Driver",
      loginTime: login,
    });
  });

  it("drops an expired session", () => {
    const raw = serializeSession({ accountId: "acc-1", driverName: "Sam Driver", loginTime: login });
    expect(parseStoredSession(raw, login + SESSION_LIFETIME_MS)).toBeNull();
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
  });

  it("trims the name and holds it and the login time to their limits", () => {
    const now = login + 1000;
    const stored = (driverName: unknown, loginTime: unknown) =>
      parseStoredSession(JSON.stringify({ accountId: "acc-1", driverName, loginTime }), now);
    expect(stored("  Sam Driver ", login)).toEqual({
      accountId: "acc-1",
      driverName: "Sam Driver",
      loginTime: login,
    });
    expect(stored("a".repeat(200), login)?.driverName).toHaveLength(200);
    expect(stored("a".repeat(201), login)).toBeNull();
    expect(stored("Sam", login + 0.5)).toBeNull();
    expect(stored("Sam", -1)).toBeNull();
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
