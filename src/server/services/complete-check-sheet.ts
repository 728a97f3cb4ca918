import { randomUUID } from "node:crypto";
import type { FastifyInstance } from "fastify";
import type { CheckSheetOneStepRequest } from "../../domain/api";
import { defectItems } from "../../domain/check-items";
import { applyCheckSheetInput, type CheckSheetFields, emptyCheckSheet } from "../../domain/check-sheet";
import { nonBlankEmails } from "../../domain/client-email";
import { formatDisplayDate, formatIsoDate } from "../../domain/iso-date";
import { operatorPrintedName } from "../../domain/signatures";
import type { Account } from "../db/accounts-repository";
import { findCustomer } from "../db/customers-repository";
import { deletePhotoRows, setFormPhotos } from "../db/photos-repository";
import { CHECK_SHEET_TITLE, renderCheckSheetPdf } from "../pdf/check-sheet-pdf";
import {
  completeForm,
  fileSlug,
  openForCompletion,
  type RatedForm,
  refuseSignedAtProblem,
} from "./complete-form";
import { deleteStoredPhotos, readPdfPhotos, resolveFormPhotos } from "./form-photos";
import type { AuditActor } from "./record-audit";

/**
 * One-step completion of a Daily Plant Defect Check: the signed sheet as a PDF with its photos embedded, mailed
 * to each address. An account holder's sheet is kept as completed, its photos tied to it. Without an account
 * nothing is kept: the photos are deleted, rows and bytes, once they are in the PDF.
 */
export async function completeCheckSheet(
  app: FastifyInstance,
  account: Account | null,
  body: CheckSheetOneStepRequest,
  actor: AuditActor,
): Promise<{ id: string | null }> {
  const { db } = app.deps.database;
  const now = app.deps.now();
  const id = body.checkSheetData.id ?? randomUUID();
  const existing = await openForCompletion(app, "check_sheets", account, id);
  const base = existing ? (existing.data as CheckSheetFields) : emptyCheckSheet(formatIsoDate(now));
  const recipients = nonBlankEmails(body.checkSheetData.submissionEmails ?? []);
  const form: CheckSheetFields = {
    ...applyCheckSheetInput(base, body.checkSheetData),
    status: "completed",
    submitViaEmail: true,
    submissionEmails: recipients,
  };
  refuseSignedAtProblem(base, body.checkSheetData, form.checkDate, now);
  const photos = await resolveFormPhotos(app, form.photos, { account, formId: account ? id : null });
  const rated: RatedForm = {
    supervisorRating: body.supervisorRating,
    supervisorNotes: body.supervisorNotes,
    ratedAt: now.toISOString(),
  };
  const customer = form.customerId ? await findCustomer(db, form.customerId) : undefined;
  const pdf = await renderCheckSheetPdf({
    checkSheet: form,
    photos: await readPdfPhotos(app, photos),
    rating: body.supervisorRating,
    ratingNotes: body.supervisorNotes,
    customerName: customer?.name,
    generatedAt: now,
  });
  const defects = defectItems(form);
  const photoIds = photos.map((photo) => photo.id);

  const result = await completeForm(app, {
    table: "check_sheets",
    account,
    actor,
    id,
    existing,
    columns: {
      driverSignedName: form.driverSignedName,
      plantNumber: form.plantNumber,
      customerId: form.customerId,
      orderNumber: form.orderNumber,
      checkDate: form.checkDate || null,
    },
    data: { ...form, ...rated },
    recipients,
    mail: {
      title: CHECK_SHEET_TITLE,
      summary: [
        ["Driver", operatorPrintedName(form)],
        ["Plant", form.plantNumber],
        ["Check date", formatDisplayDate(form.checkDate)],
        ["Machine", form.machineNumber],
        ["Company", form.company],
        ["On hire to", form.clientCompany || form.onHireTo],
        ["Site", form.siteLocation],
        ["Order number", form.orderNumber],
        ["Defects", defects.length === 0 ? "None" : defects.map((item) => item.label).join(", ")],
        ["Photos", String(photos.length)],
      ],
      pdf: {
        filename: `check-sheet-${fileSlug(form.plantNumber) || "plant"}-${form.checkDate || formatIsoDate(now)}.pdf`,
        content: pdf,
      },
    },
    inTransaction: (trx) =>
      account ? setFormPhotos(trx, account.id, id, photoIds) : deletePhotoRows(trx, photoIds),
  });
  // The rows went with the commit; without them the bytes are unreachable, so removing them cannot fail a sent form.
  if (!account) await deleteStoredPhotos(app, photos);
  return result;
}
