import { SAMPLE_SIGNATURE } from "../../domain/sample-signature";

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
