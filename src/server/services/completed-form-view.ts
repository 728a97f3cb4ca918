import type { CompletedFormResponse } from "../../domain/api/api";
import type { CheckSheetFields } from "../../domain/checks/check-sheet";
import { FORM_SPECS } from "../../domain/forms/form-specs";
import type { TimesheetFields } from "../../domain/hours/timesheet";
import { getFormByViewToken, getOwnForm, type StoredForm } from "../db/forms-repository";
import { unprintableInForm } from "../pdf/pdf-fonts";
import { signedContentFingerprint } from "../pdf/signed-content-fingerprint";
import { apiForm } from "./form-answers";
import { withImages } from "./form-images";
import type { ServiceDeps } from "./service-deps";
import { storedSetView } from "./stored-set";
import { companyFormForReviewer, type ViewAccess } from "./view-access";

/**
 * The form a read-only view shows: the owner's own, a member's form to their company's supervisors and admins, or
 * the one whose emailed link's token was given.
 */
async function viewedForm(
  deps: ServiceDeps,
  id: string,
  access: ViewAccess,
): Promise<StoredForm | undefined> {
  const { db } = deps.database;
  const own = access.ownerId ? await getOwnForm(db, access.ownerId, id) : undefined;
  if (own) return own;
  const company = access.ownerId ? await companyFormForReviewer(deps, access.ownerId, id) : undefined;
  if (company) return company;
  const byToken = access.token ? await getFormByViewToken(db, access.token) : undefined;
  // A wrong token answers like a missing form.
  return byToken?.id === id ? byToken : undefined;
}

/**
 * A stored form as the view shows it: with the fingerprint its PDF prints, worked out by the same function from
 * the stored fields and the signatures' stored images, so a reader can tell a copy whose content was changed,
 * and the characters of its text that its PDF prints as boxes.
 */
async function withFingerprint(deps: ServiceDeps, form: Record<string, unknown>) {
  const signed = await withImages(deps.database.db, form, FORM_SPECS.timesheet.signatureFields);
  return {
    ...form,
    signedContentFingerprint: signedContentFingerprint(signed as TimesheetFields | CheckSheetFields),
    unprintableCharacters: unprintableInForm(form),
  };
}

/**
 * The read-only view of a form (GET /api/completed-forms/{id}), for its owner, its company's supervisors and
 * admins, or whoever holds the emailed link's token; undefined when neither gives access. A timesheet heading an approved set shows its set too: the
 * check sheets and the approval.
 */
export async function completedFormView(
  deps: ServiceDeps,
  id: string,
  access: ViewAccess,
): Promise<CompletedFormResponse | undefined> {
  const stored = await viewedForm(deps, id, access);
  if (!stored) return undefined;
  const set =
    stored.kind === "timesheet" && stored.ownerId
      ? await storedSetView(deps.database.db, stored.ownerId, stored.id)
      : undefined;
  const checkSheets = set
    ? await Promise.all(set.checkSheets.map((sheet) => withFingerprint(deps, sheet)))
    : [];
  return {
    type: stored.kind,
    form: await withFingerprint(deps, apiForm(stored)),
    ...(set ? { set: { ...set, checkSheets } } : {}),
  };
}
