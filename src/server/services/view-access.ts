import { may } from "../../domain/company/organisation";
import { combinedSetId } from "../../domain/sets/pairing";
import { getFormByViewToken, getOrganisationFormById, type StoredForm } from "../db/forms-repository";
import { findMembership } from "../db/organisations-repository";
import { getApproval } from "../db/supervisor-approvals-repository";
import type { ServiceDeps } from "./service-deps";

/** Who is asking to see a form's images: the owner's session, or the emailed link's token. */
export interface ViewAccess {
  ownerId: string | null;
  token: string | null;
}

/**
 * What an emailed link shows: its form, and when that is a timesheet heading an approved set, the set (its
 * client's and foreman's signatures) and the set's check sheets. Ids of forms and of the set; none for a token
 * that opens nothing.
 */
export async function shownByViewToken(deps: ServiceDeps, token: string | null): Promise<string[]> {
  if (token === null) return [];
  const { db } = deps.database;
  const form = await getFormByViewToken(db, token);
  if (!form) return [];
  const set =
    form.kind === "timesheet" && form.ownerId
      ? await getApproval(db, form.ownerId, combinedSetId(form.id))
      : undefined;
  return [form.id, ...(set ? [set.id, ...set.checkSheetIds] : [])];
}

/**
 * A member's form as their company's supervisor or admin reads it (the office review's "open a set"): a form of
 * the reader's own company, whoever made it; undefined for a driver, an individual, and any form of another
 * company or of none, as for a form that does not exist.
 */
export async function companyFormForReviewer(
  deps: ServiceDeps,
  readerId: string,
  id: string,
): Promise<StoredForm | undefined> {
  const organisationId = await reviewedOrganisationOf(deps, readerId);
  return organisationId === null ? undefined : getOrganisationFormById(deps.database.db, organisationId, id);
}

/** The organisation whose members' forms the reader may see (a supervisor's or admin's); null for anyone else. */
export async function reviewedOrganisationOf(deps: ServiceDeps, readerId: string): Promise<string | null> {
  const membership = await findMembership(deps.database.db, readerId);
  return membership && may(membership.role, "view-member-forms") ? membership.organisationId : null;
}
