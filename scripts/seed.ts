/**
 * Creates or upgrades the database and loads the sample customers and vehicles when it has none.
 * Usage: `npm run seed` (DATA_DIR defaults to ./data; set DATABASE_URL to use PostgreSQL).
 */
import { openDatabase } from "../src/server/db/database";
import { migrateToLatest } from "../src/server/db/migrate";
import { seedSampleData } from "../src/server/db/seed";

async function main(): Promise<void> {
  const database = await openDatabase({
    dataDir: process.env.DATA_DIR || "./data",
    ...(process.env.DATABASE_URL ? { databaseUrl: process.env.DATABASE_URL } : {}),
  });
  try {
    const applied = await migrateToLatest(database.db);
    const { seeded } = await seedSampleData(database.db);
    console.info(
      `${database.dialect}: ${applied.length ? `applied ${applied.join(", ")}` : "schema up to date"}; ` +
        (seeded ? "sample customers and vehicles added" : "customers already present, nothing seeded"),
    );
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
