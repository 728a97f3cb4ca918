import { english } from "../text/i18n/english";
import type { Translator } from "../text/i18n/translate";
import type { CheckItem, CheckTemplate } from "./check-template";
import { DUMPER } from "./check-templates/dumper";
import { EXCAVATOR } from "./check-templates/excavator";
import { GENERAL_PLANT } from "./check-templates/general-plant";
import { MEWP } from "./check-templates/mewp";
import { ROLLER } from "./check-templates/roller";
import { SKID_STEER } from "./check-templates/skid-steer";
import { TELEHANDLER } from "./check-templates/telehandler";

/** Every check template, the general one first. A new machine category is one more data file, listed here. */
export const CHECK_TEMPLATES = [
  GENERAL_PLANT,
  EXCAVATOR,
  DUMPER,
  TELEHANDLER,
  ROLLER,
  MEWP,
  SKID_STEER,
] as const;

type KnownCheckTemplate = (typeof CHECK_TEMPLATES)[number];
export type CheckTemplateId = KnownCheckTemplate["id"];
/** Every check field of every template: a check sheet may hold any of them. */
export type CheckItemField = (typeof CHECK_TEMPLATES)[number]["items"][number]["field"];

/** The template of a sheet with none recorded (those made before templates) or an unknown one. */
export const DEFAULT_CHECK_TEMPLATE = GENERAL_PLANT;

export const CHECK_TEMPLATE_IDS = CHECK_TEMPLATES.map((template) => template.id) as [
  CheckTemplateId,
  ...CheckTemplateId[],
];

/** Every template's fields, each once, in the order the templates list them. */
export const ALL_CHECK_ITEM_FIELDS: readonly CheckItemField[] = [
  ...new Set(CHECK_TEMPLATES.flatMap((template) => template.items.map((item) => item.field))),
];

export function isCheckTemplateId(value: unknown): value is CheckTemplateId {
  return typeof value === "string" && (CHECK_TEMPLATE_IDS as readonly string[]).includes(value);
}

/** The template a check sheet (or a vehicle) names, or the general one. */
export function checkTemplateOf(
  form: { checkTemplate?: string | null } | null | undefined,
): KnownCheckTemplate {
  const id = form?.checkTemplate;
  return CHECK_TEMPLATES.find((template) => template.id === id) ?? DEFAULT_CHECK_TEMPLATE;
}

/** The approval dashboard's label of an item, or null when the summary leaves it out. */
export function summaryLabelOf(item: Pick<CheckItem, "field" | "label" | "summaryLabel">): string | null {
  return item.summaryLabel === undefined ? item.label : item.summaryLabel;
}

/** An item as the check step asks it, in the reader's language (English unless a `t` is given). */
export function checkItemLabel(item: CheckItem, t: Translator["t"] = english): string {
  return t(item.labelKey);
}

/**
 * An item named by its English label (as a week's defects name them), in the reader's language; a label no
 * template has is given as it is.
 */
export function checkItemLabelOf(label: string, t: Translator["t"]): string {
  const item = CHECK_TEMPLATES.flatMap((template): readonly CheckItem[] => template.items).find(
    (each) => each.label === label,
  );
  return item ? checkItemLabel(item, t) : label;
}

/** The read-only view's compact label of an item, in the reader's language. */
export function shortLabelOf(item: CheckItem, t: Translator["t"] = english): string {
  return t(item.shortLabelKey ?? item.labelKey);
}

/** A template's machine category, in the reader's language. */
export function checkTemplateName(template: CheckTemplate, t: Translator["t"] = english): string {
  return t(template.nameKey);
}

/** A template's notices, in the reader's language. */
export function checkTemplateNotices(template: CheckTemplate, t: Translator["t"] = english): string[] {
  return template.noticeKeys.map((key) => t(key));
}

/** The items the check step asks, in form order: the template's items less those retired. */
export function askedItems<T extends CheckTemplate>(template: T): T["items"][number][] {
  return template.items.filter((item) => !item.retired);
}

/** The items a sheet's view and PDF list: those asked, and a retired one only where the sheet answered it. */
export function shownItems(
  sheet: Readonly<Record<string, unknown>> & { checkTemplate?: string | null },
): CheckItem[] {
  return checkTemplateOf(sheet).items.filter(
    (item) => !item.retired || typeof sheet[item.field] === "boolean",
  );
}
