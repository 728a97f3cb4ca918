import { randomUUID } from "node:crypto";
import type { FastifyInstance } from "fastify";
import type { TimesheetOneStepRequest } from "../../domain/api";
import { nonBlankEmails } from "../../domain/client-email";
import { formatDisplayDate } from "../../domain/iso-date";
import { applyTimesheetInput, emptyTimesheet, type TimesheetFields } from "../../domain/timesheet";
import type { Account } from "../db/accounts-repository";
import { findCustomer } from "../db/customers-repository";
import { renderTimesheetPdf } from "../pdf/timesheet-pdf";
import {
  completeForm,
  fileSlug,
  openForCompletion,
  type RatedForm,
  refuseSignedAtProblem,
} from "./complete-form";
import type { AuditActor } from "./record-audit";

/**
 * One-step completion of a timesheet: the signed week as a PDF, mailed to each address; kept as completed for
 * an account holder, not kept at all otherwise.
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
  const existing = await openForCompletion(app, "timesheets", account, id);
  const base = existing ? (existing.data as TimesheetFields) : emptyTimesheet();
  const recipients = nonBlankEmails(body.timesheetData.submissionEmails ?? []);
  const form: TimesheetFields = {
    ...applyTimesheetInput(base, body.timesheetData),
    status: "completed",
    submitViaEmail: true,
    submissionEmails: recipients,
  };
  refuseSignedAtProblem(base, body.timesheetData, form.weekEnding, now);
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
  const filename = `timesheet-${fileSlug(form.plantNumber) || "plant"}-${form.weekEnding || now.toISOString().slice(0, 10)}.pdf`;

  return completeForm(app, {
    table: "timesheets",
    account,
    actor,
    id,
    existing,
    columns: {
      driverSignedName: form.driverSignedName,
      plantNumber: form.plantNumber,
      customerId: form.customerId,
      orderNumber: form.orderNumber,
      weekEnding: form.weekEnding || null,
    },
    data: { ...form, ...rated },
    recipients,
    mail: {
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
    },
  });
}
