import { z } from "zod";

/**
 * The sixteen daily checks (spec section 3), in form order, with every label a screen shows:
 * `label` on the form, `summaryLabel` on the approval dashboard's check sheet summary (which
 * lists fourteen: the last two are not plant items), `shortLabel` on the completed view.
 */
export const CHECK_ITEMS = [
  {
    field: "defectSteering",
    label: "Steering/Handbrake/Pedals",
    summaryLabel: "Steering/Handbrake",
    shortLabel: "Steering",
  },
  { field: "defectHoist", label: "Quick Hitch Operation", summaryLabel: "Quick Hitch", shortLabel: "Hoist" },
  {
    field: "defectFireSafety",
    label: "Fire & Safety Fins",
    summaryLabel: "Fire & Safety",
    shortLabel: "Fire/Safety",
  },
  { field: "defectTyres", label: "Tyres", summaryLabel: "Tyres & Wheels", shortLabel: "Tyres" },
  { field: "defectTracks", label: "Tracks", summaryLabel: "Tracks", shortLabel: "Tracks" },
  { field: "defectFuelOil", label: "Fuel/Oil", summaryLabel: "Fuel & Oil Levels", shortLabel: "Fuel/Oil" },
  { field: "defectCabGlass", label: "Cab Glass", summaryLabel: "Cab Glass", shortLabel: "Cab/Glass" },
  {
    field: "defectMirrors",
    label: "Mirrors, Indicator & Horn",
    summaryLabel: "Mirrors & Horn",
    shortLabel: "Mirrors",
  },
  { field: "defectWipers", label: "Wipers", summaryLabel: "Wipers", shortLabel: "Wipers" },
  { field: "defectBucket", label: "Bucket", summaryLabel: "Bucket/Teeth", shortLabel: "Bucket" },
  { field: "defectRams", label: "Rams", summaryLabel: "Rams", shortLabel: "Rams" },
  { field: "defectBrakes", label: "Brakes", summaryLabel: "Brakes", shortLabel: "Brakes" },
  { field: "defectHoses", label: "Hoses", summaryLabel: "Hoses & Steering", shortLabel: "Hoses" },
  { field: "defectLights", label: "Lights", summaryLabel: "Lights", shortLabel: "Lights" },
  { field: "defectDefects", label: "All Defects", summaryLabel: null, shortLabel: "Defects" },
  { field: "defectOperators", label: "Operations Initials", summaryLabel: null, shortLabel: "Operators" },
] as const;

export type CheckItem = (typeof CHECK_ITEMS)[number];
export type CheckItemField = CheckItem["field"];
export const CHECK_ITEM_FIELDS = CHECK_ITEMS.map((item) => item.field) as readonly CheckItemField[];

/** The items the approval dashboard summarises, with their summary label. */
export const SUMMARY_CHECK_ITEMS = CHECK_ITEMS.filter(
  (item): item is Extract<CheckItem, { summaryLabel: string }> => item.summaryLabel !== null,
);

/** true = ok/pass, false = defect/issue, null = N/A (not checked). */
export type CheckValue = true | false | null;
export const CheckValueSchema = z.boolean().nullable();

export type CheckLabelStyle = "pass-issue" | "ok-defect";

const CHECK_VALUE_LABELS: Readonly<Record<CheckLabelStyle, { pass: string; fail: string; none: string }>> = {
  /** The approval dashboard. */
  "pass-issue": { pass: "Pass", fail: "Issue", none: "N/A" },
  /** The completed-form view. */
  "ok-defect": { pass: "OK", fail: "DEFECT", none: "N/A" },
};

export function checkValueLabel(value: CheckValue | undefined, style: CheckLabelStyle): string {
  const labels = CHECK_VALUE_LABELS[style];
  if (value === true) return labels.pass;
  if (value === false) return labels.fail;
  return labels.none;
}

export type CheckItemValues = { [K in CheckItemField]?: CheckValue };

/** The items marked as a defect, in form order. */
export function defectItems(sheet: CheckItemValues): CheckItem[] {
  return CHECK_ITEMS.filter((item) => sheet[item.field] === false);
}

/** True when at least one of the sixteen items has been answered (ok or defect). */
export function hasAnyCheckAnswered(sheet: CheckItemValues): boolean {
  return CHECK_ITEMS.some((item) => typeof sheet[item.field] === "boolean");
}

/** What a check sheet's notes say when nothing is wrong. */
export const NO_DEFECTS_NOTED = "No defects noted";

/**
 * The defects notes the approval summary shows (spec section 2): none when blank or when they only
 * say 'No defects noted', however typed.
 */
export function reportableDefectsNotes(notes: string | null | undefined): string | null {
  const text = typeof notes === "string" ? notes.trim() : "";
  if (text === "") return null;
  const plain = text
    .replace(/[.!\s]+$/, "")
    .replace(/\s+/g, " ")
    .toLowerCase();
  return plain === NO_DEFECTS_NOTED.toLowerCase() ? null : text;
}
