import type {
  CheckSheetSummary,
  FormPage,
  OrganisationFormsQuery,
  TimesheetSummary,
} from "../../../domain/api/api";
import { FORM_SPECS } from "../../../domain/forms/form-specs";
import type { Account } from "../../db/accounts-repository";
import { summaryPage } from "../list-forms";
import type { ServiceDeps } from "../service-deps";
import { memberOf } from "./organisation-access";

/**
 * The forms of one type that belong to an organisation (its members' made after they joined, those of members
 * who have left included), newest first, one page of summaries at a time: for its supervisors and admins.
 */
export async function listOrganisationForms(
  deps: ServiceDeps,
  account: Account,
  organisationId: string,
  { kind, limit, cursor }: OrganisationFormsQuery,
): Promise<FormPage<TimesheetSummary | CheckSheetSummary>> {
  await memberOf(deps, account, organisationId, "view-member-forms");
  return summaryPage(deps.database.db, FORM_SPECS[kind], { organisationId }, { limit, cursor });
}
