import type { FastifyInstance } from "fastify";
import type { ChangePasswordRequest } from "../../../domain/api";
import { messages } from "../../../domain/messages";
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

/**
 * Changes a signed-in account's password after checking the current one (a wrong one counts as a failed login
 * from the client's address, so a stolen session guesses no faster than a login would).
 * Every other session of the account ends and every reset link sent to it stops working.
 */
export async function changePassword(
  app: FastifyInstance,
  account: Account,
  currentSessionHash: string,
  input: ChangePasswordRequest,
  clientAddress: string,
): Promise<void> {
  const { db } = app.deps.database;
  if (normalizeEmail(input.email) !== normalizeEmail(account.email)) {
    throw new AppError("bad_request", messages.changePasswordEmailMismatch);
  }
  const keys = loginKeys(account.email, clientAddress);
  await claimLoginAttempt(db, keys, app.deps.now());
  if (!(await verifyPassword(account.passwordHash, input.currentPassword))) {
    await loginFailed(db, keys, app.deps.now());
    throw new AppError("bad_request", messages.currentPasswordIncorrect);
  }
  await loginSucceeded(db, keys);
  const hash = await hashPassword(input.newPassword);
  await db.transaction().execute(async (trx) => {
    await updatePasswordHash(trx, account.id, hash, app.deps.now());
    await deleteSessionsOf(trx, account.id, currentSessionHash);
    await deletePasswordResetsOf(trx, account.id);
  });
}
