import type { Kysely } from "kysely";
import type { CheckSheetSummary, TimesheetSummary } from "../../domain/api";
import { compiledOnce } from "./compiled-once";
import { stringifyForm } from "./form-json";
import type { CheckSheetsTable, DB, FormStatus, TimesheetsTable } from "./schema";

/**
 * Storage of timesheets and check sheets. The full form is kept as JSON in `data`; the columns beside it are
 * copies of the fields that lists, pairing and the emailed link query on. Every read, update and delete is
 * scoped to an owner and matches it, so one account can never see or touch another's forms (anonymous forms,
 * with no owner, match no owner). The one exception is `getFormByViewToken`, the emailed read-only link.
 */
export type FormTable = "timesheets" | "check_sheets";

type DateField<T extends FormTable> = T extends "timesheets" ? "weekEnding" : "checkDate";

/** The queried columns of a form, in camelCase; the date is `weekEnding` or `checkDate` by table. */
export type FormFields<T extends FormTable> = {
  status: FormStatus;
  driverSignedName?: string | null;
  plantNumber?: string | null;
  customerId?: string | null;
  orderNumber?: string | null;
  viewToken?: string | null;
  /** ISO-8601 timestamps. */
  submittedAt?: string | null;
  completedAt?: string | null;
  /** The whole form, stored as JSON. */
  data: Record<string, unknown>;
} & { [K in DateField<T>]?: string | null };

export type NewForm<T extends FormTable> = FormFields<T> & {
  /** Made by the client, so a form can be created offline and a replayed create is recognised. */
  id: string;
  /** Null for an anonymous one-step form. */
  ownerId: string | null;
};

export type FormPatch<T extends FormTable> = Partial<FormFields<T>>;

export type FormRecord<T extends FormTable> = {
  id: string;
  ownerId: string | null;
  status: FormStatus;
  driverSignedName: string | null;
  plantNumber: string | null;
  customerId: string | null;
  orderNumber: string | null;
  viewToken: string | null;
  data: Record<string, unknown>;
  createdAt: string;
  updatedAt: string;
  submittedAt: string | null;
  completedAt: string | null;
} & { [K in DateField<T>]: string | null };

export type TimesheetRecord = FormRecord<"timesheets">;
export type CheckSheetRecord = FormRecord<"check_sheets">;

export interface FormWriteOptions {
  /** Change the row only while its status is one of these (e.g. refuse edits to completed forms atomically). */
  onlyIfStatusIn?: readonly FormStatus[];
}

// Both tables have the same columns apart from the date, so the code is written once against a view of the
// two merged; the real table name is always passed through, and only the right date column is ever used.
type FormRow = Omit<TimesheetsTable, "week_ending"> & Pick<TimesheetsTable, "week_ending"> & CheckSheetsTable;
type FormsDB = { form: FormRow };
type DateColumn = "week_ending" | "check_date";

function forms(
  db: Kysely<DB>,
  table: FormTable,
): { q: Kysely<FormsDB>; name: "form"; dateColumn: DateColumn } {
  return {
    q: db as unknown as Kysely<FormsDB>,
    name: table as unknown as "form",
    dateColumn: table === "timesheets" ? "week_ending" : "check_date",
  };
}

function dateField(table: FormTable): "weekEnding" | "checkDate" {
  return table === "timesheets" ? "weekEnding" : "checkDate";
}

function toRecord<T extends FormTable>(table: T, row: FormRow): FormRecord<T> {
  const date = table === "timesheets" ? row.week_ending : row.check_date;
  const record = {
    id: row.id,
    ownerId: row.owner_id,
    status: row.status,
    driverSignedName: row.driver_signed_name,
    plantNumber: row.plant_number,
    customerId: row.customer_id,
    orderNumber: row.order_number,
    viewToken: row.view_token,
    data: JSON.parse(row.data) as Record<string, unknown>,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    submittedAt: row.submitted_at,
    completedAt: row.completed_at,
    [dateField(table)]: date ?? null,
  };
  return record as FormRecord<T>;
}

