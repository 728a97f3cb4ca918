import type { FastifyInstance } from "fastify";
import type {
  CheckSheetSummary,
  FormPage,
  OrganisationFormsQuery,
  TimesheetSummary,
} from "../../../domain/api";
import { FORM_SPECS } from "../../../domain/forms/form-specs";
import type { Account } from "../../db/accounts-repository";
import { listFormSummaries } from "../../db/forms-repository";
import { apiSummary, decodeListCursor, encodeListCursor } from "../form-answers";
import { memberOf } from "./organisation-access";

const DEFAULT_PAGE_SIZE = 50;

/**
 * The forms of one type that belong to an organisation (its members' made after they joined, those of members
 * who have left included), newest first, one page of summaries at a time: for its supervisors and admins.
 */
export async function listOrganisationForms(
  app: FastifyInstance,
  account: Account,
  organisationId: string,
  { kind, limit, cursor }: OrganisationFormsQuery,
): Promise<FormPage<TimesheetSummary | CheckSheetSummary>> {
  await memberOf(app, account, organisationId, "view-member-forms");
  const pageSize = limit ?? DEFAULT_PAGE_SIZE;
  const rows = await listFormSummaries(
    app.deps.database.db,
    kind,
    { organisationId },
    { limit: pageSize + 1, after: cursor === undefined ? undefined : decodeListCursor(cursor) },
  );
  const items = rows.slice(0, pageSize);
  const last = items.at(-1);
  return {
    items: items.map((row) => apiSummary(FORM_SPECS[kind], row)),
    nextCursor: rows.length > pageSize && last ? encodeListCursor(last) : null,
  };
}
