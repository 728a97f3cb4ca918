import type { FastifyPluginAsync } from "fastify";
import type { Kysely } from "kysely";
import { z } from "zod";
import type { CompletedFormResponse, CompletedSetApproval } from "../../domain/api";
import { IdSchema } from "../../domain/form-fields";
import { combinedSetId } from "../../domain/pairing";
import { AppError } from "../app-error";
import { type FormRecord, type FormTable, getForm, getFormByViewToken } from "../db/forms-repository";
import type { DB } from "../db/schema";
import { getApproval } from "../db/supervisor-approvals-repository";
import { parseInput } from "../parse-input";
import { toApiForm } from "./form-routes";

const ParamsSchema = z.object({ id: IdSchema });
const QuerySchema = z.object({ token: z.string().min(16).max(200).optional() });

const KINDS = [
  ["timesheets", "timesheet"],
  ["check_sheets", "check-sheet"],
] as const satisfies ReadonlyArray<readonly [FormTable, string]>;

/**
 * The set a timesheet was approved in: its check sheets as stored at approval (any deleted since are left
 * out) and the client's and foreman's sign-off when both signed. The timesheet's link was mailed with the
 * whole pack, so whoever may see the timesheet may see the set.
 */
async function completedSet(
  db: Kysely<DB>,
  timesheet: FormRecord<"timesheets">,
): Promise<CompletedFormResponse["set"]> {
  if (!timesheet.ownerId) return undefined;
  const combinedId = combinedSetId(timesheet.id);
  const stored = await getApproval(db, timesheet.ownerId, combinedId);
  if (!stored) return undefined;
  const checkSheets: FormRecord<"check_sheets">[] = [];
  for (const id of stored.checkSheetIds) {
    const sheet = await getForm(db, "check_sheets", timesheet.ownerId, id);
    if (sheet) checkSheets.push(sheet);
  }
  checkSheets.sort(
    (a, b) => (a.checkDate ?? "").localeCompare(b.checkDate ?? "") || a.id.localeCompare(b.id),
  );
  const { clientName, clientSignature, foremanName, foremanSignature, approvedAt } = stored;
  const approval: CompletedSetApproval | null =
    clientName && clientSignature && foremanName && foremanSignature && approvedAt
      ? { clientName, clientSignature, foremanName, foremanSignature, approvedAt }
      : null;
  return { combinedId, checkSheets: checkSheets.map(toApiForm), approval };
}

/**
 * The read-only view of a form, for its owner or for whoever holds the emailed link's token. The address does
 * not say which kind of form it is, so both tables are asked; a wrong token answers like a missing form.
 */
export const completedFormRoutes: FastifyPluginAsync = async (app) => {
  const { db } = app.deps.database;

  app.get("/completed-forms/:id", async (request): Promise<CompletedFormResponse> => {
    const { id } = parseInput(ParamsSchema, request.params);
    const { token } = parseInput(QuerySchema, request.query);
    const ownerId = request.session?.account.id;
    for (const [table, type] of KINDS) {
      let record: FormRecord<FormTable> | undefined;
      if (ownerId) record = await getForm(db, table, ownerId, id);
      if (!record && token) {
        const byToken = await getFormByViewToken(db, table, token);
        record = byToken?.id === id ? byToken : undefined;
      }
      if (!record) continue;
      const set =
        type === "timesheet" ? await completedSet(db, record as FormRecord<"timesheets">) : undefined;
      return { type, form: toApiForm(record), ...(set ? { set } : {}) };
    }
    throw new AppError("not_found", "This form is not available.");
  });
};
