import { randomUUID } from "node:crypto";
import type { CreateOrganisationRequest, OrganisationResponse } from "../../../domain/api/api";
import { joinProblem } from "../../../domain/company/organisation";
import { AppError } from "../../app-error";
import type { Account } from "../../db/accounts-repository";
import { isUniqueViolation } from "../../db/is-unique-violation";
import { findMembership, insertMembership, insertOrganisation } from "../../db/organisations-repository";
import type { ServiceDeps } from "../service-deps";
import { refuse } from "./organisation-access";
import { organisationView } from "./organisation-view";

/**
 * Makes an organisation with the account as its first admin, in one transaction. An account that belongs to
 * one already is refused (409), also when it joined another meanwhile: the membership's key decides.
 */
export async function createOrganisation(
  deps: ServiceDeps,
  account: Account,
  input: CreateOrganisationRequest,
): Promise<OrganisationResponse> {
  const { db } = deps.database;
  const now = deps.now().toISOString();
  const id = randomUUID();
  const membership = { accountId: account.id, organisationId: id, role: "admin" as const, joinedAt: now };
  await db
    .transaction()
    .execute(async (trx) => {
      const problem = joinProblem((await findMembership(trx, account.id))?.organisationId ?? null);
      if (problem) refuse(problem);
      await insertOrganisation(trx, { id, name: input.name, createdAt: now });
      await insertMembership(trx, membership);
    })
    .catch((error: unknown) => {
      if (isUniqueViolation(error)) throw new AppError("conflict", "apiError.alreadyInOrganisation");
      throw error;
    });
  return organisationView(db, membership);
}
