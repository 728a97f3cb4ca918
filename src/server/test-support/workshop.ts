import type { Kysely } from "kysely";
import { expect } from "vitest";
import type { DB } from "../db/schema";
import { WORKSHOP_LINK_SUBJECT } from "../mail/organisation-mails";
import type { Company } from "./organisation-world";
import type { TestApp } from "./test-app";

const linkMails = (db: Kysely<DB>) =>
  db.selectFrom("mail_outbox").where("subject", "=", WORKSHOP_LINK_SUBJECT);

/** The tokens of the workshop confirmation links queued to `email` and not yet sent, in no particular order. */
export async function queuedWorkshopTokens(db: Kysely<DB>, email: string): Promise<string[]> {
  const rows = await linkMails(db).select(["text_body", "to_addresses"]).execute();
  return rows
    .filter((row) => (JSON.parse(row.to_addresses) as string[]).includes(email))
    .map((row) => /confirm-workshop\?token=([\w-]+)/.exec(row.text_body ?? "")?.[1])
    .filter((token): token is string => token !== undefined);
}

/**
 * Sets the company's workshop address as its admin does, and confirms it as the person at that address does:
 * the link from the queued mail, its page's look-up, then Confirm. The link mail is then taken out of the queue,
 * as read, so tests that count the mail a check sheet sends count only that.
 */
export async function confirmWorkshop(testApp: TestApp, of: Company, email: string): Promise<void> {
  const { db } = testApp.database;
  const set = await testApp.call("PUT", `/api/organisations/${of.id}/workshop`, of.admin.cookie, { email });
  expect(set.statusCode, set.body).toBe(200);
  const address = email.trim();
  const [token] = await queuedWorkshopTokens(db, address);
  expect(token, `a confirmation link mailed to ${address}`).toBeDefined();
  const page = await testApp.call("GET", `/api/workshop-confirmation?token=${token}`);
  expect(page.statusCode, page.body).toBe(200);
  const confirmed = await testApp.call("POST", "/api/workshop-confirmation", undefined, { token });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  await db
    .deleteFrom("mail_outbox")
    .where("subject", "=", WORKSHOP_LINK_SUBJECT)
    .where("to_addresses", "=", JSON.stringify([address]))
    .execute();
}
