import { SAMPLE_SIGNATURE } from "../../test-support/sample-signature";
import { CLIENT_SIGNATURE, OPERATOR_SIGNATURE } from "../pdf/pdf-fixtures";

/** The heading of a form: whose plant worked where. */
export const FORM_HEADER = {
  company: "Acme Plant Hire",
  clientCompany: "BuildCo",
  siteLocation: "Riverside",
  driverSignedName: "Dave Digger",
  machineNumber: "360 Excavator",
  plantNumber: "EX-042",
};

/** A week a driver could really send: signed by both, dated and addressed (the rating goes beside it). */
export function signedWeek(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    weekEnding: "2025-06-07",
    ...FORM_HEADER,
    mondayStart: "07:00",
    mondayFinish: "16:30",
    mondayBreak: 30,
    operatorSignature: SAMPLE_SIGNATURE,
    operatorSignedName: "Dave Digger",
    clientSignature: SAMPLE_SIGNATURE,
    clientSignedName: "Fiona Foreman",
    signatureDate: "2025-06-07",
    submitViaEmail: true,
    submissionEmails: ["site.office@buildco.co.uk"],
    ...overrides,
  };
}

/** A supervisor's approval of a week on site: the client's and foreman's signatures and names, just before now. */
export function weekApproval(supervisorNotes = "") {
  return {
    clientSignature: CLIENT_SIGNATURE,
    clientName: "Colin Client",
    foremanSignature: OPERATOR_SIGNATURE,
    foremanName: "Frank Foreman",
    approvedAt: "2025-06-07T14:55:00.000Z",
    supervisorNotes,
  };
}

/**
 * The combined form the dashboard sends for a week: its timesheet and check sheets by id, with the names and
 * signatures of the approval.
 */
export function combinedFormOf(
  week: { combinedId: string; timesheetId: string; sheetIds: string[] },
  approval: ReturnType<typeof weekApproval>,
) {
  return {
    id: week.combinedId,
    timesheet: { id: week.timesheetId },
    checkSheets: week.sheetIds.map((id) => ({ id })),
    clientSignature: approval.clientSignature,
    clientName: approval.clientName,
    foremanSignature: approval.foremanSignature,
    foremanName: approval.foremanName,
  };
}
