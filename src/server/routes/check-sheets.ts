import type { FastifyPluginAsync } from "fastify";
import { CheckSheetOneStepRequestSchema } from "../../domain/api";
import {
  applyCheckSheetInput,
  type CheckSheetFields,
  type CheckSheetInput,
  CheckSheetInputSchema,
  emptyCheckSheet,
} from "../../domain/check-sheet";
import { checkSheetSaveProblem } from "../../domain/dispatch";
import { formatIsoDate } from "../../domain/iso-date";
import { messages, noticeText } from "../../domain/messages";
import { deletePhotoRows, findFormPhotos, setFormPhotos } from "../db/photos-repository";
import { parseInput } from "../parse-input";
import { completeCheckSheet } from "../services/complete-check-sheet";
import { deleteStoredPhotos, resolveFormPhotos } from "../services/form-photos";
import { auditActorOf } from "../services/record-audit";
import { type FormKind, formRoutes } from "./form-routes";

export const checkSheetKind: FormKind<"check_sheets", CheckSheetFields, CheckSheetInput> = {
  table: "check_sheets",
  path: "/check-sheets",
  noun: "check sheet",
  inputSchema: CheckSheetInputSchema,
  // A create without a check date is dated today (spec section 3).
  empty: (now) => emptyCheckSheet(formatIsoDate(now)),
  apply: applyCheckSheetInput,
  columns: (form) => ({
    driverSignedName: form.driverSignedName,
    plantNumber: form.plantNumber,
    customerId: form.customerId,
    orderNumber: form.orderNumber,
    checkDate: form.checkDate || null,
  }),
  date: (form) => form.checkDate,
  saveProblem: (form) => {
    const problem = checkSheetSaveProblem(form);
    return problem ? noticeText(problem) : null;
  },
  // Only this account's uploaded photos may be listed, and each row then names the sheet that shows it.
  prepareSave: async (app, { account, id, form }) => {
    const photos = await resolveFormPhotos(app, form.photos, { account, formId: id });
    const ids = photos.map((photo) => photo.id);
    return (trx) => setFormPhotos(trx, account.id, id, ids);
  },
  // A deleted sheet takes its photos with it; the bytes go once the rows are gone for good.
  onDelete: async (app, trx, { account, id }) => {
    const photos = await findFormPhotos(trx, account.id, id);
    await deletePhotoRows(
      trx,
      photos.map((photo) => photo.id),
    );
    return () => deleteStoredPhotos(app, photos);
  },
};

export const checkSheetRoutes: FastifyPluginAsync = async (app) => {
  await app.register(formRoutes(checkSheetKind));

  // With an account the sheet is kept and completed; without one it is only mailed (spec section 6).
  app.post("/one-step-completion/check-sheet", async (request) => {
    const body = parseInput(CheckSheetOneStepRequestSchema, request.body);
    const { id } = await completeCheckSheet(
      app,
      request.session?.account ?? null,
      body,
      auditActorOf(request),
    );
    return {
      success: true,
      message: messages.checkSheetOneStepSucceeded(body.supervisorRating).description,
      id,
    };
  });
};
