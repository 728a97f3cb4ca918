import { z } from "zod";
import type { CheckSheetSummary, TimesheetSummary } from "../../domain/api/api";
import { companyFormAnswer } from "../../domain/company/company-state";
import { IdSchema } from "../../domain/forms/form-fields";
import { type AnyFormSpec, withChanges } from "../../domain/forms/form-spec";
import { AppError } from "../app-error";
import {
  companyFactsOf,
  type FormListPosition,
  type FormSummaryRow,
  type StoredForm,
} from "../db/forms-repository";

/** A stored form as the API answers it: its fields, with the row's id, status and times. */
export function apiForm(stored: StoredForm): Record<string, unknown> {
  return withChanges(stored.fields, {
    id: stored.id,
    status: stored.status,
    createdAt: stored.createdAt,
    updatedAt: stored.updatedAt,
    submittedAt: stored.submittedAt,
    completedAt: stored.completedAt,
    // Why the company's office sent the form back to its driver, when it did.
    ...(stored.sentBack ? { sentBack: stored.sentBack } : {}),
    // Why an admin reopened the form's approved set: every PDF made of it since says so.
    ...(stored.amendedAfterApproval ? { amendedAfterApproval: stored.amendedAfterApproval } : {}),
    // A company member's form in the company's words, with the office's reason while it is returned.
    ...(stored.organisationId === null
      ? {}
      : {
          companyState: companyFormAnswer({
            ...companyFactsOf(stored),
            sentBackReason: stored.sentBack?.reason ?? null,
            reopenedReason: stored.amendedAfterApproval?.reason ?? null,
          }),
        }),
  });
}

/** A list page's form as the API answers it: the date under the form type's own name for it. */
export function apiSummary(spec: AnyFormSpec, row: FormSummaryRow): TimesheetSummary | CheckSheetSummary {
  const { date, company, ...rest } = row;
  return {
    ...rest,
    ...(company ? { companyState: companyFormAnswer(company) } : {}),
    [spec.dateField]: date,
  } as TimesheetSummary | CheckSheetSummary;
}

const ListCursorSchema = z.tuple([z.iso.datetime(), IdSchema]);

/** A page's end as clients carry it: opaque text holding the values that order the list. */
export function encodeCursor(values: readonly string[]): string {
  return Buffer.from(JSON.stringify(values)).toString("base64url");
}

/** The values of a cursor `encodeCursor` made; 400 for anything else. */
export function decodeCursor<T>(cursor: string, schema: z.ZodType<T>): T {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
  } catch {
    parsed = undefined;
  }
  const result = schema.safeParse(parsed);
  if (!result.success) throw new AppError("bad_request", "apiError.listCursorInvalid");
  return result.data;
}

/** Where the next page starts, opaque to clients: the last form's update time and id. */
export function encodeListCursor(last: FormListPosition): string {
  return encodeCursor([last.updatedAt, last.id]);
}

export function decodeListCursor(cursor: string): FormListPosition {
  const [updatedAt, id] = decodeCursor(cursor, ListCursorSchema);
  return { updatedAt, id };
}
