import { randomUUID } from "node:crypto";
import type { JoinCodeResponse } from "../../../domain/api/api";
import { inviteExpiresAt, JOIN_CODE_ROLE } from "../../../domain/company/organisation";
import { waitParams } from "../../../domain/text/messages";
import { AppError } from "../../app-error";
import { hashToken, newToken } from "../../auth/sessions";
import type { Account } from "../../db/accounts-repository";
import { insertInvite } from "../../db/organisations-repository";
import { hitRateLimit } from "../../db/rate-limits-repository";
import type { ServiceDeps } from "../service-deps";
import { joinLink } from "./invite-by-email";
import { memberOf } from "./organisation-access";

/**
 * One code serves a whole induction, so a company needs a few a day (a site each, a mistake or two); this bounds
 * what its admins can pile up.
 */
const JOIN_CODES_PER_ORGANISATION_PER_DAY = 50;

/**
 * An admin makes a join code: a join link with no address, to show as a QR code on a screen at a site
 * induction. Everyone who scans it may join as a driver (the route refuses a request for any other role), for
 * 7 days or until an admin revokes it. Nothing is mailed; the answer is the link (only its token's hash is kept,
 * so it is shown this once).
 */
export async function createJoinCode(
  deps: ServiceDeps,
  account: Account,
  organisationId: string,
): Promise<JoinCodeResponse> {
  const { db } = deps.database;
  await memberOf(deps, account, organisationId, "invite");
  const now = deps.now();
  const limited = await hitRateLimit(
    db,
    `join-code:organisation:${organisationId}`,
    { limit: JOIN_CODES_PER_ORGANISATION_PER_DAY, windowMs: 24 * 60 * 60_000 },
    now,
  );
  if (!limited.allowed) {
    throw new AppError(
      "rate_limited",
      { key: "apiError.invitesLimited", params: waitParams(limited.retryAfterMs) },
      {
        retryAfterMs: Math.max(1000, limited.retryAfterMs),
      },
    );
  }
  const token = newToken();
  const id = randomUUID();
  const expiresAt = inviteExpiresAt(now);
  await insertInvite(db, {
    id,
    tokenHash: hashToken(token),
    organisationId,
    email: null,
    role: JOIN_CODE_ROLE,
    createdBy: account.id,
    createdAt: now,
    expiresAt,
  });
  return {
    id,
    joinUrl: joinLink(deps.config.publicUrl, token),
    role: JOIN_CODE_ROLE,
    expiresAt: expiresAt.toISOString(),
  };
}
