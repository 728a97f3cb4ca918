import { type Kysely, type Selectable, sql } from "kysely";
import type { FormKind, ListedField } from "../../domain/forms/form-spec";
import {
  type Amendment,
  type ReviewTextFilters,
  reviewFilterKey,
  reviewFilterKeys,
} from "../../domain/office-review";
import type { DB, FormStatus, FormsTable } from "./schema";

/**
 * Storage of every form type in one table. A form's fields are JSON in `data` (its signatures are image
 * addresses: the images live in their own table); the columns beside it are copies of the fields lists, pairing
 * and the emailed link query on. Every read, update and delete is scoped to an owner and matches it, so one
 * account can never see or touch another's forms (anonymous forms, with no owner, match no owner). The one
 * exception is `getFormByViewToken`, the emailed read-only link.
 */

/** The copies of a form's fields kept in columns (see `listedValues` in the domain). */
export type ListedColumns = Record<ListedField, string> & { date: string | null };

export interface StoredForm {
  id: string;
  kind: FormKind;
  ownerId: string | null;
  status: FormStatus;
  viewToken: string | null;
  /** The form's own date, as its column holds it. */
  date: string | null;
  /** The form's fields as stored. */
  fields: Record<string, unknown>;
  createdAt: string;
  updatedAt: string;
  submittedAt: string | null;
  completedAt: string | null;
  /** The company the owner belonged to when the form was made (migration 010); null for an individual's. */
  organisationId: string | null;
  /** When a company's supervisor or admin approved the form's set (migration 012): it is locked from then. */
  reviewApprovedAt: string | null;
  /** Why the office sent the form back to its driver, and when; null if it never was. */
  sentBack: { reason: string; at: string } | null;
  /** Why, when and by whom an admin last reopened the form's approved set (migration 013); null if never. */
  amendedAfterApproval: Amendment | null;
}

export interface FormPatch {
  status?: FormStatus;
  listed?: ListedColumns;
  viewToken?: string | null;
  /** ISO-8601 timestamps. */
  submittedAt?: string | null;
  completedAt?: string | null;
  fields?: Readonly<Record<string, unknown>>;
}

export interface NewForm extends FormPatch {
  /** Made by the client, so a form can be created offline and a replayed create is recognised. */
  id: string;
  kind: FormKind;
  /** Null for an anonymous one-step form. */
  ownerId: string | null;
  /** The organisation the owner belongs to as the form is made; null (or absent) for an individual's. */
  organisationId?: string | null;
  status: FormStatus;
  listed: ListedColumns;
  fields: Readonly<Record<string, unknown>>;
}

export interface FormWriteOptions {
  /** Change the row only while its status is one of these (e.g. refuse edits to completed forms atomically). */
  onlyIfStatusIn?: readonly FormStatus[];
  /** Change the row only while no company's supervisor or admin has approved it (migration 012). */
  onlyIfNotReviewApproved?: boolean;
}

function toStoredForm(row: Selectable<FormsTable>): StoredForm {
  return {
    id: row.id,
    kind: row.kind,
    ownerId: row.owner_id,
    status: row.status,
    viewToken: row.view_token,
    date: row.form_date,
    fields: JSON.parse(row.data) as Record<string, unknown>,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    submittedAt: row.submitted_at,
    completedAt: row.completed_at,
    organisationId: row.organisation_id,
    reviewApprovedAt: row.review_approved_at,
    sentBack:
      row.sent_back_reason !== null && row.sent_back_at !== null
        ? { reason: row.sent_back_reason, at: row.sent_back_at }
        : null,
    amendedAfterApproval:
      row.reopened_reason !== null && row.reopened_at !== null
        ? { reason: row.reopened_reason, at: row.reopened_at, by: row.reopened_by_name ?? "" }
        : null,
  };
}

/** The office review's filter keys of a form's fields (migration 021), as the review list's query reads them. */
export function reviewKeyColumns(fields: Readonly<Record<string, unknown>>) {
  const keys = reviewFilterKeys(fields);
  return { driver_key: keys.driver, plant_key: keys.plant, site_key: keys.site, customer_key: keys.customer };
}

