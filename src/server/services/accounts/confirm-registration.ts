import { randomUUID } from "node:crypto";
import type { RegisterConfirmRequest, RegisterLinkResponse } from "../../../domain/api/api";
import { AppError } from "../../app-error";
import { hashPassword } from "../../auth/password-hash";
import { hashToken } from "../../auth/sessions";
import {
  type Account,
  consumePendingRegistration,
  findAccountById,
  findPendingRegistration,
  insertAccount,
} from "../../db/accounts-repository";
import { isUniqueViolation } from "../../db/is-unique-violation";
import type { ServiceDeps } from "../service-deps";

const linkInvalid = () => new AppError("bad_request", "auth.registrationLinkInvalid");

/**
 * Who a sign-up link would make an account for, for its page to show before the password is chosen. Looking
 * makes nothing and uses nothing up; an unusable link answers as its confirmation would.
 */
export async function lookUpRegistration(deps: ServiceDeps, token: string): Promise<RegisterLinkResponse> {
  const pending = await findPendingRegistration(deps.database.db, hashToken(token), deps.now());
  if (!pending) throw linkInvalid();
  return pending;
}

/**
 * Makes the account a sign-up link was sent for, with the password chosen on the link's page. The link works
 * once, only if it is the newest one sent to its address and younger than a day, and not when the address has
 * meanwhile got an account by another link. The password is hashed only for a link that works at that moment, so
 * made-up tokens cost no hashing.
 */
export async function confirmRegistration(
  deps: ServiceDeps,
  input: RegisterConfirmRequest,
): Promise<Account> {
  const { db } = deps.database;
  const tokenHash = hashToken(input.token);
  if (!(await findPendingRegistration(db, tokenHash, deps.now()))) throw linkInvalid();
  const passwordHash = await hashPassword(input.password);
  const id = randomUUID();
  const made = await db
    .transaction()
    .execute(async (trx) => {
      // Used up here, after the hashing, with the address's other links: another use meanwhile, or expiry, wins.
      const pending = await consumePendingRegistration(trx, tokenHash, deps.now());
      if (!pending) return false;
      await insertAccount(trx, { id, ...pending, passwordHash }, deps.now());
      return true;
    })
    .catch((error: unknown) => {
      // The address got its account meanwhile (another link, on another instance): the unique index decides.
      if (isUniqueViolation(error)) return false;
      throw error;
    });
  const account = made ? await findAccountById(db, id) : undefined;
  if (!account) throw linkInvalid();
  return account;
}
