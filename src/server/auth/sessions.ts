import { hash, randomBytes } from "node:crypto";
import fastifyCookie from "@fastify/cookie";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import {
  firstSessionExpiry,
  IDLE_HEADER,
  lastActivityAt,
  parseIdleHeader,
  renewedSessionExpiry,
  SESSION_ENDS_IN_HEADER,
  sessionCapAt,
} from "../../domain/accounts/session";
import { AppError } from "../app-error";
import {
  type Account,
  deleteSession,
  extendSession,
  findSessionAccount,
  insertSession,
} from "../db/accounts-repository";

export const SESSION_COOKIE = "plant_sheets_session";

export interface RequestSession {
  account: Account;
  tokenHash: string;
  createdAt: string;
  expiresAt: string;
}

declare module "fastify" {
  interface FastifyRequest {
    session: RequestSession | null;
  }
}

/** Tokens travel in cookies and links; only their SHA-256 is stored. Hashed on every signed-in request. */
export function hashToken(token: string): string {
  return hash("sha256", token, "hex");
}

export function newToken(): string {
  return randomBytes(32).toString("base64url");
}

/**
 * Reads the session cookie on every API request; a missing, unknown or expired session leaves `session` null.
 * A live one slides to 30 minutes after the person's last use of the app, as the page reports it (IDLE_HEADER;
 * a call without it renews nothing), never past its cap; every signed-in answer says how long it has left
 * (decision record 041).
 */
export async function registerSessions(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCookie);
  app.decorateRequest("session", null);
  app.addHook("onRequest", async (request) => {
    const token = request.cookies[SESSION_COOKIE];
    if (!token) return;
    const tokenHash = hashToken(token);
    const now = app.deps.now();
    const found = await findSessionAccount(app.deps.database.db, tokenHash, now);
    if (!found) {
      request.session = null;
      return;
    }
    const activityAt = lastActivityAt(now.getTime(), parseIdleHeader(request.headers[IDLE_HEADER]));
    const times = { createdAt: Date.parse(found.createdAt), expiresAt: Date.parse(found.expiresAt) };
    const renewed =
      activityAt === null ? null : renewedSessionExpiry(times, activityAt, app.deps.config.sessionMaxMs);
    let { expiresAt } = found;
    if (renewed !== null) {
      expiresAt = new Date(renewed).toISOString();
      await extendSession(app.deps.database.db, tokenHash, expiresAt);
    }
    request.session = { ...found, expiresAt, tokenHash };
  });
  app.addHook("onSend", async (request, reply, payload) => {
    if (request.session) {
      const left = Math.max(0, Date.parse(request.session.expiresAt) - app.deps.now().getTime());
      reply.header(SESSION_ENDS_IN_HEADER, String(left));
    }
    return payload;
  });
}

export function requireAccount(request: FastifyRequest): Account {
  if (!request.session) throw new AppError("unauthorized", "apiError.signInRequired");
  return request.session.account;
}

/**
 * Starts a session of 30 minutes and sets its cookie. The cookie lasts until the session's cap: while it slides,
 * the server's record says when it ends, so the cookie need not be sent again with each renewal.
 */
export async function startSession(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  accountId: string,
): Promise<{ expiresAt: string; loginTime: number }> {
  const now = app.deps.now();
  const { sessionMaxMs } = app.deps.config;
  const expiresAt = new Date(firstSessionExpiry(now.getTime(), sessionMaxMs));
  const token = newToken();
  await insertSession(app.deps.database.db, {
    tokenHash: hashToken(token),
    accountId,
    createdAt: now,
    expiresAt,
  });
  reply.setCookie(SESSION_COOKIE, token, {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: app.deps.config.publicUrl.startsWith("https://"),
    expires: new Date(sessionCapAt(now.getTime(), sessionMaxMs)),
  });
  const session = { expiresAt: expiresAt.toISOString(), loginTime: now.getTime() };
  // The answer reports the new session's time, not that of one the request may have come with.
  request.session = null;
  reply.header(SESSION_ENDS_IN_HEADER, String(expiresAt.getTime() - now.getTime()));
  return session;
}

export async function endSession(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
  if (request.session) await deleteSession(app.deps.database.db, request.session.tokenHash);
  request.session = null;
  reply.clearCookie(SESSION_COOKIE, { path: "/" });
}
