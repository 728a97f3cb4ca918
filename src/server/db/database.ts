import { mkdirSync } from "node:fs";
import { join } from "node:path";
import SqliteDatabase from "better-sqlite3";
import { Kysely, PostgresAdapter, PostgresDialect, sql } from "kysely";
import pg from "pg";
import type { DB } from "./schema";
import { groupCommitSqliteDialect } from "./sqlite-group-commit";

export type Dialect = "sqlite" | "postgres";

export interface Database {
  db: Kysely<DB>;
  dialect: Dialect;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** A postgres:// URL selects PostgreSQL; without it the embedded SQLite file is used. */
  databaseUrl?: string;
  /** Holds the SQLite file (and, for other modules, photos and .eml files); created if missing. */
  dataDir: string;
  /** PostgreSQL only: the schema to use as search_path (tests use a fresh schema each). */
  schema?: string;
  /** PostgreSQL only: the most connections this process opens (node-postgres's default, 10, unless given). */
  maxConnections?: number;
}

export const SQLITE_FILE_NAME = "plant-sheets.sqlite";

// The schema name goes into a connection option, so it must be a plain identifier.
const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  mkdirSync(options.dataDir, { recursive: true });
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.schema, options.maxConnections);
  if (options.schema) throw new Error("openDatabase: `schema` applies to PostgreSQL only");
  return openSqlite(join(options.dataDir, SQLITE_FILE_NAME));
}

function openSqlite(file: string): Database {
  const writer = openSqliteConnection(file);
  let reader: SqliteDatabase.Database;
  try {
    reader = openSqliteConnection(file);
    // Reads only: a write through it would bypass the group commits.
    reader.pragma("query_only = ON");
  } catch (error) {
    writer.close();
    throw error;
  }
  const db = new Kysely<DB>({ dialect: groupCommitSqliteDialect({ writer, reader }) });
  return { db, dialect: "sqlite", close: () => db.destroy() };
}

function openSqliteConnection(file: string): SqliteDatabase.Database {
  const sqlite = new SqliteDatabase(file);
  try {
    // WAL lets readers run while a write is in progress; synchronous=FULL makes an answered write survive
    // power loss (WAL's default NORMAL can lose the last commits); foreign keys are off by default in SQLite;
    // busy_timeout makes a second process wait for the write lock instead of failing at once.
    sqlite.pragma("journal_mode = WAL");
    sqlite.pragma("synchronous = FULL");
    sqlite.pragma("foreign_keys = ON");
    sqlite.pragma("busy_timeout = 5000");
  } catch (error) {
    sqlite.close();
    throw error;
  }
  return sqlite;
}

async function openPostgres(
  connectionString: string,
  schema: string | undefined,
  maxConnections: number | undefined,
): Promise<Database> {
  if (schema !== undefined && !SCHEMA_NAME.test(schema)) {
    throw new Error(`openDatabase: invalid schema name ${JSON.stringify(schema)}`);
  }
  const pool = new pg.Pool({
    connectionString,
    ...(maxConnections ? { max: maxConnections } : {}),
    // Set per connection at start-up, so every pooled connection (and every transaction) sees the schema.
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  try {
    // Fail at start-up with the real reason (bad URL, refused connection) rather than on the first request.
    await sql`select 1`.execute(db);
  } catch (error) {
    await db.destroy();
    throw error;
  }
  return { db, dialect: "postgres", close: () => db.destroy() };
}

/**
 * The dialect behind a Kysely instance or transaction. Repositories take a plain `Kysely<DB>` (so they work
 * inside transactions too) and ask this only where SQL must differ, e.g. row locking.
 */
export function dialectOf(db: Kysely<DB>): Dialect {
  return db.getExecutor().adapter instanceof PostgresAdapter ? "postgres" : "sqlite";
}
