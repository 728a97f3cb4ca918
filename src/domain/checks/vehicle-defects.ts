import { z } from "zod";
import { isStoodDown } from "../forms/check-sheet-readings";
import type { CheckTemplateId } from "../forms/check-templates";
import { MAX_EMAIL_LENGTH } from "../forms/constants";
import { TimestampSchema } from "../forms/form-fields";
import type { FormStatus } from "../forms/form-status";
import { english } from "../text/i18n/english";
import type { Translator } from "../text/i18n/translate";
import { type CheckItemValues, defectItems, reportableDefectsNotes } from "./check-items";

/**
 * Defects reported on a company's vehicles (issue 19, decision record 029): a check sheet a driver sends with an
 * item marked as a defect puts its machine in the "defect reported" state and alerts the company's workshop, until
 * an admin marks it fixed. Pure: the server finds the vehicle and writes, these rules decide what is reported.
 */

/**
 * What a check sheet reports: the items marked as defects, by their labels in form order, the notes, and whether
 * the driver stood the machine down (found it not safe to use).
 */
export interface DefectReport {
  items: string[];
  notes: string | null;
  stoodDown: boolean;
}

/**
 * The defects a check sheet reports once it is sent (any status but draft): none while it is a draft, none when
 * no item is marked as a defect. Notes that only say "No defects noted" are no notes. The items in the words of
 * `t`: English as the fleet keeps them, the company's language for its workshop and webhook.
 */
export function defectReportOf(
  status: FormStatus,
  sheet: CheckItemValues & { defectsNotes?: string | null; machineSafe?: string },
  t: Translator["t"] = english,
): DefectReport | null {
  if (status === "draft") return null;
  const items = defectItems(sheet).map((item) => t(item.labelKey));
  if (items.length === 0) return null;
  return { items, notes: reportableDefectsNotes(sheet.defectsNotes), stoodDown: isStoodDown(sheet) };
}

/** A vehicle's defect as it is kept: when fixed (null until then), and whether it stood the machine down. */
export interface VehicleDefectRecord {
  fixedAt: string | null;
  stoodDown: boolean;
}

/** What the fleet list says of a vehicle. */
export type VehicleState = "ok" | "defect-reported" | "stood-down";

/**
 * A vehicle with a defect not marked fixed that stood it down is off hire, "stood down"; one with any other defect
 * not fixed is "defect reported"; one with none is "ok".
 */
export function vehicleState(defects: readonly VehicleDefectRecord[]): VehicleState {
  const open = defects.filter((defect) => defect.fixedAt === null);
  if (open.some((defect) => defect.stoodDown)) return "stood-down";
  return open.length > 0 ? "defect-reported" : "ok";
}

/** The longest note of a fix: what was done, in a few sentences. */
export const MAX_FIX_NOTE_LENGTH = 500;

/**
 * POST /api/organisations/{id}/defects/{defectId}/fixed: what was done (plain text, shown as text), and when, if
 * not now: a fix is often recorded after the fact, and a stood-down machine's breakdown ends at it.
 */
export const FixDefectRequestSchema = z.object({
  note: z.string().trim().min(1).max(MAX_FIX_NOTE_LENGTH),
  fixedAt: TimestampSchema.optional(),
});
export type FixDefectRequest = z.infer<typeof FixDefectRequestSchema>;

/** How long a workshop's confirmation link works: a workshop may read its mail only after a weekend. */
export const WORKSHOP_LINK_LIFETIME_MS = 7 * 24 * 60 * 60_000;

/**
 * Where a company's defect alerts go (decision record 038). Nothing is mailed there until someone at the address
 * has confirmed it by the link mailed to it; a new address needs confirming again.
 */
export interface WorkshopAddress {
  email: string;
  /** When someone at the address confirmed it; null while the company waits for that. */
  confirmedAt: string | null;
  /** When the newest link was mailed; null when none has been (an address kept from before links existed). */
  linkSentAt: string | null;
}

/** What the Company screen says of the workshop address. */
export type WorkshopState = "none" | "confirmed" | "waiting" | "no-link";

export function workshopState(workshop: WorkshopAddress | null): WorkshopState {
  if (!workshop) return "none";
  if (workshop.confirmedAt) return "confirmed";
  return workshop.linkSentAt ? "waiting" : "no-link";
}

/** Two spellings of one address: mail systems treat an address's letters alike whatever their case. */
export function sameAddress(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase();
}

const HOUR_MS = 60 * 60_000;

/**
 * The hour whose summary a held-back defect report joins (decision record 038): the clock hour it was made in,
 * from its start to the next one's. Whole hours of UTC are whole hours of UK time too.
 */
export function alertHourOf(moment: Date): { start: Date; end: Date } {
  const start = Math.floor(moment.getTime() / HOUR_MS) * HOUR_MS;
  return { start: new Date(start), end: new Date(start + HOUR_MS) };
}

/** PUT /api/organisations/{id}/workshop: where defect alerts go; null (or blank) stops them. */
export const WorkshopRequestSchema = z.object({
  email: z
    .string()
    .trim()
    .max(MAX_EMAIL_LENGTH)
    .transform((value) => (value === "" ? null : value))
    .pipe(z.email("Please enter a valid email address.").nullable())
    .nullable(),
});
export type WorkshopRequest = z.infer<typeof WorkshopRequestSchema>;
/** The answer of PUT /api/organisations/{id}/workshop and POST .../workshop/link: the address as it now is. */
export interface WorkshopResponse {
  workshop: WorkshopAddress | null;
}

/** A defect as the fleet lists it: what the check sheet reported, and its fix once an admin records one. */
export interface VehicleDefect extends DefectReport {
  id: string;
  checkSheetId: string;
  qrCode: string;
  checkDate: string;
  driverName: string;
  reportedAt: string;
  fixed: { at: string; by: string; note: string } | null;
}

/** GET /api/organisations/{id}/fleet: the fleet the company uses, each vehicle with its state and history. */
export interface FleetResponse {
  workshop: WorkshopAddress | null;
  /** How many defects are mailed one by one in an hour, before the rest wait for the hour's summary. */
  alertsPerHour: number;
  /** Whether the caller may mark defects fixed and set the workshop address. */
  canManage: boolean;
  /** Whether these are the company's own vehicles (which its admins change), not the shared list. */
  ownFleet: boolean;
  vehicles: Array<{
    qrCode: string;
    plantNumber: string;
    machineNumber: string;
    vehicleType: string;
    description: string;
    checkTemplate: CheckTemplateId;
    /** Off the drivers' lists, kept with its history (decision record 029). */
    retired: boolean;
    state: VehicleState;
    /** Newest first. */
    defects: VehicleDefect[];
  }>;
}
