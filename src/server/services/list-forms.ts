import type { Kysely } from "kysely";
import type { CheckSheetSummary, FormListQuery, FormPage, TimesheetSummary } from "../../domain/api/api";
import type { AnyFormSpec } from "../../domain/forms/form-spec";
import type { FormStatus } from "../../domain/forms/form-status";
import type { Account } from "../db/accounts-repository";
import { type FormListScope, getForm, listFormSummaries, listForms } from "../db/forms-repository";
import type { DB } from "../db/schema";
import { apiForm, apiSummary, decodeListCursor, encodeListCursor } from "./form-answers";
import { formNotFound } from "./save-form";
import type { ServiceDeps } from "./service-deps";

const DEFAULT_FORM_PAGE_SIZE = 50;

/**
 * An account's forms of one type (spec section 7), newest first. Without `limit` and `cursor` every matching
 * form, whole, as an array (as before paging existed); with either, one page of summaries.
 */
export async function listOwnForms(
  deps: ServiceDeps,
  spec: AnyFormSpec,
  account: Account,
  { status, limit, cursor }: FormListQuery,
): Promise<Record<string, unknown>[] | FormPage<TimesheetSummary | CheckSheetSummary>> {
  const { db } = deps.database;
  const statuses = status ? [status] : undefined;
  if (limit === undefined && cursor === undefined) {
    return (await listForms(db, spec.kind, account.id, { statuses })).map(apiForm);
  }
  return summaryPage(db, spec, account.id, { statuses, limit, cursor });
}

/** One of the account's own forms, whole, as the API answers it. */
export async function readOwnForm(
  deps: ServiceDeps,
  spec: AnyFormSpec,
  account: Account,
  id: string,
): Promise<Record<string, unknown>> {
  const stored = await getForm(deps.database.db, spec.kind, account.id, id);
  if (!stored) throw formNotFound(spec);
  return apiForm(stored);
}

/**
 * One page of summaries of a list (an owner's, or an organisation's), newest first: one row more than the page
 * is read, which tells whether there is a next page without a count.
 */
export async function summaryPage(
  db: Kysely<DB>,
  spec: AnyFormSpec,
  scope: string | FormListScope,
  { statuses, limit, cursor }: { statuses?: FormStatus[]; limit?: number; cursor?: string },
): Promise<FormPage<TimesheetSummary | CheckSheetSummary>> {
  const pageSize = limit ?? DEFAULT_FORM_PAGE_SIZE;
  const rows = await listFormSummaries(db, spec.kind, scope, {
    statuses,
    limit: pageSize + 1,
    after: cursor === undefined ? undefined : decodeListCursor(cursor),
  });
  const items = rows.slice(0, pageSize);
  const last = items.at(-1);
  return {
    items: items.map((row) => apiSummary(spec, row)),
    nextCursor: rows.length > pageSize && last ? encodeListCursor(last) : null,
  };
}
