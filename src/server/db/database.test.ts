import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Kysely, sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { type Database, dialectOf, openDatabase, SQLITE_FILE_NAME } from "./database";
import type { DB } from "./schema";
import { testDatabases } from "./test-databases";

describe("openDatabase on SQLite", () => {
  const dirs: string[] = [];
  const opened: Database[] = [];
  afterEach(async () => {
    for (const database of opened.splice(0)) await database.close();
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  function tempDir(): string {
    const dir = mkdtempSync(join(tmpdir(), "plant-sheets-db-"));
    dirs.push(dir);
    return dir;
  }

  it("creates the data folder and the database file in it", async () => {
    const dataDir = join(tempDir(), "nested", "data");
    const database = await openDatabase({ dataDir });
    opened.push(database);
    expect(database.dialect).toBe("sqlite");
    expect(existsSync(join(dataDir, SQLITE_FILE_NAME))).toBe(true);
  });

  it("writes in WAL with synchronous=FULL and foreign keys, and reads with a busy timeout", async () => {
    const database = await openDatabase({ dataDir: tempDir() });
    opened.push(database);
    const pragma = async (db: Kysely<DB>, name: string) =>
      Object.values((await sql.raw(`pragma ${name}`).execute(db)).rows[0] as object)[0];
    // Inside a transaction: the connection that writes and commits.
    await database.db.transaction().execute(async (trx) => {
      expect(await pragma(trx, "journal_mode")).toBe("wal");
      expect(await pragma(trx, "synchronous")).toBe(2); // FULL
      expect(await pragma(trx, "foreign_keys")).toBe(1);
    });
    // Outside one: the connection that reads.
    expect(await pragma(database.db, "journal_mode")).toBe("wal");
    expect(await pragma(database.db, "busy_timeout")).toBe(5000);
  });

  it("refuses a schema, which only PostgreSQL has", async () => {
    await expect(openDatabase({ dataDir: tempDir(), schema: "x" })).rejects.toThrow(/PostgreSQL only/);
  });
});

describe("openDatabase on PostgreSQL", () => {
  it("refuses a schema name that is not a plain identifier, before connecting", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "plant-sheets-db-"));
    try {
      await expect(
        openDatabase({ dataDir, databaseUrl: "postgres://nobody@127.0.0.1:1/none", schema: "x; drop" }),
      ).rejects.toThrow(/invalid schema name/);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe.each(testDatabases())("a test database on $name", ({ name, open }) => {
  it("reports its dialect, also from inside a transaction", async () => {
    const database = await open();
    try {
      expect(database.dialect).toBe(name);
      expect(dialectOf(database.db)).toBe(name);
      await database.db.transaction().execute(async (trx) => {
        expect(dialectOf(trx)).toBe(name);
      });
    } finally {
      await database.close();
    }
  });

  it("is a fresh, separate database on every open", async () => {
    const first = await open();
    const second = await open();
    try {
      await first.db
        .insertInto("customers")
        .values({ id: "c1", name: "One", requires_order_validation: 0 })
        .execute();
      expect(await second.db.selectFrom("customers").selectAll().execute()).toEqual([]);
    } finally {
      await first.close();
      await second.close();
    }
  });
});
