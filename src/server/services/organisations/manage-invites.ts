import type { OpenInvitesResponse } from "../../../domain/api/api";
import { inviteKind } from "../../../domain/company/organisation";
import { AppError } from "../../app-error";
import type { Account } from "../../db/accounts-repository";
import { listOpenInvites, revokeInvite } from "../../db/organisations-repository";
import type { ServiceDeps } from "../service-deps";
import { memberOf } from "./organisation-access";

/**
 * An organisation's invitations and join codes that still let someone in, newest first, for its admins: to
 * whom (or a join code), the role, until when, by whom, and how many have joined by each. The links themselves
 * are not kept, so they are not in it.
 */
export async function listInvites(
  deps: ServiceDeps,
  account: Account,
  organisationId: string,
): Promise<OpenInvitesResponse> {
  await memberOf(deps, account, organisationId, "invite");
  const invites = await listOpenInvites(deps.database.db, organisationId, deps.now());
  return { invites: invites.map((invite) => ({ ...invite, kind: inviteKind(invite) })) };
}

/**
 * An admin withdraws an open invitation or join code: nobody joins by it from then on (those who joined stay
 * members). An id that names no open invitation of this organisation (another company's, made up, used,
 * expired or revoked already) answers 404 and changes nothing.
 */
export async function revokeOpenInvite(
  deps: ServiceDeps,
  account: Account,
  organisationId: string,
  inviteId: string,
): Promise<void> {
  await memberOf(deps, account, organisationId, "invite");
  const done = await revokeInvite(deps.database.db, organisationId, inviteId, account.id, deps.now());
  if (!done) throw new AppError("not_found", "apiError.inviteNotOpen");
}
