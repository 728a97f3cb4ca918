import type { FastifyInstance } from "fastify";
import type { Account } from "../db/accounts-repository";
import { deleteForm as deleteFormRow, type FormTable, getForm } from "../db/forms-repository";
import { AUDIT_FORM_TYPE } from "./archive-form";
import { type AuditActor, recordAudit } from "./record-audit";

/**
 * Deletes one of the owner's forms, whatever its status: the spec offers delete on every card, dispatched
 * sets included. Mail already queued or sent is not recalled, and the audit row (which has no link to the
 * form) keeps what was deleted and from which status. Deleting a set's timesheet also drops the stored set.
 * Returns false when the owner has no such form.
 */
export async function deleteForm(
  app: FastifyInstance,
  account: Account,
  actor: AuditActor,
  table: FormTable,
  id: string,
): Promise<boolean> {
  const { db } = app.deps.database;
  const current = await getForm(db, table, account.id, id);
  if (!current) return false;
  const now = app.deps.now();
  return db.transaction().execute(async (trx) => {
    if (!(await deleteFormRow(trx, table, account.id, id))) return false;
    await recordAudit(
      trx,
      actor,
      [
        {
          formType: AUDIT_FORM_TYPE[table],
          formId: id,
          action: "delete",
          details: { status: current.status, plantNumber: current.plantNumber },
        },
      ],
      now,
    );
    return true;
  });
}
