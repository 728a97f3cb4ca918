import { english } from "../text/i18n/english";
import type { MessageKey } from "../text/i18n/translate";

/**
 * A daily pre-use check list for one category of machine: its items in form order and the notices the check
 * step shows above them. Templates are data (one file each under check-templates/), their words in the catalogs;
 * the check sheet, its view, PDF, mail and the supervisor screens all read a sheet's items from its template.
 */
export interface CheckItem {
  /** The check sheet field holding the answer: true = ok, false = defect, null = N/A. */
  readonly field: `defect${string}`;
  /** The item's words in the catalogs. */
  readonly labelKey: MessageKey;
  /** In English, as the PDF and the mail show it. */
  readonly label: string;
  /** On the approval dashboard's summary; null leaves the item out of it. Defaults to the label. */
  readonly summaryLabel?: string | null;
  /** The read-only view's compact label in the catalogs, where it differs from the label. */
  readonly shortLabelKey?: MessageKey;
  /** In the read-only view's compact list, in English. Defaults to the label. */
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
  /** The machine category's name in the catalogs. */
  readonly nameKey: MessageKey;
  /** The machine category in English, as the PDF's heading shows it. */
  readonly name: string;
  readonly items: readonly CheckItem[];
  /** The notices shown above the items and printed on the PDF, in the catalogs. */
  readonly noticeKeys: readonly MessageKey[];
  /** The notices in English. */
  readonly notices: readonly string[];
}

/**
 * One item as a template file writes it: the field, the label's key, then the summary label where it differs
 * from the label (null leaves the item out of the summary), the short label's key where the read-only view
 * shortens it, and "retired" for an item no longer asked.
 */
export type CheckItemRow = readonly [
  field: CheckItem["field"],
  labelKey: MessageKey,
  summaryLabel?: string | null,
  shortLabelKey?: MessageKey,
  retired?: "retired",
];

type ItemOf<Row extends CheckItemRow> = CheckItem & { readonly field: Row[0] };

/** A template from its table of rows; the item fields stay literal, so the check sheet's fields can be typed from them. */
export function checkTemplate<const Id extends string, const Rows extends readonly CheckItemRow[]>(template: {
  id: Id;
  nameKey: MessageKey;
  items: Rows;
  noticeKeys: readonly MessageKey[];
}): {
  readonly id: Id;
  readonly nameKey: MessageKey;
  readonly name: string;
  readonly items: { readonly [K in keyof Rows]: ItemOf<Rows[K]> };
  readonly noticeKeys: readonly MessageKey[];
  readonly notices: readonly string[];
} {
  const items = template.items.map(
    ([field, labelKey, summaryLabel, shortLabelKey, retired]): CheckItem => ({
      field,
      labelKey,
      label: english(labelKey),
      ...(summaryLabel === undefined ? {} : { summaryLabel }),
      ...(shortLabelKey === undefined ? {} : { shortLabelKey, shortLabel: english(shortLabelKey) }),
      ...(retired === undefined ? {} : { retired: true }),
    }),
  );
  return {
    ...template,
    name: english(template.nameKey),
    items: items as never,
    notices: template.noticeKeys.map((key) => english(key)),
  };
}
