import type { OrganisationResponse, SetHireDeskRequest, SetHireTermsRequest } from "../../../domain/api/api";
import { may } from "../../../domain/company/organisation";
import { AppError } from "../../app-error";
import type { Account } from "../../db/accounts-repository";
import {
  findMembership,
  setOrganisationHireDesk,
  setOrganisationHireTerms,
} from "../../db/organisations-repository";
import type { ServiceDeps } from "../service-deps";
import { memberOf } from "./organisation-access";
import { organisationView } from "./organisation-view";

/**
 * PUT /api/organisations/{id}/hire-terms: the company's admin sets its hire terms, whole (checked by the request's
 * schema). Answers the company as the admin now sees it; every member reads the same terms in its view.
 */
export async function setCompanyHireTerms(
  deps: ServiceDeps,
  account: Account,
  organisationId: string,
  terms: SetHireTermsRequest,
): Promise<OrganisationResponse> {
  const membership = await memberOf(deps, account, organisationId, "set-hire-terms");
  await setOrganisationHireTerms(deps.database.db, organisationId, terms);
  return organisationView(deps.database.db, membership);
}

/**
 * PUT /api/organisations/{id}/hire-desk: the company's admin picks who in its office is mailed its drivers'
 * off-hire notes (a supervisor or admin: someone who reads the members' forms already), or no one. Anyone else,
 * of the company or not, is refused with nothing stored.
 */
export async function setCompanyHireDesk(
  deps: ServiceDeps,
  account: Account,
  organisationId: string,
  { accountId }: SetHireDeskRequest,
): Promise<OrganisationResponse> {
  const membership = await memberOf(deps, account, organisationId, "set-hire-terms");
  const { db } = deps.database;
  if (accountId !== null) {
    const desk = await findMembership(db, accountId);
    if (desk?.organisationId !== organisationId || !may(desk.role, "view-member-forms")) {
      throw new AppError("validation_failed", "apiError.hireDeskNotOffice");
    }
  }
  await setOrganisationHireDesk(db, organisationId, accountId);
  return organisationView(db, membership);
}
