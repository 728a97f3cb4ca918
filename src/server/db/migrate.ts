import { type Kysely, type Migration, type MigrationResult, Migrator, sql } from "kysely";
import { dialectOf } from "./database";
import * as m001 from "./migrations/001-initial";
import * as m002 from "./migrations/002-rate-limits";
import * as m003 from "./migrations/003-photo-uploads";
import * as m004 from "./migrations/004-form-list-indexes";
import * as m005 from "./migrations/005-login-failures";
import * as m006 from "./migrations/006-forms-and-images";
import * as m007 from "./migrations/007-vehicle-check-templates";
import * as m009 from "./migrations/009-pending-registrations";
import * as m010 from "./migrations/010-organisations";
import * as m011 from "./migrations/011-reusable-join-codes";
import * as m012 from "./migrations/012-office-review";
import * as m013 from "./migrations/013-reopened-after-approval";
import * as m014 from "./migrations/014-organisation-webhooks";
import * as m015 from "./migrations/015-vehicle-defects";
import * as m016 from "./migrations/016-company-review-indexes";
import * as m018 from "./migrations/018-confirmed-workshop-alerts";
import * as m019 from "./migrations/019-webhook-attempts";
import * as m020 from "./migrations/020-driver-join-codes-and-sign-up-passwords";
import * as m021 from "./migrations/021-review-filters-and-export-slots";
import * as m022 from "./migrations/022-retired-list-entries";
import * as m023 from "./migrations/023-returned-and-resubmitted-forms";
import * as m025 from "./migrations/025-sample-lists-removed";
import * as m026 from "./migrations/026-order-prefixes";
import * as m027 from "./migrations/027-company-check-sheet-keys";
import * as m028 from "./migrations/028-account-language";
import * as m029 from "./migrations/029-registration-language";
import * as m030 from "./migrations/030-organisation-language";
import * as m031 from "./migrations/031-stood-down";
import * as m032 from "./migrations/032-hire-terms";
import * as m033 from "./migrations/033-hire-desk";
import type { DB } from "./schema";

/**
 * Every migration, in order. Append-only: add `"002-name": m002` below; never rename, reorder or edit a
 * released entry. Listed in code (not read from the folder) so bundling and tsx behave the same.
 */
export const MIGRATIONS: Readonly<Record<string, Migration>> = {
  "001-initial": m001,
  "002-rate-limits": m002,
  "003-photo-uploads": m003,
  "004-form-list-indexes": m004,
  "005-login-failures": m005,
  "006-forms-and-images": m006,
  "007-vehicle-check-templates": m007,
  "009-pending-registrations": m009,
  "010-organisations": m010,
  "011-reusable-join-codes": m011,
  "012-office-review": m012,
  "013-reopened-after-approval": m013,
  "014-organisation-webhooks": m014,
  "015-vehicle-defects": m015,
  "016-company-review-indexes": m016,
  "018-confirmed-workshop-alerts": m018,
  "019-webhook-attempts": m019,
  "020-driver-join-codes-and-sign-up-passwords": m020,
  "021-review-filters-and-export-slots": m021,
  "022-retired-list-entries": m022,
  "023-returned-and-resubmitted-forms": m023,
  "025-sample-lists-removed": m025,
  "026-order-prefixes": m026,
  "027-company-check-sheet-keys": m027,
  "028-account-language": m028,
  "029-registration-language": m029,
  "030-organisation-language": m030,
  "031-stood-down": m031,
  "032-hire-terms": m032,
  "033-hire-desk": m033,
};

/**
 * Brings the schema up to date and returns the names it applied. Throws, so the server refuses to start,
 * when the database and the code disagree: a migration recorded as applied that the code does not know
 * (a database from a newer build, or a renamed file), or one added before an applied one.
 */
export async function migrateToLatest(db: Kysely<DB>): Promise<string[]> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => ({ ...MIGRATIONS }) },
    // Kysely otherwise looks for its bookkeeping table in any schema, and would find another schema's copy.
    ...(dialectOf(db) === "postgres" ? { migrationTableSchema: await currentSchema(db) } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error !== undefined) {
    const failed = results?.find((r: MigrationResult) => r.status === "Error")?.migrationName;
    const message = error instanceof Error ? error.message : String(error);
    throw new Error(
      failed
        ? `Database migration ${failed} failed: ${message}`
        : `Database migrations disagree with the code, refusing to start: ${message}`,
      { cause: error },
    );
  }
  return (results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName);
}

async function currentSchema(db: Kysely<DB>): Promise<string> {
  const { rows } = await sql<{ schema: string | null }>`select current_schema() as schema`.execute(db);
  const schema = rows[0]?.schema;
  if (!schema) throw new Error("PostgreSQL has no current schema: check search_path");
  return schema;
}
