import { english } from "../text/i18n/english";
import type { MessageKey, Translator } from "../text/i18n/translate";

/**
 * What each form field is called, written once in the catalogs: the wizard, the read-only view, the PDF, the mail
 * and the supervisor screens all take their words from here. `label` is the spec's wording on the form; `short`,
 * where a field has one, is for tables and summaries where the whole phrase does not fit ("Company you're driving
 * for" heads a column as "Company"). Each key is written out, so a message no field names is found unused.
 */
export interface FieldLabelKeys {
  readonly label: MessageKey;
  readonly short?: MessageKey;
}

export const FIELD_LABELS = {
  // Driver & Company Info
  weekEnding: { label: "field.weekEnding" },
  checkDate: { label: "field.checkDate" },
  company: { label: "field.company", short: "field.company.short" },
  siteLocation: { label: "field.siteLocation" },
  clientCompany: { label: "field.clientCompany", short: "field.clientCompany.short" },
  driverSignedName: { label: "field.driverSignedName", short: "field.driverSignedName.short" },
  customerId: { label: "field.customerId" },
  orderNumber: { label: "field.orderNumber" },
  // Vehicle
  machineNumber: { label: "field.machineNumber", short: "field.machineNumber.short" },
  plantNumber: { label: "field.plantNumber", short: "field.plantNumber.short" },
  machineHours: { label: "field.machineHours", short: "field.machineHours.short" },
  vanMileage: { label: "field.vanMileage", short: "field.vanMileage.short" },
  meterStart: { label: "field.meterStart", short: "field.meterStart.short" },
  meterEnd: { label: "field.meterEnd", short: "field.meterEnd.short" },
  // The week
  totalHours: { label: "field.totalHours" },
  standingTime: { label: "field.standingTime" },
  breakdownNotes: { label: "field.breakdownNotes" },
  // Checks and photos
  checkTemplate: { label: "field.checkTemplate" },
  defectsNotes: { label: "field.defectsNotes" },
  operatorInitials: { label: "field.operatorInitials", short: "field.operatorInitials.short" },
  photos: { label: "field.photos", short: "field.photos.short" },
  // Off hire
  offHireDate: { label: "field.offHireDate" },
  offHireTime: { label: "field.offHireTime" },
  meterReading: { label: "field.meterReading", short: "field.meterReading.short" },
  fuelLevel: { label: "pdf.fuelLevel" },
  damageNotes: { label: "field.damageNotes" },
  collectionReference: { label: "field.collectionReference", short: "field.collectionReference.short" },
  // Signatures
  operatorSignature: { label: "field.operatorSignature" },
  operatorSignedName: { label: "field.operatorSignedName", short: "field.operatorSignedName.short" },
  clientSignature: { label: "field.clientSignature" },
  clientSignedName: { label: "field.clientSignedName", short: "field.clientSignedName.short" },
  signatureDate: { label: "field.signatureDate" },
  supervisorRating: { label: "field.supervisorRating", short: "field.supervisorRating.short" },
  supervisorNotes: { label: "field.supervisorNotes" },
} as const satisfies Record<string, FieldLabelKeys>;

export type LabelledField = keyof typeof FIELD_LABELS;

export function isLabelledField(field: string): field is LabelledField {
  return field in FIELD_LABELS;
}

/** A field's label on the form, in the reader's language (English, the spec's wording, unless a `t` is given). */
export function fieldLabel(field: LabelledField, t: Translator["t"] = english): string {
  return t(FIELD_LABELS[field].label);
}

/** A field's label where space is short: its short form, or its label. */
export function shortFieldLabel(field: LabelledField, t: Translator["t"] = english): string {
  const keys: FieldLabelKeys = FIELD_LABELS[field];
  return t(keys.short ?? keys.label);
}
