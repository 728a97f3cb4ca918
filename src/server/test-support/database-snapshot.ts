import { sql } from "kysely";
import type { Database } from "../db/database";

/**
 * Every row of every table, as comparable text: two equal snapshots mean nothing was written in between. Tables
 * are found in the database itself, so tables added later are covered without listing them here.
 */
export async function databaseSnapshot(
  database: Database,
  options: { except?: readonly string[] } = {},
): Promise<Record<string, string[]>> {
  const { rows: tables } =
    database.dialect === "sqlite"
      ? await sql<{
          name: string;
        }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(
          database.db,
        )
      : await sql<{ name: string }>`select table_name as name from information_schema.tables
          where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(database.db);
  const snapshot: Record<string, string[]> = {};
  for (const { name } of tables) {
    if (options.except?.includes(name)) continue;
    const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(name)}`.execute(
      database.db,
    );
    snapshot[name] = rows
      .map((row) => JSON.stringify(row, (_key, value) => (typeof value === "bigint" ? String(value) : value)))
      .sort();
  }
  return snapshot;
}
