import { tooManyAttemptsText } from "../../../domain/accounts/login-backoff";
import { AppError } from "../../app-error";
import type { MailLimits } from "../../config";
import { hitRateLimit, type RateLimitHit, type RateLimitRule } from "../../db/rate-limits-repository";
import type { ServiceDeps, ServiceLog } from "../service-deps";

export const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/** A mail an account causes counts against the account's hourly limit (decision record 023). */
export function accountMailHit(limits: MailLimits, accountId: string, mails = 1): RateLimitHit {
  return {
    key: `mail:account:${accountId}`,
    rule: { limit: limits.accountPerHour, windowMs: HOUR_MS },
    amount: mails,
  };
}

/** ... and against its recipient's daily limit, a count that mail from forms without an account shares. */
export function recipientMailHit(limits: MailLimits, address: string): RateLimitHit {
  return {
    key: `mail:recipient:${address.toLowerCase()}`,
    rule: { limit: limits.accountPerRecipientPerDay, windowMs: DAY_MS },
    amount: 1,
  };
}

/** Counts one hit against `key`; over the limit, refuses with how long to wait, in words and as `Retry-After`. */
export async function enforceRateLimit(
  deps: ServiceDeps,
  log: ServiceLog,
  key: string,
  rule: RateLimitRule,
): Promise<void> {
  const result = await hitRateLimit(deps.database.db, key, rule, deps.now());
  if (!result.allowed) {
    log.warn({ rateLimit: key.split(":").slice(0, 2).join(":") }, "rate limit reached");
    throw new AppError("rate_limited", tooManyAttemptsText(result.retryAfterMs), {
      retryAfterMs: result.retryAfterMs,
    });
  }
}
