import type { FastifyInstance } from "fastify";
import type { Kysely } from "kysely";
import type { CheckSheetSummary, FormListQuery, FormPage, TimesheetSummary } from "../../domain/api";
import type { FormStatus } from "../../domain/form-status";
import type { AnyFormSpec } from "../../domain/forms/form-spec";
import type { Account } from "../db/accounts-repository";
import { type FormListScope, listFormSummaries, listForms } from "../db/forms-repository";
import type { DB } from "../db/schema";
import { apiForm, apiSummary, decodeListCursor, encodeListCursor } from "./form-answers";

const DEFAULT_FORM_PAGE_SIZE = 50;

/**
 * An account's forms of one type (spec section 7), newest first. Without `limit` and `cursor` every matching
 * form, whole, as an array (as before paging existed); with either, one page of summaries.
 */
export async function listOwnForms(
  app: FastifyInstance,
  spec: AnyFormSpec,
  account: Account,
  { status, limit, cursor }: FormListQuery,
): Promise<Record<string, unknown>[] | FormPage<TimesheetSummary | CheckSheetSummary>> {
  const { db } = app.deps.database;
  const statuses = status ? [status] : undefined;
  if (limit === undefined && cursor === undefined) {
    return (await listForms(db, spec.kind, account.id, { statuses })).map(apiForm);
  }
  return summaryPage(db, spec, account.id, { statuses, limit, cursor });
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
