import { hash, randomBytes } from "node:crypto";
import fastifyCookie from "@fastify/cookie";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { messages } from "../../domain/messages";
import { SESSION_LIFETIME_MS } from "../../domain/session";
import { AppError } from "../app-error";
import { type Account, deleteSession, findSessionAccount, insertSession } from "../db/accounts-repository";

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

/** Reads the session cookie on every API request; a missing, unknown or expired session leaves `session` null. */
export async function registerSessions(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCookie);
  app.decorateRequest("session", null);
  app.addHook("onRequest", async (request) => {
    const token = request.cookies[SESSION_COOKIE];
    if (!token) return;
    const tokenHash = hashToken(token);
    const found = await findSessionAccount(app.deps.database.db, tokenHash, app.deps.now());
    request.session = found ? { ...found, tokenHash } : null;
  });
}

export function requireAccount(request: FastifyRequest): Account {
  if (!request.session) throw new AppError("unauthorized", messages.signInRequired);
  return request.session.account;
}

/** Starts a session of the spec's 30 minutes from login and sets its cookie. */
export async function startSession(
  app: FastifyInstance,
  reply: FastifyReply,
  accountId: string,
): Promise<{ expiresAt: string; loginTime: number }> {
  const now = app.deps.now();
  const expiresAt = new Date(now.getTime() + SESSION_LIFETIME_MS);
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
    expires: expiresAt,
  });
  return { expiresAt: expiresAt.toISOString(), loginTime: now.getTime() };
}

export async function endSession(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
  if (request.session) await deleteSession(app.deps.database.db, request.session.tokenHash);
  reply.clearCookie(SESSION_COOKIE, { path: "/" });
}
