import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import { tooManyAttemptsMessage } from "../../../domain/login-backoff";
import { AppError } from "../../app-error";
import { hitRateLimit, type RateLimitRule } from "../../db/rate-limits-repository";

export const MINUTE_MS = 60_000;

/** Counts one hit against `key`; over the limit, refuses with how long to wait, in words and as `Retry-After`. */
export async function enforceRateLimit(
  app: FastifyInstance,
  log: FastifyBaseLogger,
  key: string,
  rule: RateLimitRule,
): Promise<void> {
  const result = await hitRateLimit(app.deps.database.db, key, rule, app.deps.now());
  if (!result.allowed) {
    log.warn({ rateLimit: key.split(":").slice(0, 2).join(":") }, "rate limit reached");
    throw new AppError("rate_limited", tooManyAttemptsMessage(result.retryAfterMs), {
      retryAfterMs: result.retryAfterMs,
    });
  }
}
