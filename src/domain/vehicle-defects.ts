import { z } from "zod";
import { type CheckItemValues, defectItems, reportableDefectsNotes } from "./check-items";
import { MAX_EMAIL_LENGTH } from "./constants";
import type { FormStatus } from "./form-status";
import type { CheckTemplateId } from "./forms/check-templates";

/**
 * Defects reported on a company's vehicles (issue 19, decision record 029): a check sheet a driver sends with an
 * item marked as a defect puts its machine in the "defect reported" state and alerts the company's workshop, until
 * an admin marks it fixed. Pure: the server finds the vehicle and writes, these rules decide what is reported.
 */

/** What a check sheet reports: the items marked as defects, by their labels in form order, and the notes. */
export interface DefectReport {
  items: string[];
  notes: string | null;
}

/**
 * The defects a check sheet reports once it is sent (any status but draft): none while it is a draft, none when
 * no item is marked as a defect. Notes that only say "No defects noted" are no notes.
 */
export function defectReportOf(
  status: FormStatus,
  sheet: CheckItemValues & { defectsNotes?: string | null },
): DefectReport | null {
  if (status === "draft") return null;
  const items = defectItems(sheet).map((item) => item.label);
  if (items.length === 0) return null;
  return { items, notes: reportableDefectsNotes(sheet.defectsNotes) };
}

/** A vehicle's defect as it is kept: when fixed, who fixed it and how; null until then. */
export interface VehicleDefectRecord {
  fixedAt: string | null;
}

/** What the fleet list says of a vehicle. */
export type VehicleState = "ok" | "defect-reported";

/** A vehicle with any defect not marked fixed is "defect reported"; one with none is "ok". */
export function vehicleState(defects: readonly VehicleDefectRecord[]): VehicleState {
  return defects.some((defect) => defect.fixedAt === null) ? "defect-reported" : "ok";
}

/** The longest note of a fix: what was done, in a few sentences. */
export const MAX_FIX_NOTE_LENGTH = 500;

/** POST /api/organisations/{id}/defects/{defectId}/fixed: what was done (plain text, shown as text). */
export const FixDefectRequestSchema = z.object({
  note: z.string().trim().min(1).max(MAX_FIX_NOTE_LENGTH),
});
export type FixDefectRequest = z.infer<typeof FixDefectRequestSchema>;

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
  workshopEmail: string | null;
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
