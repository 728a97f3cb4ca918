import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import SqliteDatabase from "better-sqlite3";
import { Kysely } from "kysely";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { groupCommitSqliteDialect } from "./sqlite-group-commit";

interface TestDB {
  notes: { id: number; text: string };
}

describe("SQLite group commits", () => {
  let dir: string;
  let file: string;
  let writer: SqliteDatabase.Database;
  let db: Kysely<TestDB>;
  /** A connection of its own, as another process would have: it sees only what has been committed. */
  let outsider: SqliteDatabase.Database;
  let commits: number;

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), "plant-sheets-group-commit-"));
    file = join(dir, "test.sqlite");
    writer = new SqliteDatabase(file);
    writer.pragma("journal_mode = WAL");
    writer.pragma("synchronous = FULL");
    writer.exec("create table notes (id integer primary key, text text not null check (text != 'refused'))");
    const reader = new SqliteDatabase(file);
    reader.pragma("query_only = ON");
    outsider = new SqliteDatabase(file);
    commits = 0;
    const exec = writer.exec.bind(writer);
    vi.spyOn(writer, "exec").mockImplementation((sql: string) => {
      if (sql === "commit") commits++;
      return exec(sql);
    });
    db = new Kysely<TestDB>({ dialect: groupCommitSqliteDialect({ writer, reader }) });
  });

  afterEach(async () => {
    await db.destroy();
    outsider.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const committedIds = () =>
    (outsider.prepare("select id from notes order by id").all() as { id: number }[]).map((row) => row.id);
  const insertNote = (id: number, text = `note ${id}`) =>
    db.transaction().execute((trx) => trx.insertInto("notes").values({ id, text }).execute());

  it("answers each of many concurrent writes only once it is committed, sharing commits", async () => {
    const ids = Array.from({ length: 50 }, (_, i) => i + 1);
    const seenWhenAnswered = await Promise.all(
      ids.map(async (id) => {
        await insertNote(id);
        return committedIds().includes(id);
      }),
    );
    expect(seenWhenAnswered).toEqual(ids.map(() => true));
    expect(committedIds()).toEqual(ids);
    expect(commits).toBeLessThan(ids.length);
  });

  it("writes statements on their own that come in together in one go, each answered once committed", async () => {
    const ids = Array.from({ length: 20 }, (_, i) => i + 1);
    const seenWhenAnswered = await Promise.all(
      ids.map(async (id) => {
        await db
          .insertInto("notes")
          .values({ id, text: `note ${id}` })
          .execute();
        return committedIds().includes(id);
      }),
    );
    expect(seenWhenAnswered).toEqual(ids.map(() => true));
    expect(commits).toBe(1);
  });

  it("takes the write lock for statements on their own only once the event loop has moved on", async () => {
    const write = db.insertInto("notes").values({ id: 1, text: "waits its turn" }).execute();
    // Statements on their own wait in line meanwhile: another process may still write.
    await db.selectFrom("notes").selectAll().execute();
    outsider.exec("begin immediate; insert into notes (id, text) values (2, 'from another process'); commit");
    await write;
    expect(committedIds()).toEqual([1, 2]);
  });

  it("commits a lone write at once, without waiting for company", async () => {
    await db.insertInto("notes").values({ id: 1, text: "alone" }).execute();
    expect(committedIds()).toEqual([1]);
    expect(commits).toBe(1);
  });

  it("fails only the write that failed: its savepoint is rolled back, the rest of the group commits", async () => {
    const results = await Promise.allSettled([
      insertNote(1),
      // A statement the database refuses, inside a transaction that wrote first.
      db.transaction().execute(async (trx) => {
        await trx
          .insertInto("notes")
          .values({ id: 2, text: "kept until the next statement fails" })
          .execute();
        await trx.insertInto("notes").values({ id: 3, text: "refused" }).execute();
      }),
      insertNote(4),
      // A transaction whose own code fails after writing.
      db.transaction().execute(async (trx) => {
        await trx.insertInto("notes").values({ id: 5, text: "undone" }).execute();
        throw new Error("the handler failed");
      }),
      // A write on its own that the database refuses.
      db.insertInto("notes").values({ id: 6, text: "refused" }).execute(),
      insertNote(7),
    ]);
    expect(results.map((result) => result.status)).toEqual([
      "fulfilled",
      "rejected",
      "fulfilled",
      "rejected",
      "rejected",
      "fulfilled",
    ]);
    expect(committedIds()).toEqual([1, 4, 7]);
  });

  it("fails every write of a group whose commit fails, and recovers for the next", async () => {
    const exec = vi.mocked(writer.exec).getMockImplementation()!;
    vi.mocked(writer.exec).mockImplementation((sql: string) => {
      if (sql === "commit") throw new Error("disk I/O error");
      return exec(sql);
    });
    const results = await Promise.allSettled([insertNote(1), insertNote(2)]);
    expect(results.map((result) => result.status)).toEqual(["rejected", "rejected"]);
    expect(committedIds()).toEqual([]);

    vi.mocked(writer.exec).mockImplementation(exec);
    await insertNote(3);
    expect(committedIds()).toEqual([3]);
  });

  it("reads committed data without waiting for a transaction in progress, which sees its own writes", async () => {
    await insertNote(1);
    let finish!: () => void;
    const held = new Promise<void>((resolve) => {
      finish = resolve;
    });
    let seenInside: number[] = [];
    const transaction = db.transaction().execute(async (trx) => {
      await trx.insertInto("notes").values({ id: 2, text: "in progress" }).execute();
      seenInside = (await trx.selectFrom("notes").select("id").orderBy("id").execute()).map((row) => row.id);
      await held;
    });
    await vi.waitFor(() => expect(seenInside).toEqual([1, 2]));
    const seenOutside = (await db.selectFrom("notes").select("id").execute()).map((row) => row.id);
    expect(seenOutside).toEqual([1]);
    finish();
    await transaction;
    expect((await db.selectFrom("notes").select("id").orderBy("id").execute()).map((row) => row.id)).toEqual([
      1, 2,
    ]);
  });

  it("waits for another process's write lock without blocking the event loop", async () => {
    outsider.exec("begin immediate");
    const write = insertNote(1);
    // The event loop still runs while the write waits: a timer fires and the outsider can commit.
    await new Promise((resolve) => setTimeout(resolve, 20));
    outsider.exec("insert into notes (id, text) values (2, 'from another process'); commit");
    await write;
    expect(committedIds()).toEqual([1, 2]);
  });
});
