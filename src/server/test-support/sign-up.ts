import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import type { Kysely } from "kysely";
import type { DB } from "../db/schema";

export interface SignUpDetails {
  fullName: string;
  email: string;
  password: string;
}

const signUpMails = (db: Kysely<DB>) =>
  db.selectFrom("mail_outbox").where("subject", "=", "Finish creating your Plant Sheets account");

/** The sign-up links queued for `email` and not yet sent: the tokens of their `?token=`, newest possibly last. */
export async function queuedSignUpTokens(db: Kysely<DB>, email: string): Promise<string[]> {
  const rows = await signUpMails(db).select(["text_body", "to_addresses"]).execute();
  return rows
    .filter((row) => (JSON.parse(row.to_addresses) as string[]).includes(email.trim()))
    .map((row) => /confirm-account\?token=([\w-]+)/.exec(row.text_body ?? "")?.[1])
    .filter((token): token is string => token !== undefined);
}

/**
 * Signs a new driver up as a person does: registers with the name and address, takes the link from the queued
 * mail, and on its page chooses the password and creates the account. Answers the confirmation's reply (201, the
 * session cookie and the login answer). Only the newest link of an address
 * works, and the queue cannot tell which is newest when the clock stands still, so each is tried. The sign-up
 * mails of the address are then taken out of the queue, as read, so tests that count the mail a form sends
 * count only that.
 */
export async function signUp(
  app: FastifyInstance,
  request: { payload: SignUpDetails; headers?: Record<string, string>; remoteAddress?: string },
): Promise<LightMyRequestResponse> {
  const { payload: details, headers = {}, remoteAddress } = request;
  const registered = await app.inject({
    method: "POST",
    url: "/api/drivers/register",
    payload: { fullName: details.fullName, email: details.email },
    headers,
    ...(remoteAddress ? { remoteAddress } : {}),
  });
  if (registered.statusCode !== 202) {
    throw new Error(`register failed: ${registered.statusCode} ${registered.body}`);
  }
  const tokens = await queuedSignUpTokens(app.deps.database.db, details.email);
  let last: LightMyRequestResponse | undefined;
  for (const token of tokens.reverse()) {
    last = await app.inject({
      method: "POST",
      url: "/api/drivers/register/confirm",
      payload: { token, password: details.password },
      headers,
      ...(remoteAddress ? { remoteAddress } : {}),
    });
    if (last.statusCode === 201) {
      const { db } = app.deps.database;
      const ids = (await signUpMails(db).select(["id", "to_addresses"]).execute())
        .filter((row) => (JSON.parse(row.to_addresses) as string[]).includes(details.email.trim()))
        .map((row) => row.id);
      if (ids.length > 0) await db.deleteFrom("mail_outbox").where("id", "in", ids).execute();
      return last;
    }
  }
  throw new Error(`no working sign-up link for ${details.email}: ${last?.statusCode} ${last?.body}`);
}
