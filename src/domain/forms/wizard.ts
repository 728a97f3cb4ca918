import { type CheckItemValues, hasAnyCheckAnswered } from "../checks/check-items";
import { english } from "../text/i18n/english";
import type { MessageKey, Translator } from "../text/i18n/translate";
import { isPresent } from "./signatures";

/** The message keys of the timesheet wizard's 4 step titles (spec section 2). */
export const TIMESHEET_STEP_KEYS = [
  "step.driverCompany",
  "step.vehicleHours",
  "step.week",
  "step.driverSignature",
] as const satisfies readonly MessageKey[];

/** The message keys of the check sheet wizard's 5 step titles (spec section 2). */
export const CHECK_SHEET_STEP_KEYS = [
  "step.driverCompany",
  "step.qrVehicle",
  "step.safetyCheck",
  "step.photos",
  "step.driverSignature",
] as const satisfies readonly MessageKey[];

function englishTitles<K extends readonly MessageKey[]>(keys: K): { readonly [I in keyof K]: string } {
  return keys.map((key) => english(key)) as unknown as { readonly [I in keyof K]: string };
}

/** Titles of the timesheet wizard's 4 steps, in the spec's English. */
export const TIMESHEET_STEPS = englishTitles(TIMESHEET_STEP_KEYS);

/** Titles of the check sheet wizard's 5 steps, in the spec's English. */
export const CHECK_SHEET_STEPS = englishTitles(CHECK_SHEET_STEP_KEYS);

/** Steps are numbered from 1, as the screens show them. */
export type WizardStep = number;

interface ResumeFields {
  operatorSignature?: string | null;
  plantNumber?: string | null;
  machineNumber?: string | null;
  company?: string | null;
}

/**
 * Where a timesheet draft opens for editing (spec section 2): step 4 if an operator signature
 * exists; else step 3 if a Monday start exists; else step 2 if plant, machine or company exists;
 * else step 1.
 */
export function timesheetResumeStep(timesheet: ResumeFields & { mondayStart?: string | null }): WizardStep {
  if (isPresent(timesheet.operatorSignature)) return 4;
  if (isPresent(timesheet.mondayStart)) return 3;
  if (
    isPresent(timesheet.plantNumber) ||
    isPresent(timesheet.machineNumber) ||
    isPresent(timesheet.company)
  ) {
    return 2;
  }
  return 1;
}

type CheckSheetResumeFields = ResumeFields &
  CheckItemValues & {
    defectsNotes?: string | null;
    seatBeltCheck?: boolean | null;
    emergencyStopCheck?: boolean | null;
    warningLightsCheck?: boolean | null;
  };

/**
 * Where a check sheet draft resumes (spec section 2): an operator signature goes to step 4
 * (the spec's number, kept as written: it is the photo step, one before the signatures);
 * else answered safety checks or a defects list go to step 3; else plant number, machine number
 * or company go to step 2; else step 1. The seat belt, emergency stop and warning light checks
 * are answered on the safety step too, so they count as safety checks.
 */
export function checkSheetResumeStep(sheet: CheckSheetResumeFields): WizardStep {
  if (isPresent(sheet.operatorSignature)) return 4;
  const extraChecks = [sheet.seatBeltCheck, sheet.emergencyStopCheck, sheet.warningLightsCheck];
  if (
    hasAnyCheckAnswered(sheet) ||
    extraChecks.some((v) => typeof v === "boolean") ||
    isPresent(sheet.defectsNotes)
  ) {
    return 3;
  }
  if (isPresent(sheet.plantNumber) || isPresent(sheet.machineNumber) || isPresent(sheet.company)) return 2;
  return 1;
}

function clampStep(step: number, total: number): number {
  if (!Number.isFinite(step)) return 1;
  return Math.min(total, Math.max(1, Math.trunc(step)));
}

/** Percent complete at a step of a wizard of `total` steps: round(step / total * 100). */
export function wizardProgress(step: WizardStep, total: number): number {
  return Math.round((clampStep(step, total) / total) * 100);
}

/** Percent complete of the check sheet wizard: round(step / 5 * 100). */
export function checkSheetProgress(step: WizardStep): number {
  return wizardProgress(step, CHECK_SHEET_STEPS.length);
}

/** Percent complete of the timesheet wizard's progress bar: round(step / 4 * 100). */
export function timesheetProgress(step: WizardStep): number {
  return wizardProgress(step, TIMESHEET_STEPS.length);
}

/** "Step n of 5", in English unless given the reader's messages. */
export function stepOfLabel(step: WizardStep, total: number, t: Translator["t"] = english): string {
  return t("wizard.stepOf", { step: clampStep(step, total), total });
}
