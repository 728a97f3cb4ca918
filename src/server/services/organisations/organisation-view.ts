import type { Kysely } from "kysely";
import type { MyOrganisationResponse, OrganisationResponse } from "../../../domain/api/api";
import { may } from "../../../domain/company/organisation";
import { AppError } from "../../app-error";
import type { Account } from "../../db/accounts-repository";
import {
  findHireDesk,
  findMembership,
  findOrganisation,
  listMembers,
  type Membership,
} from "../../db/organisations-repository";
import type { DB } from "../../db/schema";

/** An organisation as a member sees it: its name and their role, and the members when their role may see them. */
export async function organisationView(
  db: Kysely<DB>,
  membership: Membership,
): Promise<OrganisationResponse> {
  const [organisation, hireDesk] = await Promise.all([
    findOrganisation(db, membership.organisationId),
    findHireDesk(db, membership.organisationId),
  ]);
  if (!organisation) throw new AppError("not_found", "apiError.organisationNotFound");
  const view: OrganisationResponse = {
    id: organisation.id,
    name: organisation.name,
    role: membership.role,
    language: organisation.language,
    hireTerms: organisation.hireTerms,
    meterToleranceHours: organisation.meterToleranceHours,
    hireDeskAccountId: hireDesk?.accountId ?? null,
  };
  if (!may(membership.role, "view-members")) return view;
  const members = await listMembers(db, organisation.id);
  return {
    ...view,
    members: members.map(({ accountId, fullName, email, role, joinedAt }) => ({
      accountId,
      fullName,
      email,
      role,
      joinedAt,
    })),
  };
}

/** The caller's own company as they see it, or null for a driver without one. */
export async function myOrganisation(db: Kysely<DB>, account: Account): Promise<MyOrganisationResponse> {
  const membership = await findMembership(db, account.id);
  return { organisation: membership ? await organisationView(db, membership) : null };
}
