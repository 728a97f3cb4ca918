import type { OrganisationResponse, SetHireTermsRequest } from "../../../domain/api/api";
import type { Account } from "../../db/accounts-repository";
import { setOrganisationHireTerms } from "../../db/organisations-repository";
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
