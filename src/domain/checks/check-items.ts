import { z } from "zod";
import type { CheckItem, CheckTemplate } from "../forms/check-template";
import { askedItems, type CheckItemField, checkTemplateOf, summaryLabelOf } from "../forms/check-templates";
import { GENERAL_PLANT } from "../forms/check-templates/general-plant";
import { english } from "../text/i18n/english";
import type { MessageKey, Translator } from "../text/i18n/translate";

/** The general template's sixteen check fields (spec section 3), in form order, the two retired included. */
export const CHECK_ITEMS = GENERAL_PLANT.items;
/** The general template's checks the check step asks. */
export const ASKED_CHECK_ITEMS = askedItems(GENERAL_PLANT);

export type { CheckItem, CheckItemField };
export const CHECK_ITEM_FIELDS = CHECK_ITEMS.map((item) => item.field);

/** The items of a template that the approval dashboard summarises, with their summary label. */
export function summaryCheckItems(template: CheckTemplate): { item: CheckItem; label: string }[] {
  return template.items.flatMap((item) => {
    const label = summaryLabelOf(item);
    return label === null ? [] : [{ item, label }];
  });
}

/** true = ok/pass, false = defect/issue, null = N/A (not checked). */
export type CheckValue = true | false | null;
export const CheckValueSchema = z.boolean().nullable();

export type CheckLabelStyle = "pass-issue" | "ok-defect";

const CHECK_VALUE_LABELS: Readonly<
  Record<CheckLabelStyle, { pass: MessageKey; fail: MessageKey; none: MessageKey }>
> = {
  /** The approval dashboard. */
  "pass-issue": { pass: "checkStep.pass", fail: "checkValue.issue", none: "checkStep.notApplicable" },
  /** The completed-form view and the PDF. */
  "ok-defect": { pass: "checkValue.ok", fail: "checkValue.defect", none: "checkStep.notApplicable" },
};

export function checkValueLabel(
  value: CheckValue | undefined,
  style: CheckLabelStyle,
  t: Translator["t"] = english,
): string {
  const labels = CHECK_VALUE_LABELS[style];
  if (value === true) return t(labels.pass);
  if (value === false) return t(labels.fail);
  return t(labels.none);
}

export type CheckItemValues = { [K in CheckItemField]?: CheckValue } & { checkTemplate?: string | null };

/** A sheet's answer to one check: N/A when not answered. */
export function checkValueOf(sheet: CheckItemValues, item: CheckItem): CheckValue {
  const value = (sheet as Readonly<Record<string, unknown>>)[item.field];
  return typeof value === "boolean" ? value : null;
}

/** The items of the sheet's template marked as a defect, in form order. */
export function defectItems(sheet: CheckItemValues): CheckItem[] {
  return checkTemplateOf(sheet).items.filter((item) => checkValueOf(sheet, item) === false);
}

/** True when at least one item of the sheet's template has been answered (ok or defect). */
export function hasAnyCheckAnswered(sheet: CheckItemValues): boolean {
  return checkTemplateOf(sheet).items.some((item) => checkValueOf(sheet, item) !== null);
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