/** Column values for the fields present in `fields`; absent fields are left out (not nulled). */
function toColumns(table: FormTable, fields: Partial<FormFields<FormTable>>): Partial<FormRow> {
  const columns: Partial<FormRow> = {};
  if (fields.status !== undefined) columns.status = fields.status;
  if (fields.driverSignedName !== undefined) columns.driver_signed_name = fields.driverSignedName;
  if (fields.plantNumber !== undefined) columns.plant_number = fields.plantNumber;
  if (fields.customerId !== undefined) columns.customer_id = fields.customerId;
  if (fields.orderNumber !== undefined) columns.order_number = fields.orderNumber;
  if (fields.viewToken !== undefined) columns.view_token = fields.viewToken;
  if (fields.submittedAt !== undefined) columns.submitted_at = fields.submittedAt;
  if (fields.completedAt !== undefined) columns.completed_at = fields.completedAt;
  if (fields.data !== undefined) columns.data = stringifyForm(fields.data);
  const date = (fields as Record<string, string | null | undefined>)[dateField(table)];
  if (date !== undefined) columns[table === "timesheets" ? "week_ending" : "check_date"] = date;
  return columns;
}

/**
 * Inserts a new form. Returns false, changing nothing, when a form with this id already exists (a replayed
 * create from an offline client); the caller then reads it back to answer, scoped to its owner as always.
 */
export async function insertForm<T extends FormTable>(
  db: Kysely<DB>,
  table: T,
  form: NewForm<T>,
  now: Date = new Date(),
): Promise<boolean> {
  const { q, name } = forms(db, table);
  const timestamp = now.toISOString();
  const values: FormRow = {
    id: form.id,
    owner_id: form.ownerId,
    status: form.status,
    driver_signed_name: null,
    plant_number: null,
    customer_id: null,
    order_number: null,
    view_token: null,
    submitted_at: null,
    completed_at: null,
    week_ending: null,
    check_date: null,
    data: "",
    created_at: timestamp,
    updated_at: timestamp,
    ...toColumns(table, form),
  };
  // Only this table's date column exists.
  const { week_ending, check_date, ...common } = values;
  const result = await q
    .insertInto(name)
    .values(table === "timesheets" ? { ...common, week_ending } : { ...common, check_date })
    .onConflict((oc) => oc.column("id").doNothing())
    .executeTakeFirst();
  return (result.numInsertedOrUpdatedRows ?? 0n) > 0n;
}

export async function getForm<T extends FormTable>(
  db: Kysely<DB>,
  table: T,
  ownerId: string,
  id: string,
): Promise<FormRecord<T> | undefined> {
  const { q, name } = forms(db, table);
  const row = await q
    .selectFrom(name)
    .selectAll()
    .where("id", "=", id)
    .where("owner_id", "=", ownerId)
    .executeTakeFirst();
  return row && toRecord(table, row);
}

/** A form's row fields that an answer puts beside the stored form, and the stored form's JSON text, unparsed. */
export interface StoredFormText {
  id: string;
  status: FormStatus;
  createdAt: string;
  updatedAt: string;
  submittedAt: string | null;
  completedAt: string | null;
  /** The whole form as stored: JSON text of an object. */
  data: string;
}

// One compiled query per table: reading a form by id is what the app does most.
const formTextQueries = {
  timesheets: formTextQuery("timesheets"),
  check_sheets: formTextQuery("check_sheets"),
};

function formTextQuery(table: FormTable) {
  return compiledOnce(["id", "ownerId"], (db: Kysely<DB>, values) => {
    const { q, name } = forms(db, table);
    return q
      .selectFrom(name)
      .select([
        "id",
        "status",
        "created_at",
        "updated_at",
        "submitted_at",
        "completed_at",
        // Only this column is long, and nothing here needs it parsed.
        "data",
      ])
      .where("id", "=", values.id)
      .where("owner_id", "=", values.ownerId);
  });
}

/** An owner's form as stored, for answering it without parsing it: see getForm for the parsed record. */
export async function getFormText(
  db: Kysely<DB>,
  table: FormTable,
  ownerId: string,
  id: string,
): Promise<StoredFormText | undefined> {
  const [row] = (await formTextQueries[table](db, { id, ownerId })).rows;
  return (
    row && {
      id: row.id,
      status: row.status,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
      submittedAt: row.submitted_at,
      completedAt: row.completed_at,
      data: row.data,
    }
  );
}

/** The form behind an emailed read-only link. Not owner-scoped: holding the unguessable token is the access. */
export async function getFormByViewToken<T extends FormTable>(
  db: Kysely<DB>,
  table: T,
  viewToken: string,
): Promise<FormRecord<T> | undefined> {
  const { q, name } = forms(db, table);
  const row = await q.selectFrom(name).selectAll().where("view_token", "=", viewToken).executeTakeFirst();
  return row && toRecord(table, row);
}

