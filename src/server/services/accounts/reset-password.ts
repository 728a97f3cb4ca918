import type { ResetPasswordConfirmRequest } from "../../../domain/api/api";
import { AppError } from "../../app-error";
import { hashPassword } from "../../auth/password-hash";
import { hashToken } from "../../auth/sessions";
import {
  consumePasswordReset,
  deletePasswordResetsOf,
  deleteSessionsOf,
  updatePasswordHash,
} from "../../db/accounts-repository";
import type { ServiceDeps } from "../service-deps";

/**
 * Sets a new password through an emailed reset link, which works once. Every session of the account ends and
 * every other reset link sent to it stops working.
 */
export async function resetPassword(deps: ServiceDeps, input: ResetPasswordConfirmRequest): Promise<void> {
  const { db } = deps.database;
  const hash = await hashPassword(input.newPassword);
  const now = deps.now();
  const done = await db.transaction().execute(async (trx) => {
    const accountId = await consumePasswordReset(trx, hashToken(input.token), now);
    if (!accountId) return false;
    if (!(await updatePasswordHash(trx, accountId, hash, now))) return false;
    await deleteSessionsOf(trx, accountId);
    await deletePasswordResetsOf(trx, accountId);
    return true;
  });
  if (!done) throw new AppError("bad_request", "auth.resetLinkInvalid");
}
