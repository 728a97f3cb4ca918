import type { Kysely } from "kysely";
import {
  actionProblem,
  type OrganisationAction,
  type OrganisationProblem,
} from "../../../domain/company/organisation";
import { AppError } from "../../app-error";
import type { Account } from "../../db/accounts-repository";
import { findMembership, hasOwnList, type Membership } from "../../db/organisations-repository";
import type { DB } from "../../db/schema";
import type { ServiceDeps } from "../service-deps";

export function refuse(problem: OrganisationProblem): never {
  throw new AppError(problem.code, problem.text);
}

/**
 * The caller's membership of the organisation an address names. An organisation that is not theirs, another
 * company's or one that does not exist, answers 404 alike, as another account's form does (decision record
 * 022): an id tells a stranger nothing. With an action, a member whose role may not do it gets 403.
 */
export async function memberOf(
  deps: ServiceDeps,
  account: Account,
  organisationId: string,
  action: OrganisationAction = "view-organisation",
): Promise<Membership> {
  const membership = await findMembership(deps.database.db, account.id);
  if (!membership || membership.organisationId !== organisationId) {
    throw new AppError("not_found", "apiError.organisationNotFound");
  }
  const problem = actionProblem(membership.role, action);
  if (problem) refuse(problem);
  return membership;
}

/**
 * The organisation a signed-in account belongs to, whose customers and fleet it sees and to which the forms it
 * makes belong; null for an individual driver and for a caller without an account.
 */
export async function organisationIdOf(db: Kysely<DB>, account: Account | null): Promise<string | null> {
  if (!account) return null;
  return (await findMembership(db, account.id))?.organisationId ?? null;
}

/**
 * Whose customer list or fleet a caller sees: their organisation's own once it has entered any, the shared
 * seeded list otherwise (an individual driver, a caller without an account, a company without its own list
 * yet). Each list on its own. Another company's entries are never on it.
 */
export async function listOwnerOf(
  db: Kysely<DB>,
  account: Account | null,
  list: "customers" | "vehicles",
): Promise<string | null> {
  return companyListOwner(db, await organisationIdOf(db, account), list);
}

/** Whose list a company's members see: its own once it has entered any, the shared one otherwise (and for none). */
export async function companyListOwner(
  db: Kysely<DB>,
  organisationId: string | null,
  list: "customers" | "vehicles",
): Promise<string | null> {
  if (organisationId === null) return null;
  return (await hasOwnList(db, list, organisationId)) ? organisationId : null;
}