/** Where a page of a list ends: the last form's update time and id, in the list's order. */
export interface FormListPosition {
  updatedAt: string;
  id: string;
}

export interface FormListOptions {
  statuses?: readonly FormStatus[];
  /** At most this many forms; all of them when absent. */
  limit?: number;
  /** Only the forms that come after this one in the list's order (the next page). */
  after?: FormListPosition;
}

/** A form as a page of a list shows it: the row's columns, not the stored form (that is read by id). */
export type FormSummary<T extends FormTable> = T extends "timesheets" ? TimesheetSummary : CheckSheetSummary;

/**
 * The query of an owner's list, without its columns: most recently updated first (ties by id), optionally only
 * the given statuses and one page at a time. The order matches the (owner, status, updated_at, id) and (owner,
 * updated_at, id) indexes, and the cursor is a row comparison the index seeks to, so a page reads only its own
 * rows however many forms the account has and however far into the list it is.
 */
function ownerListQuery(db: Kysely<DB>, table: FormTable, ownerId: string, options: FormListOptions) {
  const { statuses, limit, after } = options;
  const { q, name } = forms(db, table);
  return q
    .selectFrom(name)
    .where("owner_id", "=", ownerId)
    .$if(statuses !== undefined, (qb) =>
      statuses?.length === 1
        ? qb.where("status", "=", statuses[0]!)
        : qb.where("status", "in", statuses ?? []),
    )
    .$if(after !== undefined, (qb) =>
      qb.where((eb) => eb(eb.refTuple("updated_at", "id"), "<", eb.tuple(after!.updatedAt, after!.id))),
    )
    .orderBy("updated_at", "desc")
    .orderBy("id", "desc")
    .$if(limit !== undefined, (qb) => qb.limit(limit!));
}

/** An owner's forms, whole, in the order and pages of ownerListQuery. */
export async function listFormsByOwner<T extends FormTable>(
  db: Kysely<DB>,
  table: T,
  ownerId: string,
  options: FormListOptions = {},
): Promise<FormRecord<T>[]> {
  if (options.statuses?.length === 0 || options.limit === 0) return [];
  const rows = await ownerListQuery(db, table, ownerId, options).selectAll().execute();
  return rows.map((row) => toRecord(table, row));
}

/** The summary page queries, compiled once each: one for each table and shape of the options. */
const summaryQueries = new Map<string, ReturnType<typeof summaryQuery>>();

function summaryQuery(table: FormTable, statusCount: number | undefined, paged: boolean, limited: boolean) {
  const statusNames = Array.from({ length: statusCount ?? 0 }, (_, i) => `status${i}`);
  const names = ["ownerId", ...statusNames, ...(paged ? ["afterUpdatedAt", "afterId"] : []), "limit"];
  return compiledOnce(names, (db: Kysely<DB>, values) => {
    const { dateColumn } = forms(db, table);
    return ownerListQuery(db, table, values.ownerId!, {
      statuses:
        statusCount === undefined ? undefined : (statusNames.map((name) => values[name]) as FormStatus[]),
      after: paged ? { updatedAt: values.afterUpdatedAt!, id: values.afterId! } : undefined,
      limit: limited ? (values.limit as unknown as number) : undefined,
    }).select([
      "id",
      "status",
      dateColumn,
      "plant_number",
      "driver_signed_name",
      "customer_id",
      "order_number",
      "created_at",
      "updated_at",
      "submitted_at",
      "completed_at",
    ]);
  });
}

/**
 * An owner's forms as summaries, in the order and pages of ownerListQuery: only the listed columns are read,
 * never the stored form, which is most of a row.
 */
