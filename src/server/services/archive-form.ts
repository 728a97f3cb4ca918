import type { FastifyInstance } from "fastify";
import { SET_TRANSITIONS, setTransitionProblem } from "../../domain/combined-transitions";
import { messages } from "../../domain/messages";
import { AppError } from "../app-error";
import type { Account } from "../db/accounts-repository";
import { type FormPatch, type FormTable, getForm, updateForm } from "../db/forms-repository";
import { setApprovalStatus } from "../db/supervisor-approvals-repository";
import { type AuditActor, recordAudit } from "./record-audit";

export const AUDIT_FORM_TYPE = { timesheets: "timesheet", check_sheets: "check-sheet" } as const;

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
  table: FormTable,
  id: string,
): Promise<boolean> {
  const { db } = app.deps.database;
  const current = await getForm(db, table, account.id, id);
  if (!current) return false;
  if (current.status === "archived") return true;
  const refused = setTransitionProblem("archive", [current]);
  if (refused) throw new AppError("conflict", refused);
  const now = app.deps.now();
  await db.transaction().execute(async (trx) => {
    const updated = await updateForm(
      trx,
      table,
      account.id,
      id,
      { status: "archived" } as FormPatch<typeof table>,
      {
        now,
        onlyIfStatusIn: SET_TRANSITIONS.archive.from,
      },
    );
    // Deleted or moved on by another request since it was read.
    if (!updated) throw new AppError("conflict", messages.setChanged);
    if (table === "timesheets") await setApprovalStatus(trx, account.id, id, "archived", now);
    await recordAudit(
      trx,
      actor,
      [
        {
          formType: AUDIT_FORM_TYPE[table],
          formId: id,
          action: "archive",
          details: { from: current.status },
        },
      ],
      now,
    );
  });
  return true;
}
