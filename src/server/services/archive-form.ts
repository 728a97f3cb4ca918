import type { FastifyInstance } from "fastify";
import { SET_TRANSITIONS, setTransitionProblem } from "../../domain/combined-transitions";
import type { AnyFormSpec } from "../../domain/forms/form-spec";
import { messages } from "../../domain/messages";
import { AppError } from "../app-error";
import type { Account } from "../db/accounts-repository";
import { getForm, updateForm } from "../db/forms-repository";
import { setApprovalStatus } from "../db/supervisor-approvals-repository";
import { type AuditActor, recordAudit } from "./record-audit";

/**
 * Archives one form of a set (PUT with status archived, sent for the timesheet and every check sheet of
 * the set). Only a form whose mail has gone out (dispatched or completed) can be archived. Archiving an
 * archived form again changes nothing and succeeds, so a retried archive of a whole set goes through.
 * Returns false when the owner has no such form.
 */
export async function archiveForm(
  app: FastifyInstance,
  account: Account,
  actor: AuditActor,
  spec: AnyFormSpec,
  id: string,
): Promise<boolean> {
  const { db } = app.deps.database;
  const current = await getForm(db, spec.kind, account.id, id);
  if (!current) return false;
  if (current.status === "archived") return true;
  const refused = setTransitionProblem("archive", [current]);
  if (refused) throw new AppError("conflict", refused);
  const now = app.deps.now();
  await db.transaction().execute(async (trx) => {
    const updated = await updateForm(
      trx,
      spec.kind,
      account.id,
      id,
      { status: "archived" },
      { now, onlyIfStatusIn: SET_TRANSITIONS.archive.from },
    );
    // Deleted or moved on by another request since it was read.
    if (!updated) throw new AppError("conflict", messages.setChanged);
    if (spec.kind === "timesheet") await setApprovalStatus(trx, account.id, id, "archived", now);
    await recordAudit(
      trx,
      actor,
      [{ formType: spec.kind, formId: id, action: "archive", details: { from: current.status } }],
      now,
    );
  });
  return true;
}
