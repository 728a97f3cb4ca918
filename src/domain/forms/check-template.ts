/**
 * A daily pre-use check list for one category of machine: its items in form order and the notices the check
 * step shows above them. Templates are data (one file each under check-templates/); the check sheet, its view,
 * PDF, mail and the supervisor screens all read a sheet's items from its template.
 */
export interface CheckItem {
  /** The check sheet field holding the answer: true = ok, false = defect, null = N/A. */
  readonly field: `defect${string}`;
  /** As the check step, the PDF and the mail show it. */
  readonly label: string;
  /** On the approval dashboard's summary; null leaves the item out of it. Defaults to the label. */
  readonly summaryLabel?: string | null;
  /** In the read-only view's compact list. Defaults to the label. */
  readonly shortLabel?: string;
  /**
   * No longer asked: it was not a pass or defect check. Kept as a field, so a sheet that answered it still shows
   * its answer and still prints the fingerprint it was signed with.
   */
  readonly retired?: true;
}

export interface CheckTemplate {
  /** Kept on each check sheet (`checkTemplate`) and on each vehicle of the fleet. */
  readonly id: string;
  /** The machine category, as the check step's heading shows it. */
  readonly name: string;
  readonly items: readonly CheckItem[];
  /** Shown above the items, and printed on the PDF. */
  readonly notices: readonly string[];
}

/**
 * One item as a template file writes it: the field, the label, then when they differ from the label the summary
 * label (null leaves the item out of the summary), the short label, and "retired" for an item no longer asked.
 */
export type CheckItemRow = readonly [
  field: CheckItem["field"],
  label: string,
  summaryLabel?: string | null,
  shortLabel?: string,
  retired?: "retired",
];

type ItemOf<Row extends CheckItemRow> = CheckItem & { readonly field: Row[0] };

/** A template from its table of rows; the item fields stay literal, so the check sheet's fields can be typed from them. */
export function checkTemplate<const Id extends string, const Rows extends readonly CheckItemRow[]>(template: {
  id: Id;
  name: string;
  items: Rows;
  notices: readonly string[];
}): {
  readonly id: Id;
  readonly name: string;
  readonly items: { readonly [K in keyof Rows]: ItemOf<Rows[K]> };
  readonly notices: readonly string[];
} {
  const items = template.items.map(
    ([field, label, summaryLabel, shortLabel, retired]): CheckItem => ({
      field,
      label,
      ...(summaryLabel === undefined ? {} : { summaryLabel }),
      ...(shortLabel === undefined ? {} : { shortLabel }),
      ...(retired === undefined ? {} : { retired: true }),
    }),
  );
  return { ...template, items: items as never };
}
