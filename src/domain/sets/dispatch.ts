import type { ErrorText } from "../api/api-error";
import type { FormStatus } from "../forms/form-status";
import { isPresent, missingSignatureParts, type SignaturePart, type SignedFields } from "../forms/signatures";
import { meterProblem } from "../hire/hour-meter";
import { type HireFields, timesheetHireProblem } from "../hire/timesheet-hire";
import { invalidClientEmails, nonBlankEmails } from "../text/client-email";
import { messages, type Notice } from "../text/messages";
import { isRating, type Rating } from "./rating";

type Emails = readonly (string | null | undefined)[];
type MeterReadings = { meterStart?: string; meterEnd?: string };

export interface ApprovalDispatchFields {
  clientSignature?: string | null;
  clientName?: string | null;
  foremanSignature?: string | null;
  foremanName?: string | null;
  rating?: Rating | null;
  emails: Emails;
}

/**
 * Why 'Email to Clients & Complete' cannot run yet, or null (spec sections 4 and 5): client and
 * foreman signatures with names, then a rating, then at least one non-blank email. Beyond the
 * spec, an address shown with a red border (not a client address) also stops it, naming it:
 * a dispatch to user@example.com would never reach anyone.
 */
export function approvalDispatchProblem(fields: ApprovalDispatchFields): ErrorText | null {
  const signed =
    isPresent(fields.clientSignature) &&
    isPresent(fields.clientName) &&
    isPresent(fields.foremanSignature) &&
    isPresent(fields.foremanName);
  if (!signed) return { key: "approval.signaturesRequired" };
  if (!isRating(fields.rating)) return { key: "approval.ratingRequired" };
  if (nonBlankEmails(fields.emails).length === 0) return { key: "approval.emailRequired" };
  const invalid = invalidClientEmails(fields.emails);
  if (invalid.length > 0) {
    return {
      key: "recipients.checkAddresses",
      params: { count: invalid.length, addresses: invalid.join(", ") },
    };
  }
  return null;
}

/** The dispatch button is enabled only when nothing is in the way. */
export function approvalDispatchReady(fields: ApprovalDispatchFields): boolean {
  return approvalDispatchProblem(fields) === null;
}

/** What the missing parts of the signature block say: the date on its own, signatures, or both. */
export function signaturesProblem(missing: readonly SignaturePart[]): Notice | null {
  if (missing.length === 0) return null;
  if (!missing.includes("signatureDate")) return messages.signaturesRequired;
  return missing.length === 1 ? messages.signatureDateRequired : messages.signaturesAndDateRequired;
}

export type OneStepFields = SignedFields & {
  rating?: Rating | null;
  submitViaEmail?: boolean | null;
  submissionEmails: Emails;
};

/** Addresses typed but not client addresses (the ones shown with a red border). */
function invalidEmailsProblem(emails: Emails): Notice | null {
  const invalid = invalidClientEmails(emails);
  return invalid.length > 0 ? messages.invalidEmailNotice(invalid) : null;
}

/**
 * Why the timesheet's one-step submit cannot run, or null (spec section 5): a day whose hours by kind are wrong
 * first (the client signs for them), then a rating,
 * then email (it must be on, with at least one non-blank address; choosing a rating turns it
 * on), then the signatures: operator signature and printed name, client signature and printed
 * name, and the signature date. Last, any address that is not a client address is named.
 */
export function timesheetSubmitProblem(fields: OneStepFields & HireFields & MeterReadings): Notice | null {
  const hire = timesheetHireProblem(fields) ?? meterProblem(fields);
  if (hire) return hire;
  if (!isRating(fields.rating)) return messages.supervisorRatingRequired;
  if (fields.submitViaEmail !== true || nonBlankEmails(fields.submissionEmails).length === 0) {
    return messages.submissionEmailRequired;
  }
  const unsigned = signaturesProblem(missingSignatureParts(fields));
  if (unsigned) return unsigned;
  return invalidEmailsProblem(fields.submissionEmails);
}

/** The timesheet's submit button is enabled only when nothing is in the way. */
export function timesheetSubmitReady(fields: OneStepFields & HireFields & MeterReadings): boolean {
  return timesheetSubmitProblem(fields) === null;
}

/**
 * Why 'Submit Check Sheet' cannot run, or null (spec section 5). Everyone needs the operator
 * signature, the driver's printed name and the date. The client signature and name are needed
 * from users without an account; an account holder's supervisor signs later, on the approval
 * dashboard (the pad says 'Tap to sign (optional)').
 */
export function checkSheetSubmitProblem(
  sheet: SignedFields,
  options: { accountHolder: boolean },
): Notice | null {
  const optional = options.accountHolder ? ["clientSignature", "clientName"] : [];
  const missing = missingSignatureParts(sheet).filter((part) => !optional.includes(part));
  return signaturesProblem(missing);
}

/**
 * Why an account holder's check sheet cannot be saved as it stands, or null. A sheet at ready_for_approval has
 * been submitted, so it needs what 'Submit Check Sheet' needs from an account holder (the supervisor signs
 * later); a draft may be saved half done, at any step.
 */
export function checkSheetSaveProblem(sheet: SignedFields & { status: FormStatus }): Notice | null {
  if (sheet.status !== "ready_for_approval") return null;
  return checkSheetSubmitProblem(sheet, { accountHolder: true });
}

/**
 * Why the check sheet's 'Complete & Email Check Sheet' cannot run, or null: every signature,
 * a rating, and at least one non-blank client address.
 */
export function checkSheetOneStepProblem(fields: OneStepFields): Notice | null {
  const unsigned = signaturesProblem(missingSignatureParts(fields));
  if (unsigned) return unsigned;
  if (!isRating(fields.rating)) return messages.supervisorRatingRequired;
  if (nonBlankEmails(fields.submissionEmails).length === 0) return messages.submissionEmailRequired;
  return invalidEmailsProblem(fields.submissionEmails);
}

/** 'Complete & Email' is disabled while every email entry is blank or a submission runs. */
export function checkSheetEmailButtonEnabled(emails: Emails, submitting: boolean): boolean {
  return !submitting && nonBlankEmails(emails).length > 0;
}

export interface EmailSubmissionFields {
  submitViaEmail: boolean;
  submissionEmails: string[];
}

/**
 * Choosing any rating turns email submission on and starts the list with one empty row when it
 * has none (spec sections 4 and 5); rows already typed are kept. Returns a new form.
 */
export function turnOnEmailSubmission<T extends EmailSubmissionFields>(form: T): T {
  return {
    ...form,
    submitViaEmail: true,
    submissionEmails: form.submissionEmails.length > 0 ? [...form.submissionEmails] : [""],
  };
}
