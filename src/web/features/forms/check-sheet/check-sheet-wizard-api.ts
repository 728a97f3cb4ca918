import type { CheckSheetFields } from "../../../../domain/checks/check-sheet";
import { MAX_PHOTOS } from "../../../../domain/forms/constants";
import { formatDisplayDate } from "../../../../domain/time/iso-date";
import type { FormWizardApi } from "../wizard/use-form-wizard";

// What the check sheet's steps share with its wizard kind, apart from both, so neither imports the other.

/** A form's photos attached as their uploads finish, and removed: the check sheet's and the off-hire note's. */
export type PhotoAction = { type: "addPhoto"; url: string } | { type: "removePhoto"; url: string };

/** The check sheet's own changes: its photos. */
export type CheckSheetAction = PhotoAction;

/** A form with a photo attached or removed; uploads finish one after another, each never past the limit. */
export function reducePhotos<F extends { photos: string[] }>(form: F, action: PhotoAction): F {
  const { photos } = form;
  if (action.type === "addPhoto") {
    if (photos.includes(action.url) || photos.length >= MAX_PHOTOS) return form;
    return { ...form, photos: [...photos, action.url] };
  }
  const kept = photos.filter((url) => url !== action.url);
  return kept.length === photos.length ? form : { ...form, photos: kept };
}

export type CheckSheetWizardApi = FormWizardApi<CheckSheetFields, CheckSheetAction>;

/** What the waiting list calls a check sheet. */
export function checkSheetLabel(form: CheckSheetFields): string {
  return form.checkDate ? `Check sheet, ${formatDisplayDate(form.checkDate)}` : "Check sheet";
}
