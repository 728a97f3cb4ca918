import type { FastifyRequest } from "fastify";
import { ViewTokenQuerySchema } from "../../domain/api/api";
import { parseInput } from "../parse-input";
import type { AuditActor } from "../services/record-audit";
import type { ViewAccess } from "../services/view-access";

const MAX_USER_AGENT_LENGTH = 500;

/** The actor of a request: its account, the client address (behind the configured proxy) and user agent. */
export function auditActorOf(request: FastifyRequest): AuditActor {
  const userAgent = request.headers["user-agent"];
  return {
    accountId: request.session?.account.id ?? null,
    ip: request.ip || null,
    userAgent: typeof userAgent === "string" ? userAgent.slice(0, MAX_USER_AGENT_LENGTH) : null,
  };
}

/** A request's access: its session's account, and the emailed link's `?token=` if it carries one. */
export function viewAccessOf(request: FastifyRequest): ViewAccess {
  const { token } = parseInput(ViewTokenQuerySchema, request.query);
  return { ownerId: request.session?.account.id ?? null, token: token ?? null };
}
