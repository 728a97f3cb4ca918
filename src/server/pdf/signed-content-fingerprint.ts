import { createHash } from "node:crypto";
import { type CheckSheetFields, CheckSheetFieldsSchema } from "../../domain/checks/check-sheet";
import { type TimesheetFields, TimesheetFieldsSchema } from "../../domain/hours/timesheet";
import type { SupervisorApproval } from "../../domain/sets/rating";

/**
 * Fields that move a form through its workflow or route its mail. They change after signing
 * (status on approval and dispatch, recipients at dispatch), so they are not part of what was signed.
 */
const WORKFLOW_FIELDS = new Set([
  "status",
  "submitViaEmail",
  "submitViaWhatsApp",
  "submissionEmails",
  "submissionWhatsApps",
  "submittedAt",
]);

/**
 * The signed fields: every field a driver fills in on either form, and nothing else, so a stored
 * record carrying extra keys beside its fields (id, timestamps, rating) gives the same value.
 */
const SIGNED_FIELDS = [
  ...new Set([...Object.keys(TimesheetFieldsSchema.shape), ...Object.keys(CheckSheetFieldsSchema.shape)]),
]
  .filter((field) => !WORKFLOW_FIELDS.has(field))
  .sort();

const APPROVAL_FIELDS = [
  "approvedAt",
  "clientName",
  "clientSignature",
  "foremanName",
  "foremanSignature",
  "supervisorNotes",
] as const satisfies readonly (keyof SupervisorApproval)[];

/**
 * The SHA-256 (hex) of what was signed on a timesheet or check sheet: its signed fields as JSON with
 * the keys in a fixed order. The PDF prints it and the read-only view shows it, so a copy whose
 * content was changed can be told apart.
 */
export function signedContentFingerprint(form: TimesheetFields | CheckSheetFields): string {
  const record = form as Readonly<Record<string, unknown>>;
  const signed: Record<string, unknown> = {};
  for (const field of SIGNED_FIELDS) {
    if (record[field] !== undefined) signed[field] = record[field];
  }
  return sha256OfCanonicalJson(signed);
}

/**
 * The SHA-256 (hex) of a supervisor approval together with the fingerprints of the forms it
 * approves, in order: the approval's signatures are bound to exactly that content.
 */
export function approvalFingerprint(
  approval: SupervisorApproval,
  formFingerprints: readonly string[],
): string {
  const signed: Record<string, unknown> = { approvedForms: formFingerprints };
  for (const field of APPROVAL_FIELDS) signed[field] = approval[field];
  return sha256OfCanonicalJson(signed);
}

/** The SHA-256 (hex) of a pack's forms before anyone has approved them: their fingerprints, in order. */
export function contentsFingerprint(formFingerprints: readonly string[]): string {
  return sha256OfCanonicalJson({ approvedForms: formFingerprints });
}

function sha256OfCanonicalJson(value: unknown): string {
  return createHash("sha256").update(canonicalJson(value)).digest("hex");
}

/** JSON with object keys sorted at every level, so equal content always gives equal text. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}
