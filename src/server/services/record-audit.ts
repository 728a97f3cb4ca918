import { randomUUID } from "node:crypto";
import type { FastifyRequest } from "fastify";
import type { Kysely } from "kysely";
import type { FormKind } from "../../domain/forms/form-spec";
import type { DB } from "../db/schema";

export type AuditAction =
  | "approve"
  | "dispatch"
  | "complete"
  | "archive"
  | "delete"
  /** A company's supervisor or admin approved the form's set (decision record 029). */
  | "review-approve"
  /** A company's supervisor or admin sent the form back to its driver with a reason. */
  | "send-back"
  /** A company's admin reopened the form's approved set with a reason. */
  | "review-reopen";

/** Who made a change and from where. */
export interface AuditActor {
  accountId: string | null;
  ip: string | null;
  userAgent: string | null;
}

export interface AuditEvent {
  formType: FormKind;
  formId: string;
  action: AuditAction;
  /** Anything else worth keeping (the set, the recipients, the status before); stored as JSON. */
  details?: Record<string, unknown>;
}

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

/**
 * Writes one audit row per event. Pass the transaction of the change the events describe, so the trail
 * holds exactly the changes that committed.
 */
export async function recordAudit(
  db: Kysely<DB>,
  actor: AuditActor,
  events: readonly AuditEvent[],
  now: Date,
): Promise<void> {
  if (events.length === 0) return;
  await db
    .insertInto("audit_events")
    .values(
      events.map((event) => ({
        id: randomUUID(),
        form_type: event.formType,
        form_id: event.formId,
        account_id: actor.accountId,
        action: event.action,
        ip: actor.ip,
        user_agent: actor.userAgent,
        details: event.details ? JSON.stringify(event.details) : null,
        created_at: now.toISOString(),
      })),
    )
    .execute();
}
