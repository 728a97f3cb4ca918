import { createHash, randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type {
  CustomerKey,
  FleetKey,
  NewCustomer,
  NewFleetVehicle,
} from "../../../domain/company/company-lists";
import {
  CUSTOMER_IMPORT,
  checkAgainstList,
  type FileProblem,
  FLEET_IMPORT,
  type ImportList,
  type ImportPreview,
  type ImportResult,
  type ImportRow,
  type ListEntries,
  type ListImportSpec,
  readImport,
} from "../../../domain/company/list-import";
import type { OrganisationAction } from "../../../domain/company/organisation";
import { importFileProblemText } from "../../../domain/text/company-messages";
import { AppError } from "../../app-error";
import type { Account } from "../../db/accounts-repository";
import { insertCompanyCustomers, listCustomersToManage } from "../../db/customers-repository";
import type { DB } from "../../db/schema";
import {
  insertFleetVehicles,
  listVehiclesToManage,
  qrCodesOnOtherFleets,
} from "../../db/vehicles-repository";
import type { ServiceDeps } from "../service-deps";
import { changeList } from "./list-change";
import { memberOf } from "./organisation-access";

/** Where one list's import reads the company's list and writes what it adds. */
interface ImportStore<T, K extends string> {
  spec: ListImportSpec<T, K>;
  action: OrganisationAction;
  /** The company's list as it stands, retired entries included. */
  entries(db: Kysely<DB>, organisationId: string): Promise<ListEntries<K>>;
  /** Whether a value of a key that is unique across every company's list is on another list. */
  takenElsewhere(
    db: Kysely<DB>,
    organisationId: string,
    rows: readonly ImportRow<T>[],
  ): Promise<(field: K, value: string) => boolean>;
  insert(db: Kysely<DB>, organisationId: string, entries: T[]): Promise<void>;
}

const FLEET_STORE: ImportStore<NewFleetVehicle, FleetKey> = {
  spec: FLEET_IMPORT,
  action: "manage-fleet",
  entries: (db, organisationId) => listVehiclesToManage(db, organisationId),
  async takenElsewhere(db, organisationId, rows) {
    const codes = [...new Set(rows.map((row) => row.values.qrCode ?? "").filter((code) => code !== ""))];
    const taken = await qrCodesOnOtherFleets(db, organisationId, codes);
    return (field, value) => field === "qrCode" && taken.has(value);
  },
  insert: insertFleetVehicles,
};

const CUSTOMER_STORE: ImportStore<NewCustomer, CustomerKey> = {
  spec: CUSTOMER_IMPORT,
  action: "manage-customers",
  entries: (db, organisationId) => listCustomersToManage(db, organisationId),
  // A customer's name is the company's own business: another company's customers are never compared.
  takenElsewhere: async () => () => false,
  insert: (db, organisationId, customers) =>
    insertCompanyCustomers(
      db,
      organisationId,
      customers.map((customer) => ({ id: randomUUID(), ...customer })),
    ),
};

const STORES = { fleet: FLEET_STORE, customers: CUSTOMER_STORE } as const;

function refuseFile(spec: ListImportSpec<unknown, string>, problem: FileProblem): never {
  const code = problem.kind === "too-many-rows" ? "payload_too_large" : "validation_failed";
  throw new AppError(code, importFileProblemText(problem, spec.columns));
}

/** The file's text: its bytes as UTF-8 (the byte order mark dropped), or 400 saying how to save it so. */
function fileText(spec: ListImportSpec<unknown, string>, body: unknown): string {
  if (!Buffer.isBuffer(body)) throw new AppError("unsupported_media_type", "apiError.importNotCsv");
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(body);
  } catch {
    return refuseFile(spec, { kind: "not-utf8" });
  }
}

/** The file's rows, each with its problems against the file and against the company's list as `db` sees it. */
async function checkedRows<T, K extends string>(
  db: Kysely<DB>,
  organisationId: string,
  store: ImportStore<T, K>,
  text: string,
) {
  const reading = readImport(store.spec, text);
  if (!reading.ok) return refuseFile(store.spec, reading.problem);
  const rows = checkAgainstList(
    store.spec,
    reading.rows,
    await store.entries(db, organisationId),
    await store.takenElsewhere(db, organisationId, reading.rows),
  );
  return { rows, unusedHeaders: reading.unusedHeaders };
}

const goodRows = <T>(rows: readonly ImportRow<T>[]) => rows.filter((row) => row.problems.length === 0);

/** The good rows as found (their lines and entries): what a preview showed, and a save must find again. */
function fingerprintOf<T>(rows: readonly ImportRow<T>[]): string {
  const good = goodRows(rows).map((row) => [row.line, row.entry]);
  return createHash("sha256").update(JSON.stringify(good)).digest("base64url");
}

/**
 * POST /api/organisations/{id}/{vehicles|customers}/import/preview: the file's rows with each one's problems, for
 * the company's admin, changing nothing.
 */
export async function previewImport(
  deps: ServiceDeps,
  account: Account,
  organisationId: string,
  list: ImportList,
  body: unknown,
): Promise<ImportPreview> {
  const store = STORES[list] as ImportStore<unknown, string>;
  await memberOf(deps, account, organisationId, store.action);
  const text = fileText(store.spec, body);
  const { rows, unusedHeaders } = await checkedRows(deps.database.db, organisationId, store, text);
  return {
    list,
    unusedHeaders,
    rows: rows as ImportPreview["rows"],
    goodRows: goodRows(rows).length,
    fingerprint: fingerprintOf(rows),
  };
}

/**
 * POST /api/organisations/{id}/{vehicles|customers}/import?expect=: adds the file's good rows in one transaction,
 * and only if they are the rows the preview named `expect` showed: if the company's list changed since (a row now
 * clashes, or no longer does), 409 and nothing is added, so nothing is saved that the admin has not seen.
 */
export async function saveImport(
  deps: ServiceDeps,
  account: Account,
  organisationId: string,
  list: ImportList,
  body: unknown,
  expected: string,
): Promise<ImportResult> {
  const store = STORES[list] as ImportStore<unknown, string>;
  await memberOf(deps, account, organisationId, store.action);
  const text = fileText(store.spec, body);
  return changeList(deps, organisationId, "apiError.importChanged", async (trx) => {
    const { rows } = await checkedRows(trx, organisationId, store, text);
    if (fingerprintOf(rows) !== expected) throw new AppError("conflict", "apiError.importChanged");
    const entries = goodRows(rows).map((row) => row.entry);
    if (entries.length === 0) throw new AppError("validation_failed", "apiError.importNothingToAdd");
    await store.insert(trx, organisationId, entries);
    return { added: entries.length };
  });
}
