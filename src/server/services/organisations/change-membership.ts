import type { Kysely } from "kysely";
import { type MemberChange, memberChangeProblem, type Role } from "../../../domain/company/organisation";
import type { MessageKey } from "../../../domain/text/i18n/translate";
import { AppError } from "../../app-error";
import type { Account } from "../../db/accounts-repository";
import {
  countAdmins,
  deleteMembership,
  findMembership,
  lockOrganisation,
  updateMemberRole,
} from "../../db/organisations-repository";
import type { DB } from "../../db/schema";
import type { ServiceDeps } from "../service-deps";
import { memberOf, refuse } from "./organisation-access";

/**
 * Changes one membership of an organisation: a role, a removal, or the caller leaving. The caller must be a
 * member (else 404); an admin action needs an admin (else 403, asked before the target is looked up, so a
 * driver learns nothing of anyone's ids); the target must be a member of the same organisation (else 404, so
 * another company's member ids tell nothing); and the last admin stays (409). The organisation's row is held
 * while the admins are counted and the change is written, so two admins cannot demote each other at once.
 *
 * Forms stay as they are: a member's forms made while they belonged keep the organisation, and their owner.
 */
async function changeMembership(
  deps: ServiceDeps,
  account: Account,
  organisationId: string,
  targetId: string,
  change: MemberChange,
): Promise<void> {
  const action =
    change.kind === "change-role"
      ? "change-role"
      : change.kind === "remove"
        ? "remove-member"
        : "view-organisation";
  await memberOf(deps, account, organisationId, action);
  await deps.database.db.transaction().execute(async (trx) => {
    await lockOrganisation(trx, organisationId);
    const actor = await memberIn(trx, organisationId, account.id, "apiError.organisationNotFound");
    const target = await memberIn(trx, organisationId, targetId, "apiError.memberNotFound");
    const problem = memberChangeProblem(actor, target, change, await countAdmins(trx, organisationId));
    if (problem) refuse(problem);
    const done =
      change.kind === "change-role"
        ? await updateMemberRole(trx, organisationId, targetId, change.role)
        : await deleteMembership(trx, organisationId, targetId);
    if (!done) throw new AppError("not_found", "apiError.memberNotFound");
  });
}

/** A member of this organisation as it stands inside the transaction; 404 with `notFound` otherwise. */
async function memberIn(db: Kysely<DB>, organisationId: string, accountId: string, notFound: MessageKey) {
  const membership = await findMembership(db, accountId);
  if (!membership || membership.organisationId !== organisationId) throw new AppError("not_found", notFound);
  return membership;
}

export function changeMemberRole(
  deps: ServiceDeps,
  account: Account,
  organisationId: string,
  targetId: string,
  role: Role,
): Promise<void> {
  return changeMembership(deps, account, organisationId, targetId, { kind: "change-role", role });
}

export function removeMember(
  deps: ServiceDeps,
  account: Account,
  organisationId: string,
  targetId: string,
): Promise<void> {
  // Removing oneself is leaving: the same rule, and any member may.
  const change: MemberChange = targetId === account.id ? { kind: "leave" } : { kind: "remove" };
  return changeMembership(deps, account, organisationId, targetId, change);
}

/** The caller leaves. Their own forms stay theirs; those made while a member stay with the company too. */
export function leaveOrganisation(
  deps: ServiceDeps,
  account: Account,
  organisationId: string,
): Promise<void> {
  return changeMembership(deps, account, organisationId, account.id, { kind: "leave" });
}
