import { createHash } from "node:crypto";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { AppError } from "./app-error";
import {
  claimIdempotencyKey,
  completeIdempotencyKey,
  releaseIdempotencyKey,
} from "./db/idempotency-repository";

export const IDEMPOTENCY_HEADER = "idempotency-key";
/** How long a key is remembered: long enough for a phone to come back into signal the next day. */
export const IDEMPOTENCY_KEY_LIFETIME_MS = 24 * 60 * 60 * 1000;
const KEY_PATTERN = /^[\w:.-]{8,200}$/;

declare module "fastify" {
  interface FastifyRequest {
    idempotency: { scope: string; key: string } | null;
  }
}

/**
 * Keys belong to the caller: the account when signed in. Callers without an account share one anonymous space,
 * on purpose: the app's offline outbox retries a one-off submission from whatever network the phone is on next,
 * so neither the address nor a cookie identifies the same caller across a retry. Sharing is safe because a replay
 * is given only to a request with the same key, a random UUID that only its sender ever sees, and the identical
 * method, address and body.
 */
function scopeOf(request: FastifyRequest): string {
  return request.session ? `account:${request.session.account.id}` : "anonymous";
}

function requestHash(request: FastifyRequest): string {
  const hash = createHash("sha256").update(`${request.method} ${request.url}\n`);
  // A photo arrives as raw bytes: hashed as they are, not as a JSON rendering ten times their size.
  const { body } = request;
  return (Buffer.isBuffer(body) ? hash.update(body) : hash.update(JSON.stringify(body ?? null))).digest(
    "hex",
  );
}

/**
 * Honours `Idempotency-Key` on every POST and PUT: the first request with a key runs and its successful answer
 * is kept for 24 hours; a replay gets that answer without running again, a replay while the first still runs
 * gets 409 (code in_progress, with Retry-After), and the same key with a different request gets 422. A failed
 * first request leaves nothing behind, so retrying it runs it again. Nor does an answer that sets a cookie (login,
 * register, logout): it carries a session secret that must not be stored, so such a request simply runs again;
 * nor does one marked `Cache-Control: no-store` (a webhook's new secret), for the same reason.
 */
export function registerIdempotency(app: FastifyInstance): void {
  app.decorateRequest("idempotency", null);

  app.addHook("preHandler", async (request, reply) => {
    if (request.method !== "POST" && request.method !== "PUT") return;
    const key = request.headers[IDEMPOTENCY_HEADER];
    if (key === undefined) return;
    if (typeof key !== "string" || !KEY_PATTERN.test(key)) {
      throw new AppError("bad_request", "apiError.idempotencyKeyInvalid");
    }
    const scope = scopeOf(request);
    const claim = await claimIdempotencyKey(app.deps.database.db, {
      scope,
      key,
      requestHash: requestHash(request),
      now: app.deps.now(),
      lifetimeMs: IDEMPOTENCY_KEY_LIFETIME_MS,
    });
    if (claim.kind === "claimed") {
      request.idempotency = { scope, key };
      return;
    }
    if (claim.kind === "mismatch") {
      throw new AppError("unprocessable", "apiError.idempotencyKeyReused");
    }
    if (claim.kind === "in_progress") {
      reply.header("retry-after", "2");
      throw new AppError("in_progress", "apiError.idempotencyKeyRunning");
    }
    return reply
      .status(claim.status)
      .header("idempotent-replayed", "true")
      .header("content-type", "application/json; charset=utf-8")
      .send(claim.body);
  });

  app.addHook("onSend", async (request, reply, payload) => {
    const claim = request.idempotency;
    if (!claim) return payload;
    request.idempotency = null;
    const { db } = app.deps.database;
    if (
      reply.statusCode >= 200 &&
      reply.statusCode < 300 &&
      (typeof payload === "string" || payload === null) &&
      reply.getHeader("set-cookie") === undefined &&
      reply.getHeader("cache-control") !== "no-store"
    ) {
      await completeIdempotencyKey(db, claim.scope, claim.key, {
        status: reply.statusCode,
        body: payload ?? "",
      });
    } else {
      await releaseIdempotencyKey(db, claim.scope, claim.key);
    }
    return payload;
  });
}
