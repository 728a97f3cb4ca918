import type { Account } from "../../db/accounts-repository";
import { removeSampleLists } from "../../db/organisations-repository";
import type { ServiceDeps } from "../service-deps";
import { memberOf } from "./organisation-access";

/**
 * DELETE /api/organisations/{id}/samples: an admin takes the shared sample customers and machines off the
 * company's lists in one tap; its drivers then see only what the company adds. The samples stay for everyone else.
 * Done twice, the second time changes nothing.
 */
export async function removeCompanySamples(deps: ServiceDeps, account: Account, organisationId: string) {
  await memberOf(deps, account, organisationId, "manage-customers");
  await memberOf(deps, account, organisationId, "manage-fleet");
  await removeSampleLists(deps.database.db, organisationId, deps.now());
}
