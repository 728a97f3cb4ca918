import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Kysely, Migrator, sql } from "kysely";
import pg from "pg";
import { afterAll, afterEach, beforeAll, beforeEach } from "vitest";
import { type Database, type Dialect, dialectOf, openDatabase } from "./database";
import { MIGRATIONS, migrateToLatest } from "./migrate";
import type { DB } from "./schema";

export interface TestDatabase {
  name: Dialect;
  /**
   * A fresh, empty database; `close()` deletes it. Migrated to the latest schema, unless `migrate` is false (for
   * tests of the migrations themselves).
   */
  open(options?: { migrate?: boolean }): Promise<Database>;
}

/**
 * The databases every integration test runs against: always SQLite, and PostgreSQL when TEST_DATABASE_URL is
 * set. Each `open()` makes a new one (a temp folder, or a uniquely named schema) so test files never share
 * data. Use as `describe.each(testDatabases())("$name", ({ open }) => { ... })`.
 */
export function testDatabases(): TestDatabase[] {
  const list: TestDatabase[] = [{ name: "sqlite", open: openTestSqlite }];
  const url = process.env.TEST_DATABASE_URL;
  if (url) list.push({ name: "postgres", open: (options) => openTestPostgres(url, options) });
  return list;
}

/**
 * A database of `open` for the tests of the enclosing `describe`: opened before them and closed after them, or
 * with `each`, a fresh one for every test. Answers a getter, since the database exists only once tests run.
 */
export function useTestDatabase(open: TestDatabase["open"], { each = false } = {}): () => Database {
  let database: Database | undefined;
  const [before, after] = each ? [beforeEach, afterEach] : [beforeAll, afterAll];
  before(async () => {
    database = await open();
  });
  after(async () => {
    await database?.close();
    database = undefined;
  });
  return () => {
    if (!database) throw new Error("the test database is open only while its tests run");
    return database;
  };
}

async function openTestSqlite(options: { migrate?: boolean } = {}): Promise<Database> {
  const dataDir = mkdtempSync(join(tmpdir(), "plant-sheets-test-"));
  const database = await openDatabase({ dataDir }).catch((error: unknown) => {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  });
  return withCleanUp(database, async () => rmSync(dataDir, { recursive: true, force: true }), options);
}

async function openTestPostgres(url: string, options: { migrate?: boolean } = {}): Promise<Database> {
  const schema = `test_${randomBytes(12).toString("hex")}`;
  await withClient(url, (client) => client.query(`create schema ${schema}`));
  const dropSchema = () =>
    withClient(url, (client) => client.query(`drop schema if exists ${schema} cascade`));
  const dataDir = mkdtempSync(join(tmpdir(), "plant-sheets-test-"));
  const cleanUp = async () => {
    rmSync(dataDir, { recursive: true, force: true });
    await dropSchema();
  };
  let database: Database;
  try {
    database = await openDatabase({ databaseUrl: url, dataDir, schema });
  } catch (error) {
    await cleanUp();
    throw error;
  }
  return withCleanUp(database, cleanUp, options);
}

/** Migrates the database (unless told not to) and makes `close()` also remove what the test created. */
async function withCleanUp(
  database: Database,
  cleanUp: () => Promise<void>,
  { migrate = true }: { migrate?: boolean },
): Promise<Database> {
  const close = async () => {
    try {
      await database.close();
    } finally {
      await cleanUp();
    }
  };
  try {
    if (migrate) await migrateToLatest(database.db);
  } catch (error) {
    await close();
    throw error;
  }
  return { ...database, close };
}

async function withClient(url: string, run: (client: pg.Client) => Promise<unknown>): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await run(client);
  } finally {
    await client.end();
  }
}

/**
 * Applies the migrations before `first`, as a database of an older build has them (for tests of a migration). On
 * PostgreSQL the bookkeeping table is looked for in the test's own schema only, as migrateToLatest does:
 * otherwise Kysely may find another test file's copy in another schema.
 */
export async function migrateBefore(db: Kysely<DB>, first: string): Promise<void> {
  const before = Object.keys(MIGRATIONS).filter((name) => name < first);
  const migrations = Object.fromEntries(before.map((name) => [name, MIGRATIONS[name]!]));
  const schema =
    dialectOf(db) === "postgres"
      ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema
      : undefined;
  const { error } = await new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    ...(schema ? { migrationTableSchema: schema } : {}),
  }).migrateToLatest();
  if (error) throw error;
}
