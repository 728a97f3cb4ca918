import type { CheckSheetFields } from "../../../../domain/checks/check-sheet";
import { formatDisplayDate } from "../../../../domain/time/iso-date";
import type { FormWizardApi } from "../wizard/use-form-wizard";

// What the check sheet's steps share with its wizard kind, apart from both, so neither imports the other.

/** The check sheet's own changes: photos attached as their uploads finish, and removed. */
export type CheckSheetAction = { type: "addPhoto"; url: string } | { type: "removePhoto"; url: string };

export type CheckSheetWizardApi = FormWizardApi<CheckSheetFields, CheckSheetAction>;

/** What the waiting list calls a check sheet. */
export function checkSheetLabel(form: CheckSheetFields): string {
  return form.checkDate ? `Check sheet, ${formatDisplayDate(form.checkDate)}` : "Check sheet";
}
