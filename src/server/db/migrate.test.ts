import { sql } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "./database";
import { MIGRATIONS, migrateToLatest } from "./migrate";
import { testDatabases } from "./test-databases";

const TABLES = [
  "accounts",
  "sessions",
  "password_resets",
  "customers",
  "vehicles",
  "timesheets",
  "check_sheets",
  "photos",
  "supervisor_approvals",
  "mail_outbox",
  "idempotency_keys",
  "audit_events",
];

describe.each(testDatabases())("migrations on $name", ({ open }) => {
  let database: Database;
  beforeEach(async () => {
    database = await open();
  });
  afterEach(async () => {
    await database.close();
  });

  it("creates every table the product needs", async () => {
    const tables = (await database.db.introspection.getTables()).map((t) => t.name);
    expect(tables).toEqual(expect.arrayContaining(TABLES));
  });

  it("is idempotent: a second run applies nothing and changes nothing", async () => {
    expect(await migrateToLatest(database.db)).toEqual([]);
    const applied = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(
      database.db,
    );
    expect(applied.rows.map((r) => r.name)).toEqual(Object.keys(MIGRATIONS));
  });

  it("refuses to run when the database has applied a migration the code does not know", async () => {
    await sql`insert into kysely_migration (name, timestamp) values (${"999-from-a-newer-build"}, ${new Date().toISOString()})`.execute(
      database.db,
    );
    await expect(migrateToLatest(database.db)).rejects.toThrow(
      /disagree with the code.*999-from-a-newer-build is missing/,
    );
  });
});
