import type { FastifyInstance } from "fastify";
import type { InviteViewResponse, OrganisationResponse } from "../../../domain/api";
import { messages } from "../../../domain/messages";
import { acceptProblem, inviteState } from "../../../domain/organisation";
import { AppError } from "../../app-error";
import { hashToken } from "../../auth/sessions";
import type { Account } from "../../db/accounts-repository";
import { isUniqueViolation } from "../../db/is-unique-violation";
import {
  findInvite,
  findMembership,
  insertMembership,
  markInviteUsed,
} from "../../db/organisations-repository";
import { refuse } from "./organisation-access";
import { organisationView } from "./organisation-view";

/**
 * What an invitation link or join code is to, for the driver to confirm: the company's name and the role, and
 * nothing else (not who was invited, nor by whom). Unknown, used and expired tokens answer one 404.
 */
export async function lookUpInvite(app: FastifyInstance, token: string): Promise<InviteViewResponse> {
  const invite = await findInvite(app.deps.database.db, hashToken(token));
  if (!invite || inviteState(invite, app.deps.now()) !== "valid") {
    throw new AppError("not_found", messages.inviteInvalid);
  }
  return { organisationName: invite.organisationName, role: invite.role };
}

/**
 * The driver confirms: in one transaction the invitation is used (only if it still is unused and unexpired, so
 * of two accepts one wins) and the account becomes a member with the invitation's role. Refused, changing
 * nothing: an invalid invitation (404), a mailed one opened by another address's account (403), an account that
 * belongs to a company already (409, also when it joined one meanwhile: the membership's key decides).
 */
export async function acceptInvite(
  app: FastifyInstance,
  account: Account,
  token: string,
): Promise<OrganisationResponse> {
  const { db } = app.deps.database;
  const now = app.deps.now();
  const tokenHash = hashToken(token);
  const membership = await db
    .transaction()
    .execute(async (trx) => {
      const invite = await findInvite(trx, tokenHash);
      const current = await findMembership(trx, account.id);
      const problem = acceptProblem(
        invite,
        { email: account.email, organisationId: current?.organisationId ?? null },
        now,
      );
      if (problem) refuse(problem);
      if (!invite || !(await markInviteUsed(trx, tokenHash, account.id, now))) {
        throw new AppError("not_found", messages.inviteInvalid);
      }
      const joined = {
        accountId: account.id,
        organisationId: invite.organisationId,
        role: invite.role,
        joinedAt: now.toISOString(),
      };
      await insertMembership(trx, joined);
      return joined;
    })
    .catch((error: unknown) => {
      if (isUniqueViolation(error)) throw new AppError("conflict", messages.alreadyInOrganisation);
      throw error;
    });
  return organisationView(db, membership);
}
