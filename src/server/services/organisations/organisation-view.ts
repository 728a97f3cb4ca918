import type { Kysely } from "kysely";
import type { OrganisationResponse } from "../../../domain/api";
import { companyMessages } from "../../../domain/company-messages";
import { may } from "../../../domain/organisation";
import { AppError } from "../../app-error";
import { findOrganisation, listMembers, type Membership } from "../../db/organisations-repository";
import type { DB } from "../../db/schema";

/** An organisation as a member sees it: its name and their role, and the members when their role may see them. */
export async function organisationView(
  db: Kysely<DB>,
  membership: Membership,
): Promise<OrganisationResponse> {
  const organisation = await findOrganisation(db, membership.organisationId);
  if (!organisation) throw new AppError("not_found", companyMessages.organisationNotFound);
  const view: OrganisationResponse = { id: organisation.id, name: organisation.name, role: membership.role };
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
