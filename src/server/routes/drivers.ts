import type { FastifyPluginAsync } from "fastify";
import {
  ChangePasswordRequestSchema,
  ChooseLanguageRequestSchema,
  LoginRequestSchema,
  type LoginResponse,
  type MessageResponse,
  RegisterConfirmRequestSchema,
  RegisterLinkQuerySchema,
  type RegisterLinkResponse,
  RegisterRequestSchema,
  type RegisterResponse,
  ResetPasswordConfirmRequestSchema,
  ResetPasswordRequestSchema,
} from "../../domain/api/api";
import { isLocale } from "../../domain/text/i18n/locales";
import { messages } from "../../domain/text/messages";
import { endSession, requireAccount, startSession } from "../auth/sessions";
import { parseInput } from "../parse-input";
import { changePassword } from "../services/accounts/change-password";
import { chooseLanguage } from "../services/accounts/choose-language";
import { confirmRegistration, lookUpRegistration } from "../services/accounts/confirm-registration";
import { login } from "../services/accounts/login";
import { register } from "../services/accounts/register";
import { requestPasswordReset } from "../services/accounts/request-password-reset";
import { resetPassword } from "../services/accounts/reset-password";

function sessionAnswer(
  account: { id: string; fullName: string; email: string; language: string | null },
  session: { loginTime: number; expiresAt: string },
): LoginResponse {
  return {
    accountId: account.id,
    fullName: account.fullName,
    email: account.email,
    loginTime: session.loginTime,
    expiresAt: session.expiresAt,
    language: isLocale(account.language) ? account.language : null,
  };
}

/** Driver accounts: sign-up by emailed link, login and logout, and passwords. The work is in services/accounts. */
export const driverRoutes: FastifyPluginAsync = async (app) => {
  app.post("/drivers/register", async (request, reply) => {
    const body = parseInput(RegisterRequestSchema, request.body);
    await register(app.deps, request.log, body, request.ip);
    return reply.status(202).send({ message: messages.registrationMailSent } satisfies RegisterResponse);
  });

  // Opening the link shows whose account it makes; only the password chosen there, sent with the button, makes it.
  app.get("/drivers/register/confirm", async (request): Promise<RegisterLinkResponse> => {
    const { token } = parseInput(RegisterLinkQuerySchema, request.query);
    return lookUpRegistration(app.deps, token);
  });

  app.post("/drivers/register/confirm", async (request, reply) => {
    const body = parseInput(RegisterConfirmRequestSchema, request.body);
    const account = await confirmRegistration(app.deps, body);
    const session = await startSession(app, request, reply, account.id);
    return reply.status(201).send(sessionAnswer(account, session));
  });

  app.post("/drivers/login", async (request, reply) => {
    const body = parseInput(LoginRequestSchema, request.body);
    const account = await login(app.deps, body, request.ip);
    const session = await startSession(app, request, reply, account.id);
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

  app.put("/drivers/me/language", async (request, reply) => {
    const account = requireAccount(request);
    await chooseLanguage(app.deps, account, parseInput(ChooseLanguageRequestSchema, request.body));
    return reply.status(204).send();
  });

  app.post("/drivers/change-password", async (request): Promise<MessageResponse> => {
    const account = requireAccount(request);
    const body = parseInput(ChangePasswordRequestSchema, request.body);
    await changePassword(app.deps, account, request.session!.tokenHash, body, request.ip);
    return { message: messages.passwordChanged };
  });

  app.post("/drivers/reset-password", async (request): Promise<MessageResponse> => {
    const body = parseInput(ResetPasswordRequestSchema, request.body);
    await requestPasswordReset(app.deps, request.log, body, request.ip);
    return { message: messages.passwordResetSent };
  });

  app.post("/drivers/reset-password/confirm", async (request): Promise<MessageResponse> => {
    const body = parseInput(ResetPasswordConfirmRequestSchema, request.body);
    await resetPassword(app.deps, body);
    return { message: messages.passwordResetDone };
  });
};
