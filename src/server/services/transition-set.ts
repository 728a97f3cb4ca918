import type { Kysely } from "kysely";
import type { FormKind } from "../../domain/forms/form-spec";
import { SET_TRANSITIONS, type SetAction } from "../../domain/sets/combined-transitions";
import { AppError } from "../app-error";
import { type FormPatch, updateForm } from "../db/forms-repository";
import { enqueueMail, type OutgoingMail } from "../db/outbox-repository";
import type { DB } from "../db/schema";
import type { SetForms } from "./combined-set-forms";
import { type AuditActor, type AuditEvent, recordAudit } from "./record-audit";
import type { ServiceDeps } from "./service-deps";

/** One move of a combined set: which, what it writes besides its forms, and what it queues. */
export interface SetMove {
  ownerId: string;
  actor: AuditActor;
  set: SetForms;
  action: Exclude<SetAction, "archive">;
  /** The emailed link's token, kept on the set's timesheet when the move mails the pack. */
  viewToken?: string;
  /** Refused when the office has approved the week meanwhile (the personal workflow's moves). */
  onlyIfNotReviewApproved?: boolean;
  /** The set's own row (its approval and rating, or its new status) and images, in the same transaction. */
  writeSet: (trx: Kysely<DB>) => Promise<void>;
  audit: readonly AuditEvent[];
  mails?: readonly OutgoingMail[];
}

/**
 * The one step every move of a set takes (approve, dispatch, approve-and-complete, complete): in one transaction
 * each form moves to the action's status, guarded by its starting statuses so a set changed by another request
 * meanwhile is refused whole (the transaction rolls back) rather than moved half-way; the set's row, the audit
 * rows and the mails are written with it. The outbox is woken after the commit.
 */
export async function transitionSet(deps: ServiceDeps, move: SetMove, now: Date): Promise<void> {
  const { from, to } = SET_TRANSITIONS[move.action];
  const patch: FormPatch = { status: to, ...(to === "completed" ? { completedAt: now.toISOString() } : {}) };
  const members: [FormKind, string][] = [
    ["timesheet", move.set.timesheet.id],
    ...move.set.checkSheets.map((sheet): [FormKind, string] => ["check-sheet", sheet.id]),
  ];
  await deps.database.db.transaction().execute(async (trx) => {
    for (const [kind, id] of members) {
      const extra = kind === "timesheet" && move.viewToken ? { viewToken: move.viewToken } : {};
      const updated = await updateForm(
        trx,
        kind,
        move.ownerId,
        id,
        { ...patch, ...extra },
        { now, onlyIfStatusIn: from, onlyIfNotReviewApproved: move.onlyIfNotReviewApproved },
      );
      if (!updated) throw new AppError("conflict", "apiError.setChanged");
    }
    await move.writeSet(trx);
    await recordAudit(trx, move.actor, move.audit, now);
    for (const mail of move.mails ?? []) await enqueueMail(trx, mail, now);
  });
  if (move.mails?.length) deps.outbox?.wake();
}