/** Column values for what the patch holds; what it leaves out is left as it is. */
function toColumns(patch: FormPatch): Partial<FormsTable> {
  const { status, listed, viewToken, submittedAt, completedAt, fields } = patch;
  return {
    ...(status !== undefined && { status }),
    ...(listed !== undefined && {
      driver_signed_name: listed.driverSignedName,
      plant_number: listed.plantNumber,
      customer_id: listed.customerId,
      order_number: listed.orderNumber,
      form_date: listed.date,
    }),
    ...(viewToken !== undefined && { view_token: viewToken }),
    ...(submittedAt !== undefined && { submitted_at: submittedAt }),
    ...(completedAt !== undefined && { completed_at: completedAt }),
    ...(fields !== undefined && { data: JSON.stringify(fields), ...reviewKeyColumns(fields) }),
  };
}

/**
 * Inserts a new form. Returns false, changing nothing, when a form with this id already exists (a replayed
 * create from an offline client); the caller then reads it back to answer, scoped to its owner as always.
 */
export async function insertForm(db: Kysely<DB>, form: NewForm, now: Date): Promise<boolean> {
  const timestamp = now.toISOString();
  const result = await db
    .insertInto("forms")
    .values({
      id: form.id,
      kind: form.kind,
      owner_id: form.ownerId,
      organisation_id: form.organisationId ?? null,
      status: form.status,
      view_token: form.viewToken ?? null,
      submitted_at: form.submittedAt ?? null,
      completed_at: form.completedAt ?? null,
      created_at: timestamp,
      updated_at: timestamp,
      data: JSON.stringify(form.fields),
      driver_signed_name: form.listed.driverSignedName,
      plant_number: form.listed.plantNumber,
      customer_id: form.listed.customerId,
      order_number: form.listed.orderNumber,
      form_date: form.listed.date,
      ...reviewKeyColumns(form.fields),
    })
    .onConflict((oc) => oc.column("id").doNothing())
    .executeTakeFirst();
  return (result.numInsertedOrUpdatedRows ?? 0n) > 0n;
}

export async function getForm(
  db: Kysely<DB>,
  kind: FormKind,
  ownerId: string,
  id: string,
): Promise<StoredForm | undefined> {
  const form = await getOwnForm(db, ownerId, id);
  return form?.kind === kind ? form : undefined;
}

/** An owner's form of any kind: the read-only view's address does not say which kind it is. */
export async function getOwnForm(
  db: Kysely<DB>,
  ownerId: string,
  id: string,
): Promise<StoredForm | undefined> {
  const row = await db
    .selectFrom("forms")
    .selectAll()
    .where("id", "=", id)
    .where("owner_id", "=", ownerId)
    .executeTakeFirst();
  return row && toStoredForm(row);
}

