import { randomUUID } from "node:crypto";
import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import {
  ChangePasswordRequestSchema,
  LoginRequestSchema,
  RegisterRequestSchema,
  ResetPasswordConfirmRequestSchema,
  ResetPasswordRequestSchema,
} from "../../domain/api";
import { tooManyAttemptsMessage } from "../../domain/login-backoff";
import { messages } from "../../domain/messages";
import { AppError } from "../app-error";
import { claimLoginAttempt, loginFailed, loginKeys, loginSucceeded } from "../auth/login-backoff";
import { hashPassword, verifyAgainstNothing, verifyPassword } from "../auth/password-hash";
import { endSession, hashToken, newToken, requireAccount, startSession } from "../auth/sessions";
import {
  consumePasswordReset,
  deleteSessionsOf,
  findAccountByEmail,
  findAccountById,
  insertAccount,
  insertPasswordReset,
  normalizeEmail,
  updatePasswordHash,
} from "../db/accounts-repository";
import { enqueueMail } from "../db/outbox-repository";
import { hitRateLimit, type RateLimitRule } from "../db/rate-limits-repository";
import { passwordResetMail } from "../mail/password-reset-mail";
import { parseInput } from "../parse-input";

const MINUTE = 60_000;
const RATE_LIMITS = {
  resetPerAccount: { limit: 5, windowMs: 60 * MINUTE },
  resetPerAddress: { limit: 20, windowMs: 60 * MINUTE },
} satisfies Record<string, RateLimitRule>;

const RESET_LINK_LIFETIME_MS = 60 * MINUTE;

/** The same answer for an unknown email and a wrong password: the reply never says which accounts exist. */
const LOGIN_REFUSED = "Invalid email or password.";

export const driverRoutes: FastifyPluginAsync = async (app) => {
  const { database } = app.deps;
  const db = database.db;

  async function limit(request: FastifyRequest, key: string, rule: RateLimitRule) {
    const result = await hitRateLimit(db, key, rule, app.deps.now());
    if (!result.allowed) {
      request.log.warn({ rateLimit: key.split(":")[0] }, "rate limit reached");
      throw new AppError("rate_limited", tooManyAttemptsMessage(result.retryAfterMs));
    }
  }

  function sessionAnswer(
    account: { id: string; fullName: string; email: string },
    session: { loginTime: number; expiresAt: string },
  ) {
    return {
      accountId: account.id,
      fullName: account.fullName,
      email: account.email,
      loginTime: session.loginTime,
      expiresAt: session.expiresAt,
    };
  }

  app.post("/drivers/register", async (request, reply) => {
    const body = parseInput(RegisterRequestSchema, request.body);
    await limit(request, `register:address:${request.ip}`, {
      limit: app.deps.config.registrationsPerAddressPerHour,
      windowMs: 60 * MINUTE,
    });
    if (await findAccountByEmail(db, body.email)) {
      throw new AppError("conflict", "An account with this email already exists. Please log in instead.");
    }
    const account = {
      id: randomUUID(),
      fullName: body.fullName.trim(),
      email: body.email.trim(),
      passwordHash: await hashPassword(body.password),
    };
    try {
      await insertAccount(db, account, app.deps.now());
    } catch (error) {
      // Two registrations of one address racing: the unique index lets only one through.
      if (await findAccountByEmail(db, body.email)) {
        throw new AppError("conflict", "An account with this email already exists. Please log in instead.");
      }
      throw error;
    }
    const session = await startSession(app, reply, account.id);
    return reply.status(201).send(sessionAnswer(account, session));
  });

  app.post("/drivers/login", async (request, reply) => {
    const body = parseInput(LoginRequestSchema, request.body);
    const keys = loginKeys(body.email, request.ip);
    await claimLoginAttempt(db, keys, app.deps.now());
    const account = await findAccountByEmail(db, body.email);
    const ok = account
      ? await verifyPassword(account.passwordHash, body.password)
      : await verifyAgainstNothing(body.password);
    if (!account || !ok) {
      await loginFailed(db, keys, app.deps.now());
      throw new AppError("unauthorized", LOGIN_REFUSED);
    }
    await loginSucceeded(db, keys);
    const session = await startSession(app, reply, account.id);
    return sessionAnswer(account, session);
  });

  app.post("/drivers/logout", async (request, reply) => {
    await endSession(app, request, reply);
    return reply.status(204).send();
  });

  app.get("/drivers/me", async (request) => {
    const account = requireAccount(request);
    const session = request.session!;
    return sessionAnswer(account, {
      loginTime: new Date(session.createdAt).getTime(),
      expiresAt: session.expiresAt,
    });
  });

  app.post("/drivers/change-password", async (request) => {
    const account = requireAccount(request);
    const body = parseInput(ChangePasswordRequestSchema, request.body);
    if (normalizeEmail(body.email) !== normalizeEmail(account.email)) {
      throw new AppError("bad_request", "The email address does not match the signed-in account.");
    }
    // A wrong current password counts as a failed login of the account.
    const keys = loginKeys(account.email);
    await claimLoginAttempt(db, keys, app.deps.now());
    if (!(await verifyPassword(account.passwordHash, body.currentPassword))) {
      await loginFailed(db, keys, app.deps.now());
      throw new AppError("bad_request", "Current password is incorrect.");
    }
    await loginSucceeded(db, keys);
    const hash = await hashPassword(body.newPassword);
    await db.transaction().execute(async (trx) => {
      await updatePasswordHash(trx, account.id, hash, app.deps.now());
      await deleteSessionsOf(trx, account.id, request.session!.tokenHash);
    });
    return { message: messages.passwordChanged };
  });

  app.post("/drivers/reset-password", async (request) => {
    const body = parseInput(ResetPasswordRequestSchema, request.body);
    await limit(request, `reset:address:${request.ip}`, RATE_LIMITS.resetPerAddress);
    await limit(request, `reset:account:${normalizeEmail(body.email)}`, RATE_LIMITS.resetPerAccount);
    const account = await findAccountByEmail(db, body.email);
    if (account) {
      const now = app.deps.now();
      const token = newToken();
      const link = `${app.deps.config.publicUrl}/reset-password?token=${token}`;
      await db.transaction().execute(async (trx) => {
        await insertPasswordReset(trx, {
          tokenHash: hashToken(token),
          accountId: account.id,
          createdAt: now,
          expiresAt: new Date(now.getTime() + RESET_LINK_LIFETIME_MS),
        });
        await enqueueMail(
          trx,
          passwordResetMail({ to: account.email, fullName: account.fullName, link }),
          now,
        );
      });
      app.deps.outbox?.wake();
    } else {
      // Spend the time a real reset would, so the answer's timing does not reveal the account either.
      await hashPassword(body.email);
    }
    return { message: messages.passwordResetSent };
  });

  app.post("/drivers/reset-password/confirm", async (request) => {
    const body = parseInput(ResetPasswordConfirmRequestSchema, request.body);
    const hash = await hashPassword(body.newPassword);
    const accountId = await db.transaction().execute(async (trx) => {
      const id = await consumePasswordReset(trx, hashToken(body.token), app.deps.now());
      if (!id) return undefined;
      await updatePasswordHash(trx, id, hash, app.deps.now());
      await deleteSessionsOf(trx, id);
      return id;
    });
    if (!accountId || !(await findAccountById(db, accountId))) {
      throw new AppError("bad_request", messages.resetLinkInvalid);
    }
    return { message: messages.passwordResetDone };
  });
};
