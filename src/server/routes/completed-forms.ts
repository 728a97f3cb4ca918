import type { FastifyPluginAsync } from "fastify";
import { z } from "zod";
import type { CheckSheetFields } from "../../domain/check-sheet";
import { IdSchema } from "../../domain/form-fields";
import type { TimesheetFields } from "../../domain/timesheet";
import { AppError } from "../app-error";
import { type FormRecord, type FormTable, getForm, getFormByViewToken } from "../db/forms-repository";
import { parseInput } from "../parse-input";
import { signedContentFingerprint } from "../pdf/signed-content-fingerprint";
import { storedSetView } from "../services/stored-set";
import { toApiForm } from "./form-routes";

const ParamsSchema = z.object({ id: IdSchema });
const QuerySchema = z.object({ token: z.string().min(16).max(200).optional() });

/**
 * A stored form as the view shows it: with the fingerprint its PDF prints, worked out from the stored fields
 * by the same function, so a reader can tell a copy whose content was changed.
 */
function withFingerprint<F extends Record<string, unknown>>(form: F) {
  return {
    ...form,
    signedContentFingerprint: signedContentFingerprint(form as unknown as TimesheetFields | CheckSheetFields),
  };
}

const KINDS = [
  ["timesheets", "timesheet"],
  ["check_sheets", "check-sheet"],
] as const satisfies ReadonlyArray<readonly [FormTable, string]>;

/**
 * The read-only view of a form, for its owner or for whoever holds the emailed link's token. The address does
 * not say which kind of form it is, so both tables are asked; a wrong token answers like a missing form. The
 * emailed link of a set names its timesheet; the holder of its token sees the set's check sheets with it.
 */
export const completedFormRoutes: FastifyPluginAsync = async (app) => {
  const { db } = app.deps.database;

  app.get("/completed-forms/:id", async (request) => {
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
      if (record) {
        // A timesheet heading an approved set shows its set too: the check sheets and the approval.
        const set =
          table === "timesheets" && record.ownerId
            ? await storedSetView(db, record.ownerId, record.id)
            : undefined;
        return {
          type,
          form: withFingerprint(toApiForm(record)),
          ...(set ? { set: { ...set, checkSheets: set.checkSheets.map(withFingerprint) } } : {}),
        };
      }
    }
    throw new AppError("not_found", "This form is not available.");
  });
};
