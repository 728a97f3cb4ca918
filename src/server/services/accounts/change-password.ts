import type { ChangePasswordRequest } from "../../../domain/api/api";
import { AppError } from "../../app-error";
import { claimLoginAttempt, loginFailed, loginKeys, loginSucceeded } from "../../auth/login-backoff";
import { hashPassword, verifyPassword } from "../../auth/password-hash";
import {
  type Account,
  deletePasswordResetsOf,
  deleteSessionsOf,
  normalizeEmail,
  updatePasswordHash,
} from "../../db/accounts-repository";
import type { ServiceDeps } from "../service-deps";

/**
 * Changes a signed-in account's password after checking the current one (a wrong one counts as a failed login
 * from the client's address, so a stolen session guesses no faster than a login would).
 * Every other session of the account ends and every reset link sent to it stops working.
 */
export async function changePassword(
  deps: ServiceDeps,
  account: Account,
  currentSessionHash: string,
  input: ChangePasswordRequest,
  clientAddress: string,
): Promise<void> {
  const { db } = deps.database;
  if (normalizeEmail(input.email) !== normalizeEmail(account.email)) {
    throw new AppError("bad_request", "apiError.changePasswordEmailMismatch");
  }
  const keys = loginKeys(account.email, clientAddress);
  await claimLoginAttempt(db, keys, deps.now());
  if (!(await verifyPassword(account.passwordHash, input.currentPassword))) {
    await loginFailed(db, keys, deps.now());
    throw new AppError("bad_request", "apiError.currentPasswordIncorrect");
  }
  await loginSucceeded(db, keys);
  const hash = await hashPassword(input.newPassword);
  await db.transaction().execute(async (trx) => {
    await updatePasswordHash(trx, account.id, hash, deps.now());
    await deleteSessionsOf(trx, account.id, currentSessionHash);
    await deletePasswordResetsOf(trx, account.id);
  });
}
