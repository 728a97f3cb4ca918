import type { FastifyInstance } from "fastify";
import type {
  CheckSheetSummary,
  FormPage,
  OrganisationFormsQuery,
  TimesheetSummary,
} from "../../../domain/api";
import { FORM_SPECS } from "../../../domain/forms/form-specs";
import type { Account } from "../../db/accounts-repository";
import { summaryPage } from "../list-forms";
import { memberOf } from "./organisation-access";

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
  return summaryPage(app.deps.database.db, FORM_SPECS[kind], { organisationId }, { limit, cursor });
}
