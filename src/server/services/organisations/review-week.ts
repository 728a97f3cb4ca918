import { companyFormAnswer } from "../../../domain/company/company-state";
import {
  HISTORY_AUDIT_ACTIONS,
  type ReviewWeek,
  type ReviewWeekForm,
  weekHistory,
} from "../../../domain/company/office-review";
import { AppError } from "../../app-error";
import type { Account } from "../../db/accounts-repository";
import { auditHistoryOf } from "../../db/audit-repository";
import { companyFactsOf, getOrganisationForm, getOrganisationFormById } from "../../db/forms-repository";
import type { ServiceDeps } from "../service-deps";
import { pairedCheckSheets } from "./office-review";
import { memberOf } from "./organisation-access";

/**
 * GET /api/organisations/{id}/review/{timesheetId}/week: the forms of a week under review, each in the company's
 * words with the reason it is with the driver, and the week's history from the audit trail (who submitted, sent
 * back and why, resubmitted with what changed, approved, reopened and why). For supervisors and admins; a
 * timesheet that is not the company's answers 404.
 */
export async function reviewWeek(
  deps: ServiceDeps,
  account: Account,
  organisationId: string,
  timesheetId: string,
): Promise<ReviewWeek> {
  await memberOf(deps, account, organisationId, "approve");
  const { db } = deps.database;
  const timesheet = await getOrganisationForm(db, organisationId, "timesheet", timesheetId);
  if (!timesheet) throw new AppError("not_found", "apiError.reviewTimesheetNotFound");
  const checkSheets = await pairedCheckSheets(deps, organisationId, timesheet);
  const stored = [
    timesheet,
    ...(
      await Promise.all(checkSheets.map((sheet) => getOrganisationFormById(db, organisationId, sheet.id)))
    ).filter((form) => form !== undefined),
  ];
  const forms = stored
    .map(
      (form): ReviewWeekForm => ({
        id: form.id,
        kind: form.kind,
        date: form.date,
        state: companyFormAnswer({
          ...companyFactsOf(form),
          sentBackReason: form.sentBack?.reason ?? null,
          reopenedReason: form.amendedAfterApproval?.reason ?? null,
        }),
      }),
    )
    .sort((a, b) =>
      a.kind === b.kind ? (a.date ?? "").localeCompare(b.date ?? "") : a.kind === "timesheet" ? -1 : 1,
    );
  const history = weekHistory(
    await auditHistoryOf(
      db,
      forms.map((form) => form.id),
      HISTORY_AUDIT_ACTIONS,
    ),
    forms,
  );
  return { forms, history };
}
