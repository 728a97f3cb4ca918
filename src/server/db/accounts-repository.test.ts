import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  consumePasswordReset,
  deleteExpiredSessions,
  deleteSession,
  deleteSessionsOf,
  extendSession,
  findAccountByEmail,
  findAccountById,
  findSessionAccount,
  insertAccount,
  insertPasswordReset,
  insertSession,
  normalizeEmail,
  updatePasswordHash,
} from "./accounts-repository";
import type { Database } from "./database";
import { isUniqueViolation } from "./is-unique-violation";
import { testDatabases } from "./test-databases";

const T0 = new Date("2025-03-03T07:00:00.000Z");
const minutes = (n: number) => new Date(T0.getTime() + n * 60_000);

describe("normalizeEmail", () => {
  it("trims and lower-cases", () => {
    expect(normalizeEmail("  Ann.Driver@Example.CO.UK ")).toBe("ann.driver@example.co.uk");
  });
});

describe.each(testDatabases())("accounts repository on $name", ({ open }) => {
  let database: Database;
  beforeAll(async () => {
    database = await open();
    await insertAccount(
      database.db,
      { id: "a1", fullName: "Ann Driver", email: "Ann.Driver@Example.com", passwordHash: "hash-1" },
      T0,
    );
    await insertAccount(
      database.db,
      { id: "a2", fullName: "Bob Operator", email: "bob@example.com", passwordHash: "hash-2" },
      T0,
    );
  });
  afterAll(async () => {
    await database.close();
  });

  it("finds an account by email in any letter case, keeping the address as typed", async () => {
    const account = await findAccountByEmail(database.db, " ann.driver@EXAMPLE.com");
    expect(account).toEqual({
      id: "a1",
      fullName: "Ann Driver",
      email: "Ann.Driver@Example.com",
      passwordHash: "hash-1",
      createdAt: T0.toISOString(),
      updatedAt: T0.toISOString(),
      language: null,
    });
    expect(await findAccountById(database.db, "a1")).toEqual(account);
    expect(await findAccountByEmail(database.db, "nobody@example.com")).toBeUndefined();
  });

  it("refuses a second account for the same email in another letter case", async () => {
    const error = await insertAccount(database.db, {
      id: "a3",
      fullName: "Ann Again",
      email: "ANN.DRIVER@example.COM",
      passwordHash: "hash-3",
    }).catch((e: unknown) => e);
    expect(isUniqueViolation(error)).toBe(true);
    expect(await findAccountById(database.db, "a3")).toBeUndefined();
  });

  it("updates a password hash and its updated_at", async () => {
    expect(await updatePasswordHash(database.db, "a2", "hash-2b", minutes(5))).toBe(true);
    expect(await findAccountById(database.db, "a2")).toMatchObject({
      passwordHash: "hash-2b",
      updatedAt: minutes(5).toISOString(),
    });
    expect(await updatePasswordHash(database.db, "missing", "x")).toBe(false);
  });

  /** A session of the account, begun at T0. */
  const startSession = (tokenHash: string, accountId: string, expiresAt: Date) =>
    insertSession(database.db, { tokenHash, accountId, createdAt: T0, expiresAt });

  it("finds a session's account until the session expires, then not", async () => {
    await startSession("s1", "a1", minutes(30));
    const found = await findSessionAccount(database.db, "s1", minutes(29));
    expect(found).toEqual({
      account: expect.objectContaining({ id: "a1", email: "Ann.Driver@Example.com" }),
      createdAt: T0.toISOString(),
      expiresAt: minutes(30).toISOString(),
    });
    expect(await findSessionAccount(database.db, "s1", minutes(30))).toBeUndefined();
    expect(await findSessionAccount(database.db, "unknown", T0)).toBeUndefined();
  });

  it("moves a session's end later, never earlier", async () => {
    await startSession("slide", "a1", minutes(30));
    await extendSession(database.db, "slide", minutes(45).toISOString());
    expect((await findSessionAccount(database.db, "slide", minutes(44)))?.expiresAt).toBe(
      minutes(45).toISOString(),
    );
    // A request that renewed to an earlier end, finishing last, does not shorten it.
    await extendSession(database.db, "slide", minutes(40).toISOString());
    expect((await findSessionAccount(database.db, "slide", minutes(44)))?.expiresAt).toBe(
      minutes(45).toISOString(),
    );
    // Only that session moves.
    expect((await findSessionAccount(database.db, "s1", T0))?.expiresAt).toBe(minutes(30).toISOString());
  });

  it("signs out one session, all but one, or all of an account's sessions", async () => {
    for (const token of ["k1", "k2", "k3"]) {
      await startSession(token, "a2", minutes(30));
    }
    await deleteSession(database.db, "k1");
    expect(await findSessionAccount(database.db, "k1", T0)).toBeUndefined();
    await deleteSessionsOf(database.db, "a2", "k3");
    expect(await findSessionAccount(database.db, "k2", T0)).toBeUndefined();
    expect(await findSessionAccount(database.db, "k3", T0)).toBeDefined();
    await deleteSessionsOf(database.db, "a2");
    expect(await findSessionAccount(database.db, "k3", T0)).toBeUndefined();
    // Another account's session is untouched.
    expect(await findSessionAccount(database.db, "s1", T0)).toBeDefined();
  });

  it("deletes expired sessions only", async () => {
    await startSession("old", "a1", minutes(1));
    expect(await deleteExpiredSessions(database.db, minutes(2))).toBe(1);
    expect(await findSessionAccount(database.db, "s1", minutes(2))).toBeDefined();
  });

  it("consumes a password reset token once, and never after it expires", async () => {
    await insertPasswordReset(database.db, {
      tokenHash: "r1",
      accountId: "a1",
      createdAt: T0,
      expiresAt: minutes(60),
    });
    await insertPasswordReset(database.db, {
      tokenHash: "r2",
      accountId: "a2",
      createdAt: T0,
      expiresAt: minutes(60),
    });
    expect(await consumePasswordReset(database.db, "r1", minutes(10))).toBe("a1");
    expect(await consumePasswordReset(database.db, "r1", minutes(11))).toBeUndefined();
    expect(await consumePasswordReset(database.db, "r2", minutes(60))).toBeUndefined();
    expect(await consumePasswordReset(database.db, "unknown", T0)).toBeUndefined();
  });
});
