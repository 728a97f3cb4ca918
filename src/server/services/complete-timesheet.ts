import { randomUUID } from "node:crypto";
import type { FastifyInstance } from "fastify";
import type { TimesheetOneStepRequest } from "../../domain/api";
import { nonBlankEmails } from "../../domain/client-email";
import { isOpenStatus, OPEN_STATUSES } from "../../domain/form-status";
import { formatDisplayDate } from "../../domain/iso-date";
import { messages } from "../../domain/messages";
import { applyTimesheetInput, emptyTimesheet, type TimesheetFields } from "../../domain/timesheet";
import { AppError } from "../app-error";
import { newToken } from "../auth/sessions";
import type { Account } from "../db/accounts-repository";
import { findCustomer } from "../db/customers-repository";
import { getForm, insertForm, updateForm } from "../db/forms-repository";
import { enqueueMail } from "../db/outbox-repository";
import { completedFormMail } from "../mail/completed-form-mail";
import { renderTimesheetPdf } from "../pdf/timesheet-pdf";
import { type AuditActor, recordAudit } from "./record-audit";

/** The rating and notes kept with a completed form, beside its fields. */
export interface RatedForm {
  supervisorRating: TimesheetOneStepRequest["supervisorRating"];
  supervisorNotes: string;
  ratedAt: string;
}

/** Where the emailed link of a kept form points: the read-only view, opened by its unguessable token. */
export function completedFormLink(publicUrl: string, id: string, viewToken: string): string {
  return `${publicUrl}/completed-form/${encodeURIComponent(id)}?token=${viewToken}`;
}

/**
 * One-step completion of a timesheet: render the signed form as a PDF and queue one email per recipient, in
 * the same transaction that stores the completed form (and its audit row) for an account holder. Without an account nothing is
 * stored: the outbox keeps the mail until it is delivered and then drops its content.
 */
export async function completeTimesheet(
  app: FastifyInstance,
  account: Account | null,
  body: TimesheetOneStepRequest,
  actor: AuditActor,
): Promise<{ id: string | null }> {
  const { db } = app.deps.database;
  const now = app.deps.now();
  const id = body.timesheetData.id ?? randomUUID();

  const existing = account ? await getForm(db, "timesheets", account.id, id) : undefined;
  if (existing && !isOpenStatus(existing.status)) throw new AppError("conflict", messages.formLocked);
  const base = existing ? (existing.data as TimesheetFields) : emptyTimesheet();
  const recipients = nonBlankEmails(body.timesheetData.submissionEmails ?? []);
  const form: TimesheetFields = {
    ...applyTimesheetInput(base, body.timesheetData),
    status: "completed",
    submitViaEmail: true,
    submissionEmails: recipients,
  };
  const rated: RatedForm = {
    supervisorRating: body.supervisorRating,
    supervisorNotes: body.supervisorNotes,
    ratedAt: now.toISOString(),
  };
  const customer = form.customerId ? await findCustomer(db, form.customerId) : undefined;
  const pdf = await renderTimesheetPdf({
    timesheet: form,
    rating: body.supervisorRating,
    ratingNotes: body.supervisorNotes,
    customerName: customer?.name,
    generatedAt: now,
  });
  const viewToken = account ? newToken() : null;
  const link = account && viewToken ? completedFormLink(app.deps.config.publicUrl, id, viewToken) : null;
  const filename = `timesheet-${slug(form.plantNumber) || "plant"}-${form.weekEnding || now.toISOString().slice(0, 10)}.pdf`;

  await db.transaction().execute(async (trx) => {
    if (account) {
      const stored = {
        driverSignedName: form.driverSignedName,
        plantNumber: form.plantNumber,
        customerId: form.customerId,
        orderNumber: form.orderNumber,
        weekEnding: form.weekEnding || null,
        status: "completed" as const,
        viewToken,
        submittedAt: now.toISOString(),
        completedAt: now.toISOString(),
        data: { ...form, ...rated },
      };
      const saved = existing
        ? await updateForm(trx, "timesheets", account.id, id, stored, { now, onlyIfStatusIn: OPEN_STATUSES })
        : await insertForm(trx, "timesheets", { id, ownerId: account.id, ...stored }, now);
      if (!saved) throw new AppError("conflict", messages.formLocked);
      await recordAudit(
        trx,
        actor,
        [{ formType: "timesheet", formId: id, action: "complete", details: { recipients, via: "one-step" } }],
        now,
      );
    }
    for (const to of recipients) {
      const mail = completedFormMail({
        to,
        title: "Weekly Timesheet",
        summary: [
          ["Driver", form.driverSignedName || form.operatorSignedName],
          ["Plant", form.plantNumber],
          ["Week ending", form.weekEnding ? formatDisplayDate(form.weekEnding) : null],
          ["Company", form.company],
          ["On hire to", form.clientCompany],
          ["Site", form.siteLocation],
          ["Order number", form.orderNumber],
          ["Total hours", form.totalHours === null ? null : String(form.totalHours)],
        ],
        pdf: { filename, content: pdf },
        link,
      });
      await enqueueMail(trx, mail, now);
    }
  });
  app.deps.outbox?.wake();
  return { id: account ? id : null };
}

function slug(value: string): string {
  return value
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}
