import { randomUUID } from "node:crypto";
import type { InviteRequest, InviteResponse } from "../../../domain/api/api";
import { inviteExpiresAt } from "../../../domain/company/organisation";
import { companyMessages } from "../../../domain/text/company-messages";
import { waitParams } from "../../../domain/text/messages";
import { AppError } from "../../app-error";
import { hashToken, newToken } from "../../auth/sessions";
import type { Account } from "../../db/accounts-repository";
import { deleteUnusedInvitesTo, findOrganisation, insertInvite } from "../../db/organisations-repository";
import { enqueueMail } from "../../db/outbox-repository";
import { hitRateLimits, type RateLimitHit } from "../../db/rate-limits-repository";
import { invitationMail } from "../../mail/organisation-mails";
import { accountMailHit, recipientMailHit } from "../accounts/rate-limit";
import type { ServiceDeps } from "../service-deps";
import { memberOf } from "./organisation-access";

const DAY_MS = 24 * 60 * 60_000;
/** A company of 40 operators invites them all on its first day, with room for mistyped addresses. */
const INVITES_PER_ORGANISATION_PER_DAY = 100;
/**
 * However many companies ask, one address gets at most this many invitations a day: a driver may be invited by
 * two firms and sent one again, but an address cannot be flooded from throwaway companies.
 */
const INVITES_PER_RECIPIENT_PER_DAY = 5;

/** Where an invitation's link, mailed or shown as a QR code, points: the page that asks to confirm. */
export function joinLink(publicUrl: string, token: string): string {
  return `${publicUrl}/join?token=${token}`;
}

/**
 * An admin invites an address: a single-use link, valid 7 days, mailed through the outbox. It counts as a mail
 * of the admin's account and to its recipient, in the same counts as completed forms (decision record 023), and
 * against the invitation limits of the company and of the address; all or nothing, before anything is written.
 * A newer invitation to the same address replaces the company's older unused ones.
 */
export async function inviteByEmail(
  deps: ServiceDeps,
  account: Account,
  organisationId: string,
  input: InviteRequest,
): Promise<InviteResponse> {
  const { db } = deps.database;
  const { mailLimits, publicUrl } = deps.config;
  await memberOf(deps, account, organisationId, "invite");
  const organisation = await findOrganisation(db, organisationId);
  if (!organisation) throw new AppError("not_found", "apiError.organisationNotFound");
  const now = deps.now();
  const email = input.email;
  const recipient = email.toLowerCase();
  const hits: RateLimitHit[] = [
    accountMailHit(mailLimits, account.id),
    recipientMailHit(mailLimits, recipient),
    {
      key: `invite:organisation:${organisationId}`,
      rule: { limit: INVITES_PER_ORGANISATION_PER_DAY, windowMs: DAY_MS },
      amount: 1,
    },
    {
      key: `invite:recipient:${recipient}`,
      rule: { limit: INVITES_PER_RECIPIENT_PER_DAY, windowMs: DAY_MS },
      amount: 1,
    },
  ];
  const limited = await hitRateLimits(db, hits, now);
  if (!limited.allowed) {
    deps.log.warn({ rateLimit: "invite" }, "invitation limit reached");
    throw new AppError(
      "rate_limited",
      { key: "apiError.invitesLimited", params: waitParams(limited.retryAfterMs) },
      {
        retryAfterMs: limited.retryAfterMs,
      },
    );
  }
  const token = newToken();
  const id = randomUUID();
  const expiresAt = inviteExpiresAt(now);
  await db.transaction().execute(async (trx) => {
    await deleteUnusedInvitesTo(trx, organisationId, email);
    await insertInvite(trx, {
      id,
      tokenHash: hashToken(token),
      organisationId,
      email,
      role: input.role,
      createdBy: account.id,
      createdAt: now,
      expiresAt,
    });
    const mail = invitationMail({
      to: email,
      organisationName: organisation.name,
      inviterName: account.fullName,
      role: input.role,
      link: joinLink(publicUrl, token),
      language: organisation.language,
    });
    await enqueueMail(trx, mail, now);
  });
  deps.outbox?.wake();
  return {
    id,
    message: companyMessages.inviteSent(email),
    key: "invites.sent",
    params: { email },
    expiresAt: expiresAt.toISOString(),
  };
}