export async function listFormSummariesByOwner<T extends FormTable>(
  db: Kysely<DB>,
  table: T,
  ownerId: string,
  options: FormListOptions = {},
): Promise<FormSummary<T>[]> {
  const { statuses, limit, after } = options;
  if (statuses?.length === 0 || limit === 0) return [];
  const shape = `${table} ${statuses?.length} ${after !== undefined} ${limit !== undefined}`;
  let query = summaryQueries.get(shape);
  if (!query) {
    query = summaryQuery(table, statuses?.length, after !== undefined, limit !== undefined);
    summaryQueries.set(shape, query);
  }
  const values: Record<string, string | number> = { ownerId, limit: limit ?? 0 };
  statuses?.forEach((status, i) => {
    values[`status${i}`] = status;
  });
  if (after) {
    values.afterUpdatedAt = after.updatedAt;
    values.afterId = after.id;
  }
  const { rows } = await query(db, values);
  return rows.map(
    (row) =>
      ({
        id: row.id,
        status: row.status,
        [dateField(table)]: (table === "timesheets" ? row.week_ending : row.check_date) ?? null,
        plantNumber: row.plant_number,
        driverSignedName: row.driver_signed_name,
        customerId: row.customer_id,
        orderNumber: row.order_number,
        createdAt: row.created_at,
        updatedAt: row.updated_at,
        submittedAt: row.submitted_at,
        completedAt: row.completed_at,
      }) as FormSummary<T>,
  );
}

/**
 * Saving a form is the busiest write, and building its update with Kysely cost more than SQLite takes to run it:
 * so each shape of update (the table, the columns set, how many statuses allowed) is compiled once.
 */
const formUpdates = new Map<string, ReturnType<typeof formUpdateQuery>>();

function formUpdateQuery(table: FormTable, columns: readonly string[], statusCount: number | undefined) {
  const statusNames = Array.from({ length: statusCount ?? 0 }, (_, i) => `status${i}`);
  const names = ["id", "ownerId", ...statusNames, ...columns.map((column) => `set ${column}`)];
  return compiledOnce(names, (db: Kysely<DB>, values) => {
    const { q, name } = forms(db, table);
    return q
      .updateTable(name)
      .set(Object.fromEntries(columns.map((column) => [column, values[`set ${column}`]])))
      .where("id", "=", values.id!)
      .where("owner_id", "=", values.ownerId!)
      .$if(statusCount !== undefined, (qb) =>
        qb.where("status", "in", statusNames.map((status) => values[status]) as FormStatus[]),
      );
  });
}

/**
 * Changes the given fields of an owner's form and stamps updated_at. Returns false, changing nothing, when there
 * is no such form for this owner or its status is not in `onlyIfStatusIn`.
 */
export async function updateForm<T extends FormTable>(
  db: Kysely<DB>,
  table: T,
  ownerId: string,
  id: string,
  patch: FormPatch<T>,
  options: FormWriteOptions & { now?: Date } = {},
): Promise<boolean> {
  const { onlyIfStatusIn, now = new Date() } = options;
  if (onlyIfStatusIn?.length === 0) return false;
  const set: Record<string, unknown> = { ...toColumns(table, patch), updated_at: now.toISOString() };
  const columns = Object.keys(set);
  const shape = `${table} ${columns.join(",")} ${onlyIfStatusIn?.length}`;
  let update = formUpdates.get(shape);
  if (!update) {
    update = formUpdateQuery(table, columns, onlyIfStatusIn?.length);
    formUpdates.set(shape, update);
  }
  const values: Record<string, unknown> = { id, ownerId };
  for (const column of columns) values[`set ${column}`] = set[column];
  onlyIfStatusIn?.forEach((status, i) => {
    values[`status${i}`] = status;
  });
  const result = await update(db, values);
  return (result.numAffectedRows ?? 0n) > 0n;
}

/** Deletes an owner's form; false when there is no such form for this owner (or its status is excluded). */
export async function deleteForm(
  db: Kysely<DB>,
  table: FormTable,
  ownerId: string,
  id: string,
  options: FormWriteOptions = {},
): Promise<boolean> {
  const { onlyIfStatusIn } = options;
  if (onlyIfStatusIn?.length === 0) return false;
  const { q, name } = forms(db, table);
  const result = await q
    .deleteFrom(name)
    .where("id", "=", id)
    .where("owner_id", "=", ownerId)
    .$if(onlyIfStatusIn !== undefined, (qb) => qb.where("status", "in", onlyIfStatusIn ?? []))
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** Deletes all of an owner's forms in the given statuses (the spec's "Clear All Drafts"); returns the count. */
export async function deleteFormsByOwner(
  db: Kysely<DB>,
  table: FormTable,
  ownerId: string,
  statuses: readonly FormStatus[],
): Promise<number> {
  if (statuses.length === 0) return 0;
  const { q, name } = forms(db, table);
  const result = await q
    .deleteFrom(name)
    .where("owner_id", "=", ownerId)
    .where("status", "in", statuses)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
