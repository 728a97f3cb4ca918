import { z } from "zod";
import { type CheckItemValues, defectItems } from "../checks/check-items";
import { english } from "../text/i18n/english";
import type { MessageKey, Translator } from "../text/i18n/translate";

/**
 * A reading the driver picks on the check step, described once: its field, its label and its choices, each named
 * by a message. The check step asks it; the read-only view, the PDF, the mail summary and the defects export show
 * it; each draws it from this list. A new reading is one entry here and its messages in the catalogs.
 */
export interface ReadingDescription {
  readonly field: string;
  readonly label: MessageKey;
  readonly choices: readonly { readonly value: string; readonly label: MessageKey }[];
  /** Asked only once an item is marked a defect (and shown only then); else always. */
  readonly askedWhen?: "defects";
}

export const CHECK_SHEET_READINGS = [
  {
    // "No" stands the machine down: the PDF says so at its top.
    field: "machineSafe",
    label: "field.machineSafe",
    askedWhen: "defects",
    choices: [
      { value: "yes", label: "reading.machineSafe.yes" },
      { value: "no", label: "reading.machineSafe.noStoodDown" },
    ],
  },
  {
    field: "fuelLevelAtEnd",
    label: "field.fuelLevelAtEnd",
    choices: [
      { value: "none", label: "reading.fuel.none" },
      { value: "1/4", label: "reading.fuel.quarter" },
      { value: "1/2", label: "reading.fuel.half" },
      { value: "3/4", label: "reading.fuel.threeQuarters" },
      { value: "full", label: "reading.fuel.full" },
    ],
  },
] as const satisfies readonly ReadingDescription[];

export type ReadingField = (typeof CHECK_SHEET_READINGS)[number]["field"];

/** The same list, as the views that go through every reading (the check step, the export's columns) read it. */
export const READINGS: readonly ReadingDescription[] = CHECK_SHEET_READINGS;

/**
 * The readings' part of the check sheet's schema: each one of its choices, and absent until picked, so a sheet made
 * before a reading existed reads back, and prints the fingerprint it was signed with, unchanged.
 */
export function readingsShape(): Record<ReadingField, z.ZodOptional<z.ZodType<string>>> {
  return Object.fromEntries(
    READINGS.map((reading) => {
      const [first, ...rest] = reading.choices.map((choice) => choice.value);
      return [reading.field, z.enum([first ?? "", ...rest]).optional()];
    }),
  ) as unknown as Record<ReadingField, z.ZodOptional<z.ZodType<string>>>;
}

/** A check sheet as the readings read it: its items' values and its readings' fields. */
type SheetValues = CheckItemValues & Readonly<Record<string, unknown>>;

/** The readings the check step asks of this sheet, in the list's order. */
export function askedReadings(sheet: SheetValues): ReadingDescription[] {
  const defects = defectItems(sheet).length > 0;
  return READINGS.filter((reading) => reading.askedWhen !== "defects" || defects);
}

/** A sheet whose check found the machine unsafe: stood down until it is fixed. */
export function isStoodDown(sheet: SheetValues): boolean {
  return defectItems(sheet).length > 0 && sheet.machineSafe === "no";
}

/**
 * A sheet with a defect that does not yet say whether the machine is safe to use: the app asks before it is sent.
 * The server takes it as it comes, so a sheet kept on a phone by an older app still reaches it.
 */
export function machineSafeUnanswered(sheet: SheetValues): boolean {
  return defectItems(sheet).length > 0 && sheet.machineSafe !== "yes" && sheet.machineSafe !== "no";
}

/** A reading as a view shows it: its label and the words of the choice picked. */
export interface GivenReading {
  readonly field: string;
  readonly label: string;
  readonly value: string;
}

/** The readings a sheet gives, in the list's order, in the reader's words; those not picked are left out. */
export function givenReadings(sheet: SheetValues, t: Translator["t"] = english): GivenReading[] {
  return askedReadings(sheet).flatMap((reading) => {
    const choice = reading.choices.find((option) => option.value === sheet[reading.field]);
    return choice ? [{ field: reading.field, label: t(reading.label), value: t(choice.label) }] : [];
  });
}

/** Every reading's words for a sheet, in the list's order, "" where none was picked: one per export column. */
export function readingValues(sheet: SheetValues, t: Translator["t"] = english): string[] {
  const given = givenReadings(sheet, t);
  return READINGS.map((reading) => given.find((entry) => entry.field === reading.field)?.value ?? "");
}