/** The form behind an emailed read-only link. Not owner-scoped: holding the unguessable token is the access. */
export async function getFormByViewToken(db: Kysely<DB>, viewToken: string): Promise<StoredForm | undefined> {
  const row = await db.selectFrom("forms").selectAll().where("view_token", "=", viewToken).executeTakeFirst();
  return row && toStoredForm(row);
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

/** A form as a page of a list shows it: its columns, not its fields (those are read by id). */
export interface FormSummaryRow extends FormListPosition {
  status: FormStatus;
  date: string | null;
  plantNumber: string | null;
  driverSignedName: string | null;
  customerId: string | null;
  orderNumber: string | null;
  createdAt: string;
  submittedAt: string | null;
  completedAt: string | null;
}

/** Whose forms a list holds: one owner's, or (migration 010) those that belong to an organisation. */
export type FormListScope = { ownerId: string } | { organisationId: string };

/**
 * The query of a list of one kind: most recently updated first (ties by id), optionally only the given
 * statuses and one page at a time. The order matches the (owner, kind, status, updated_at, id), (owner, kind,
 * updated_at, id) and (organisation, kind, updated_at, id) indexes, and the cursor is a row comparison the index
 * seeks to, so a page reads only its own rows however many forms there are and however far into the list it is.
 */
function listQuery(db: Kysely<DB>, kind: FormKind, scope: FormListScope, options: FormListOptions) {
  const { statuses, limit, after } = options;
  const forms = db.selectFrom("forms");
  const scoped =
    "ownerId" in scope
      ? forms.where("owner_id", "=", scope.ownerId)
      : forms.where("organisation_id", "=", scope.organisationId);
  return scoped
    .where("kind", "=", kind)
    .$if(statuses !== undefined, (qb) => qb.where("status", "in", statuses ?? []))
    .$if(after !== undefined, (qb) =>
      qb.where((eb) => eb(eb.refTuple("updated_at", "id"), "<", eb.tuple(after!.updatedAt, after!.id))),
    )
    .orderBy("updated_at", "desc")
    .orderBy("id", "desc")
    .$if(limit !== undefined, (qb) => qb.limit(limit!));
}

function ownerListQuery(db: Kysely<DB>, kind: FormKind, ownerId: string, options: FormListOptions) {
  return listQuery(db, kind, { ownerId }, options);
}

/** An owner's forms of one kind, whole, in the order and pages of ownerListQuery. */
export async function listForms(
  db: Kysely<DB>,
  kind: FormKind,
  ownerId: string,
  options: FormListOptions = {},
): Promise<StoredForm[]> {
  if (options.statuses?.length === 0 || options.limit === 0) return [];
  const rows = await ownerListQuery(db, kind, ownerId, options).selectAll().execute();
  return rows.map(toStoredForm);
}

/**
 * An owner's forms of one kind as summaries (or, given a scope, an organisation's), in the order and pages of
 * listQuery: no form is parsed.
 */
export async function listFormSummaries(
  db: Kysely<DB>,
  kind: FormKind,
  owner: string | FormListScope,
  options: FormListOptions = {},
): Promise<FormSummaryRow[]> {
  if (options.statuses?.length === 0 || options.limit === 0) return [];
  const scope = typeof owner === "string" ? { ownerId: owner } : owner;
  const rows = await listQuery(db, kind, scope, options)
    .select([
      "id",
      "status",
      "form_date",
      "plant_number",
      "driver_signed_name",
      "customer_id",
      "order_number",
      "created_at",
      "updated_at",
      "submitted_at",
      "completed_at",
    ])
    .execute();
  return rows.map((row) => ({
    id: row.id,
    status: row.status,
    date: row.form_date,
    plantNumber: row.plant_number,
    driverSignedName: row.driver_signed_name,
    customerId: row.customer_id,
    orderNumber: row.order_number,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    submittedAt: row.submitted_at,
    completedAt: row.completed_at,
  }));
}

/**
 * Changes what the patch holds of an owner's form and stamps updated_at. Returns false, changing nothing, when
 * there is no such form for this owner or its status is not in `onlyIfStatusIn`.
 */
export async function updateForm(
  db: Kysely<DB>,
  kind: FormKind,
  ownerId: string,
  id: string,
  patch: FormPatch,
  options: FormWriteOptions & { now: Date },
): Promise<boolean> {
  const { onlyIfStatusIn, onlyIfNotReviewApproved, now } = options;
  if (onlyIfStatusIn?.length === 0) return false;
  const result = await db
    .updateTable("forms")
    .set({ ...toColumns(patch), updated_at: now.toISOString() })
    .where("id", "=", id)
    .where("kind", "=", kind)
    .where("owner_id", "=", ownerId)
    .$if(onlyIfStatusIn !== undefined, (qb) => qb.where("status", "in", onlyIfStatusIn ?? []))
    .$if(onlyIfNotReviewApproved === true, (qb) => qb.where("review_approved_at", "is", null))
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Deletes an owner's form; false when there is no such form for this owner. */
export async function deleteForm(
  db: Kysely<DB>,
  kind: FormKind,
  ownerId: string,
  id: string,
): Promise<boolean> {
  const result = await db
    .deleteFrom("forms")
    .where("id", "=", id)
    .where("kind", "=", kind)
    .where("owner_id", "=", ownerId)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** Where a page of an organisation's review list ends: its last timesheet's week ending and id. */
export interface ReviewListPosition {
  weekEnding: string;
  id: string;
}

/**
 * Whether a key column holds a text filter's key anywhere in it: LIKE with the filter's own wildcards and escape
 * character written as text, the same on both dialects (both sides are keys, already in lower case).
 */
function keyContains(column: "site_key" | "customer_key", filter: string) {
  const pattern = `%${reviewFilterKey(filter).replace(/[\\%_]/g, "\\$&")}%`;
  return sql<boolean>`${sql.ref(column)} like ${pattern} escape '\\'`;
}

/**
 * Whether a key column starts with a text filter's key: the range of keys from the filter's up to the filter's
 * followed by the last code point, which an index on the column reads as one range (the keys compare by code point:
 * binary on SQLite, collation "C" on PostgreSQL, migration 021). U+10FFFF is a noncharacter no one types.
 */
function keyStartsWith(column: "driver_key" | "plant_key", filter: string) {
  const key = reviewFilterKey(filter);
  return sql<boolean>`${sql.ref(column)} >= ${key} and ${sql.ref(column)} < ${`${key}\u{10FFFF}`}`;
}

/**
 * The query of a page of an organisation's review list (decision record 039): its timesheets with one of
 * `statuses` (and the week ending `week`, when given) that the text filters keep (`matchesReviewFilters`, on the
 * keys of migration 021), newest week first (ties by id), after `after`, at most `limit`. One query: with a driver
 * or plant filter it is one range of the (organisation, kind, driver or plant key, week ending, id) index, read
 * backwards to the limit; otherwise the (organisation, kind, week ending, id) index is read the same way, the
 * site and customer filters checked on its rows. A timesheet with no week ending has no week to be listed under,
 * and is left out.
 */
export function reviewPageQuery(
  db: Kysely<DB>,
  organisationId: string,
  options: {
    statuses: readonly FormStatus[];
    week?: string;
    after?: ReviewListPosition;
    limit: number;
    filters?: ReviewTextFilters;
  },
) {
  const { statuses, week, after, limit, filters = {} } = options;
  const { driver, plant, site, customer } = filters;
  return db
    .selectFrom("forms")
    .selectAll()
    .where("organisation_id", "=", organisationId)
    .where("kind", "=", "timesheet")
    .$if(driver !== undefined, (qb) => qb.where(keyStartsWith("driver_key", driver ?? "")))
    .$if(plant !== undefined, (qb) => qb.where(keyStartsWith("plant_key", plant ?? "")))
    .$if(site !== undefined, (qb) => qb.where(keyContains("site_key", site ?? "")))
    .$if(customer !== undefined, (qb) =>
      qb.where((eb) =>
        eb.or([keyContains("customer_key", customer ?? ""), eb("customer_id", "=", (customer ?? "").trim())]),
      ),
    )
    .where("status", "in", statuses)
    .where("form_date", "is not", null)
    .where("owner_id", "is not", null)
    .$if(week !== undefined, (qb) => qb.where("form_date", "=", week!))
    .$if(after !== undefined, (qb) =>
      qb.where((eb) => eb(eb.refTuple("form_date", "id"), "<", eb.tuple(after!.weekEnding, after!.id))),
    )
    .orderBy("form_date", "desc")
    .orderBy("id", "desc")
    .limit(limit);
}

/** A page of an organisation's review list, as `reviewPageQuery` reads it. */
export async function listOrganisationTimesheetsByWeek(
  db: Kysely<DB>,
  organisationId: string,
  options: Parameters<typeof reviewPageQuery>[2],
): Promise<Array<StoredForm & { ownerId: string }>> {
  if (options.statuses.length === 0 || options.limit === 0) return [];
  const rows = await reviewPageQuery(db, organisationId, options).execute();
  return rows.map((row) => ({ ...toStoredForm(row), ownerId: row.owner_id! }));
}

/**
 * An organisation's timesheets its office approved (migration 012) with a week ending from `from` to `to`
 * inclusive, oldest week first (ties by id), after `after`, at most `limit`: the exports read them a batch at a
 * time, each batch starting where the last ended, so a year of a large company is never in memory at once.
 */
export async function listApprovedOrganisationTimesheets(
  db: Kysely<DB>,
  organisationId: string,
  options: { from: string; to: string; after?: ReviewListPosition; limit: number },
): Promise<Array<StoredForm & { ownerId: string }>> {
  const { from, to, after, limit } = options;
  const rows = await db
    .selectFrom("forms")
    .selectAll()
    .where("organisation_id", "=", organisationId)
    .where("kind", "=", "timesheet")
    .where("review_approved_at", "is not", null)
    .where("owner_id", "is not", null)
    .where("form_date", ">=", from)
    .where("form_date", "<=", to)
    .$if(after !== undefined, (qb) =>
      qb.where((eb) => eb(eb.refTuple("form_date", "id"), ">", eb.tuple(after!.weekEnding, after!.id))),
    )
    .orderBy("form_date", "asc")
    .orderBy("id", "asc")
    .limit(limit)
    .execute();
  return rows.map((row) => ({ ...toStoredForm(row), ownerId: row.owner_id! }));
}

/**
 * The forms of both kinds that some owners made in an organisation, dated from `from` to `to` inclusive: what
 * pairing needs to give each timesheet of those weeks its check sheets.
 */
export async function listOrganisationFormsOfOwners(
  db: Kysely<DB>,
  organisationId: string,
  ownerIds: readonly string[],
  range: { from: string; to: string },
): Promise<StoredForm[]> {
  if (ownerIds.length === 0) return [];
  const rows = await db
    .selectFrom("forms")
    .selectAll()
    .where("organisation_id", "=", organisationId)
    .where("owner_id", "in", ownerIds)
    .where("form_date", ">=", range.from)
    .where("form_date", "<=", range.to)
    .execute();
  return rows.map(toStoredForm);
}

/** One form of an organisation by id, whoever made it: for its supervisors' and admins' review. */
export async function getOrganisationForm(
  db: Kysely<DB>,
  organisationId: string,
  kind: FormKind,
  id: string,
): Promise<(StoredForm & { ownerId: string }) | undefined> {
  const row = await db
    .selectFrom("forms")
    .selectAll()
    .where("id", "=", id)
    .where("kind", "=", kind)
    .where("organisation_id", "=", organisationId)
    .where("owner_id", "is not", null)
    .executeTakeFirst();
  return row ? { ...toStoredForm(row), ownerId: row.owner_id! } : undefined;
}

/** One form of an organisation by id, of any kind, whoever made it: the read-only view for its supervisors. */
export async function getOrganisationFormById(
  db: Kysely<DB>,
  organisationId: string,
  id: string,
): Promise<StoredForm | undefined> {
  const row = await db
    .selectFrom("forms")
    .selectAll()
    .where("id", "=", id)
    .where("organisation_id", "=", organisationId)
    .where("owner_id", "is not", null)
    .executeTakeFirst();
  return row && toStoredForm(row);
}

/** What the office's review writes on a company's forms (migration 012). */
export interface ReviewPatch {
  status?: FormStatus;
  submittedAt?: string | null;
  reviewApprovedAt?: string | null;
  reviewApprovedBy?: string | null;
  reviewRating?: string | null;
  sentBackReason?: string | null;
  sentBackAt?: string | null;
  sentBackBy?: string | null;
  reopenedReason?: string;
  reopenedAt?: string;
  reopenedBy?: string;
  reopenedByName?: string;
}

/**
 * Writes the office's review on some of an organisation's forms, only those not approved yet (those approved,
 * to reopen them; and, given statuses, only those with one of them): how many it changed, so a caller can tell a
 * race it lost.
 */
export async function writeReview(
  db: Kysely<DB>,
  organisationId: string,
  ids: readonly string[],
  patch: ReviewPatch,
  options: { now: Date; onlyIfStatusIn?: readonly FormStatus[]; onlyIfApproved?: boolean },
): Promise<number> {
  if (ids.length === 0) return 0;
  const columns: Partial<FormsTable> = {
    ...(patch.status !== undefined && { status: patch.status }),
    ...(patch.submittedAt !== undefined && { submitted_at: patch.submittedAt }),
    ...(patch.reviewApprovedAt !== undefined && { review_approved_at: patch.reviewApprovedAt }),
    ...(patch.reviewApprovedBy !== undefined && { review_approved_by: patch.reviewApprovedBy }),
    ...(patch.reviewRating !== undefined && { review_rating: patch.reviewRating }),
    ...(patch.sentBackReason !== undefined && { sent_back_reason: patch.sentBackReason }),
    ...(patch.sentBackAt !== undefined && { sent_back_at: patch.sentBackAt }),
    ...(patch.sentBackBy !== undefined && { sent_back_by: patch.sentBackBy }),
    ...(patch.reopenedReason !== undefined && { reopened_reason: patch.reopenedReason }),
    ...(patch.reopenedAt !== undefined && { reopened_at: patch.reopenedAt }),
    ...(patch.reopenedBy !== undefined && { reopened_by: patch.reopenedBy }),
    ...(patch.reopenedByName !== undefined && { reopened_by_name: patch.reopenedByName }),
  };
  const { onlyIfStatusIn, onlyIfApproved, now } = options;
  const result = await db
    .updateTable("forms")
    .set({ ...columns, updated_at: now.toISOString() })
    .where("id", "in", ids)
    .where("organisation_id", "=", organisationId)
    .where("review_approved_at", onlyIfApproved ? "is not" : "is", null)
    .$if(onlyIfStatusIn !== undefined, (qb) => qb.where("status", "in", onlyIfStatusIn ?? []))
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
