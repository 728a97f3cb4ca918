import type { InviteViewResponse, OrganisationResponse } from "../../../domain/api/api";
import { acceptProblem, inviteKind, inviteState } from "../../../domain/company/organisation";
import { AppError } from "../../app-error";
import { hashToken } from "../../auth/sessions";
import type { Account } from "../../db/accounts-repository";
import { isUniqueViolation } from "../../db/is-unique-violation";
import {
  findInvite,
  findMembership,
  insertInviteUse,
  insertMembership,
  markInviteUsed,
} from "../../db/organisations-repository";
import type { ServiceDeps } from "../service-deps";
import { refuse } from "./organisation-access";
import { organisationView } from "./organisation-view";

/**
 * What an invitation link or join code is to, for the driver to confirm: the company's name and the role, and
 * nothing else (not who was invited, nor by whom). Unknown, used, revoked and expired tokens answer one 404.
 */
export async function lookUpInvite(deps: ServiceDeps, token: string): Promise<InviteViewResponse> {
  const invite = await findInvite(deps.database.db, hashToken(token));
  if (!invite || inviteState(invite, deps.now()) !== "valid") {
    throw new AppError("not_found", "join.inviteInvalid");
  }
  return { organisationName: invite.organisationName, role: invite.role };
}

/**
 * The driver confirms: in one transaction, holding the invitation's row, the account becomes a member with the
 * invitation's role and the join is recorded against the invitation. A mailed invitation is used up by it (only
 * if it still is unused, so of two accepts one wins); a join code lets in everyone who scans it until it expires
 * or is revoked, and a revocation waits for a join under way (or the join sees it). Refused, changing nothing:
 * an invalid invitation (404), a mailed one opened by another address's account (403), an account that belongs
 * to a company already (409, also when it joined one meanwhile: the membership's key decides).
 */
export async function acceptInvite(
  deps: ServiceDeps,
  account: Account,
  token: string,
): Promise<OrganisationResponse> {
  const { db } = deps.database;
  const now = deps.now();
  const tokenHash = hashToken(token);
  const membership = await db
    .transaction()
    .execute(async (trx) => {
      const invite = await findInvite(trx, tokenHash, { lock: true });
      const current = await findMembership(trx, account.id);
      const problem = acceptProblem(
        invite,
        { email: account.email, organisationId: current?.organisationId ?? null },
        now,
      );
      if (problem) refuse(problem);
      if (!invite) throw new AppError("not_found", "join.inviteInvalid");
      if (inviteKind(invite) === "email" && !(await markInviteUsed(trx, tokenHash, account.id, now))) {
        throw new AppError("not_found", "join.inviteInvalid");
      }
      const joined = {
        accountId: account.id,
        organisationId: invite.organisationId,
        role: invite.role,
        joinedAt: now.toISOString(),
      };
      await insertMembership(trx, joined);
      await insertInviteUse(trx, { tokenHash, accountId: account.id, joinedAt: joined.joinedAt });
      return joined;
    })
    .catch((error: unknown) => {
      if (isUniqueViolation(error)) throw new AppError("conflict", "apiError.alreadyInOrganisation");
      throw error;
    });
  return organisationView(db, membership);
}
