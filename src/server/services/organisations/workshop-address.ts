import type { WorkshopLinkResponse } from "../../../domain/api/api";
import {
  sameAddress,
  WORKSHOP_LINK_LIFETIME_MS,
  type WorkshopRequest,
  type WorkshopResponse,
} from "../../../domain/checks/vehicle-defects";
import { waitParams } from "../../../domain/text/messages";
import { AppError } from "../../app-error";
import { hashToken, newToken } from "../../auth/sessions";
import type { Account } from "../../db/accounts-repository";
import {
  confirmWorkshopLink,
  findOrganisation,
  findWorkshop,
  findWorkshopLink,
  setWorkshop,
} from "../../db/organisations-repository";
import { enqueueMail } from "../../db/outbox-repository";
import { hitRateLimits } from "../../db/rate-limits-repository";
import { workshopLinkMail } from "../../mail/organisation-mails";
import { accountMailHit, recipientMailHit } from "../accounts/rate-limit";
import type { ServiceDeps } from "../service-deps";
import { memberOf } from "./organisation-access";

const DAY_MS = 24 * 60 * 60_000;
/**
 * However many companies ask, one address is sent at most this many links a day: a workshop may be named by two
 * firms and sent one again, but an address cannot be flooded from throwaway companies.
 */
const LINKS_PER_RECIPIENT_PER_DAY = 3;
/** A company's admin may mistype the address a few times, or resend to a slow workshop, but not loop. */
const LINKS_PER_ORGANISATION_PER_DAY = 10;

/** Where a workshop link points: the page that asks the person at the address to confirm. */
export function workshopLink(publicUrl: string, token: string): string {
  return `${publicUrl}/confirm-workshop?token=${token}`;
}

/**
 * PUT /api/organisations/{id}/workshop: where the company's defect alerts go (decision record 038). A new address
 * is kept unconfirmed and mailed a link; nothing is mailed there until someone there confirms. The address it
 * has, confirmed, stays as it is; null stops the alerts.
 */
export async function setWorkshopAddress(
  deps: ServiceDeps,
  account: Account,
  organisationId: string,
  { email }: WorkshopRequest,
): Promise<WorkshopResponse> {
  await memberOf(deps, account, organisationId, "manage-fleet");
  const { db } = deps.database;
  if (email === null) {
    await setWorkshop(db, organisationId, null, null);
    return { workshop: null };
  }
  const current = await findWorkshop(db, organisationId);
  if (current?.confirmedAt && sameAddress(current.email, email)) return { workshop: current };
  return mailWorkshopLink(deps, account, organisationId, email, { onlyIfWaiting: false });
}

/** POST /api/organisations/{id}/workshop/link: a new link to the address waiting for confirmation. */
export async function resendWorkshopLink(
  deps: ServiceDeps,
  account: Account,
  organisationId: string,
): Promise<WorkshopResponse> {
  await memberOf(deps, account, organisationId, "manage-fleet");
  const current = await findWorkshop(deps.database.db, organisationId);
  if (!current) throw new AppError("not_found", "apiError.workshopNotSet");
  if (current.confirmedAt) throw new AppError("conflict", "apiError.workshopAlreadyConfirmed");
  return mailWorkshopLink(deps, account, organisationId, current.email, { onlyIfWaiting: true });
}

/**
 * Stores the address, unconfirmed, with a new link's token (hashed: the token is only in the mail), and queues
 * the link, in one transaction; the link sent before stops working. The mail is the admin's, counted as such and
 * to its recipient (decision record 023), and against the links' own limits per address and per company; all or
 * nothing, before anything is written.
 */
async function mailWorkshopLink(
  deps: ServiceDeps,
  account: Account,
  organisationId: string,
  email: string,
  { onlyIfWaiting }: { onlyIfWaiting: boolean },
): Promise<WorkshopResponse> {
  const { db } = deps.database;
  const { mailLimits, publicUrl } = deps.config;
  const organisation = await findOrganisation(db, organisationId);
  if (!organisation) throw new AppError("not_found", "apiError.organisationNotFound");
  const now = deps.now();
  const recipient = email.toLowerCase();
  const limited = await hitRateLimits(
    db,
    [
      accountMailHit(mailLimits, account.id),
      recipientMailHit(mailLimits, recipient),
      {
        key: `workshop-link:organisation:${organisationId}`,
        rule: { limit: LINKS_PER_ORGANISATION_PER_DAY, windowMs: DAY_MS },
        amount: 1,
      },
      {
        key: `workshop-link:recipient:${recipient}`,
        rule: { limit: LINKS_PER_RECIPIENT_PER_DAY, windowMs: DAY_MS },
        amount: 1,
      },
    ],
    now,
  );
  if (!limited.allowed) {
    deps.log.warn({ rateLimit: "workshop-link" }, "workshop link limit reached");
    throw new AppError(
      "rate_limited",
      { key: "apiError.workshopLinksLimited", params: waitParams(limited.retryAfterMs) },
      {
        retryAfterMs: limited.retryAfterMs,
      },
    );
  }
  const token = newToken();
  const link = {
    tokenHash: hashToken(token),
    expiresAt: new Date(now.getTime() + WORKSHOP_LINK_LIFETIME_MS),
    sentAt: now,
  };
  await db.transaction().execute(async (trx) => {
    if (!(await setWorkshop(trx, organisationId, email, link, { onlyIfWaiting }))) {
      throw new AppError("conflict", "apiError.workshopChanged");
    }
    const mail = workshopLinkMail({
      to: email,
      organisationName: organisation.name,
      adminName: account.fullName,
      link: workshopLink(publicUrl, token),
      language: organisation.language,
    });
    await enqueueMail(trx, mail, now);
  });
  deps.outbox?.wake();
  return { workshop: { email, confirmedAt: null, linkSentAt: now.toISOString() } };
}

/**
 * GET /api/workshop-confirmation?token=...: which company asks, for which address, for the page to show before
 * anyone confirms. Opening the link confirms nothing (a mail scanner may fetch it). Unknown, used, replaced and
 * expired links answer one 404.
 */
export async function lookUpWorkshopLink(deps: ServiceDeps, token: string): Promise<WorkshopLinkResponse> {
  const found = await findWorkshopLink(deps.database.db, hashToken(token), deps.now());
  if (!found) throw new AppError("not_found", "workshopLink.invalid");
  return { ...found, alertsPerHour: deps.config.mailLimits.defectAlertsPerCompanyPerHour };
}

/** POST /api/workshop-confirmation: the person at the address confirms, once; no account needed. */
export async function confirmWorkshopAddress(
  deps: ServiceDeps,
  token: string,
): Promise<WorkshopLinkResponse> {
  const confirmed = await confirmWorkshopLink(deps.database.db, hashToken(token), deps.now());
  if (!confirmed) throw new AppError("not_found", "workshopLink.invalid");
  return { ...confirmed, alertsPerHour: deps.config.mailLimits.defectAlertsPerCompanyPerHour };
}
