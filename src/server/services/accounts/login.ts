import type { LoginRequest } from "../../../domain/api/api";
import { AppError } from "../../app-error";
import { claimLoginAttempt, loginFailed, loginKeys, loginSucceeded } from "../../auth/login-backoff";
import { verifyAgainstNothing, verifyPassword } from "../../auth/password-hash";
import { type Account, findAccountByEmail } from "../../db/accounts-repository";
import type { ServiceDeps } from "../service-deps";

/**
 * Checks an email and password under the growing back-off. An unknown email and a wrong password get the same
 * answer after the same work (a password check against a stand-in hash).
 */
export async function login(deps: ServiceDeps, input: LoginRequest, clientAddress: string): Promise<Account> {
  const { db } = deps.database;
  const keys = loginKeys(input.email, clientAddress);
  await claimLoginAttempt(db, keys, deps.now());
  const account = await findAccountByEmail(db, input.email);
  const ok = account
    ? await verifyPassword(account.passwordHash, input.password)
    : await verifyAgainstNothing(input.password);
  if (!account || !ok) {
    await loginFailed(db, keys, deps.now());
    throw new AppError("unauthorized", "apiError.loginRefused");
  }
  await loginSucceeded(db, keys);
  return account;
}
