import type { Kysely } from "kysely";
import type { FormKind } from "../../domain/forms/form-spec";
import { insertAuditRows } from "../db/audit-repository";
import type { DB } from "../db/schema";

export type AuditAction =
  | "approve"
  | "dispatch"
  | "complete"
  /**
   * A company member's form submitted to the office by a save (draft to ready for approval): the first time, or
   * again after the office returned it, with what changed (`resubmitted`). Later saves record nothing.
   */
  | "submit"
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
  await insertAuditRows(
    db,
    events.map(({ formType, formId, action, details }) => ({ formType, formId, action, details, ...actor })),
    now,
  );
}
