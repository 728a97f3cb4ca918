import { randomUUID } from "node:crypto";
import type { FastifyInstance } from "fastify";
import type { RegisterConfirmRequest } from "../../../domain/api";
import { messages } from "../../../domain/messages";
import { AppError } from "../../app-error";
import { hashToken } from "../../auth/sessions";
import {
  type Account,
  consumePendingRegistration,
  deletePendingRegistrationsOf,
  findAccountById,
  insertAccount,
} from "../../db/accounts-repository";
import { isUniqueViolation } from "../../db/is-unique-violation";

/**
 * Makes the account a sign-up link was sent for. The link works once, only if it is the newest one sent to its
 * address and younger than a day, and not when the address has meanwhile got an account by another link.
 */
export async function confirmRegistration(
  app: FastifyInstance,
  input: RegisterConfirmRequest,
): Promise<Account> {
  const { db } = app.deps.database;
  const now = app.deps.now();
  const id = randomUUID();
  const made = await db
    .transaction()
    .execute(async (trx) => {
      const pending = await consumePendingRegistration(trx, hashToken(input.token), now);
      if (!pending) return false;
      await insertAccount(trx, { id, ...pending }, now);
      await deletePendingRegistrationsOf(trx, pending.email);
      return true;
    })
    .catch((error: unknown) => {
      // The address got its account meanwhile (another link, on another instance): the unique index decides.
      if (isUniqueViolation(error)) return false;
      throw error;
    });
  const account = made ? await findAccountById(db, id) : undefined;
  if (!account) throw new AppError("bad_request", messages.registrationLinkInvalid);
  return account;
}
