/**
 * What each form field is called, written once: the wizard, the read-only view, the PDF, the mail and the
 * supervisor screens all take their words from here. `label` is the spec's wording on the form; `short`, where a
 * field has one, is for tables and summaries where the whole phrase does not fit ("Company you're driving for"
 * heads a column as "Company").
 */
export interface FieldLabel {
  readonly label: string;
  readonly short?: string;
}

export const FIELD_LABELS = {
  // Driver & Company Info
  weekEnding: { label: "Week Ending" },
  checkDate: { label: "Check Date" },
  company: { label: "Company you're driving for", short: "Company" },
  siteLocation: { label: "Site Location" },
  clientCompany: { label: "Company on hire to", short: "On hire to" },
  driverSignedName: { label: "Driver Full Name", short: "Driver" },
  customerId: { label: "Customer" },
  orderNumber: { label: "Order Number" },
  // Vehicle
  machineNumber: { label: "Machine/Vehicle Type", short: "Machine" },
  plantNumber: { label: "Plant/Registration Number", short: "Plant" },
  machineHours: { label: "Machine Hours (Start)", short: "Machine hours" },
  vanMileage: { label: "Van Mileage (Start)", short: "Van mileage" },
  // The week
  totalHours: { label: "Total Hours" },
  standingTime: { label: "Standing Time" },
  breakdownNotes: { label: "Breakdown Reason" },
  // Checks and photos
  checkTemplate: { label: "Machine Category" },
  defectsNotes: { label: "Defects Notes" },
  operatorInitials: { label: "Operator's initials", short: "Initials" },
  photos: { label: "Equipment Photos", short: "Photos" },
  // Signatures
  operatorSignature: { label: "Operator Signature" },
  operatorSignedName: { label: "Operator Print Name", short: "Operator" },
  clientSignature: { label: "Client Signature" },
  clientSignedName: { label: "Client Print Name", short: "Client" },
  signatureDate: { label: "Signature Date" },
  supervisorRating: { label: "Driver Rating", short: "Rating" },
  supervisorNotes: { label: "Rating Notes" },
} as const satisfies Record<string, FieldLabel>;

export type LabelledField = keyof typeof FIELD_LABELS;

/** A field's label on the form. */
export function fieldLabel(field: LabelledField): string {
  return FIELD_LABELS[field].label;
}

/** A field's label where space is short: its short form, or its label. */
export function shortFieldLabel(field: LabelledField): string {
  const labels: FieldLabel = FIELD_LABELS[field];
  return labels.short ?? labels.label;
}
