import type { RegisterRequest } from "../../../domain/api/api";
import { hashToken, newToken } from "../../auth/sessions";
import { findAccountByEmail, insertPendingRegistration, normalizeEmail } from "../../db/accounts-repository";
import { enqueueMail } from "../../db/outbox-repository";
import { registrationAttemptMail, registrationLinkMail } from "../../mail/account-mails";
import type { ServiceDeps, ServiceLog } from "../service-deps";
import { enforceRateLimit, MINUTE_MS } from "./rate-limit";

/** How long a sign-up link works. */
export const REGISTRATION_LINK_LIFETIME_MS = 24 * 60 * MINUTE_MS;
/** Sign-up mails one address may be sent per hour, whether or not it has an account. */
const REGISTRATIONS_PER_EMAIL = { limit: 5, windowMs: 60 * MINUTE_MS };

/**
 * Starts a sign-up: a name and an address, no password (it is chosen on the page the link opens, so whoever signs
 * up with someone else's address sets nothing for them). Nothing in the answer, nor in the work done before it,
 * depends on whether the address already has an account: both cases count the same limits, look the address up,
 * make a link token, and in one transaction write a pending sign-up and queue one mail. A new address is mailed
 * the link that makes the account; an address with an account is mailed that someone tried, and nothing else
 * changes.
 */
export async function register(
  deps: ServiceDeps,
  log: ServiceLog,
  input: RegisterRequest,
  clientAddress: string,
): Promise<void> {
  const { db } = deps.database;
  const { config } = deps;
  await enforceRateLimit(deps, log, `register:address:${clientAddress}`, {
    limit: config.registrationsPerAddressPerHour,
    windowMs: 60 * MINUTE_MS,
  });
  await enforceRateLimit(deps, log, `register:email:${normalizeEmail(input.email)}`, REGISTRATIONS_PER_EMAIL);
  const email = input.email.trim();
  const fullName = input.fullName.trim();
  const existing = await findAccountByEmail(db, email);
  const token = newToken();
  const tokenHash = hashToken(token);
  const now = deps.now();
  await db.transaction().execute(async (trx) => {
    // The same statements in both cases. For an address with an account the pending row's token is sent to no
    // one, so it can never be used; it only replaces older ones and goes at expiry.
    await insertPendingRegistration(trx, {
      tokenHash,
      fullName,
      email,
      language: input.language ?? null,
      createdAt: now,
      expiresAt: new Date(now.getTime() + REGISTRATION_LINK_LIFETIME_MS),
    });
    const link = `${config.publicUrl}/confirm-account?token=${token}`;
    const mail = existing
      ? registrationAttemptMail({
          to: existing.email,
          fullName: existing.fullName,
          loginUrl: config.publicUrl,
          // The reader is the account's owner: their own language, else the one this sign-up was made in.
          language: existing.language ?? input.language,
        })
      : registrationLinkMail({ to: email, fullName, link, language: input.language });
    await enqueueMail(trx, mail, now);
  });
  deps.outbox?.wake();
}
