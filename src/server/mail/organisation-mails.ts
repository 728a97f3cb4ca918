import type { DefectReport } from "../../domain/checks/vehicle-defects";
import { ROLE_LABELS, type Role } from "../../domain/company/organisation";
import { returnedMailWords } from "../../domain/text/company-messages";
import { formatUkTime } from "../../domain/time/uk-time";
import type { PdfPhoto } from "../pdf/pdf-canvas";
import { paragraphsMail } from "./account-mails";
import { subjectPart } from "./completed-form-mail";

/**
 * An invitation to join a company. The subject carries no typed text (as every mail's, decision record 023):
 * the company's and the inviter's names are in the body only, escaped in its HTML part.
 */
export function invitationMail(options: {
  to: string;
  organisationName: string;
  inviterName: string;
  role: Role;
  link: string;
}) {
  const role = ROLE_LABELS[options.role].toLowerCase();
  return paragraphsMail(options.to, "You have been invited to join a company on Plant Sheets", [
    "Hello,",
    `${options.inviterName} has invited you to join "${options.organisationName}" on Plant Sheets as a ${role}.`,
    "Open this link within the next 7 days to join. You will be asked to confirm, after logging in (or creating an account) with this email address:",
    { link: options.link, label: "See the invitation" },
    "The link works once. If you did not expect this, you can ignore this email: nothing changes unless you confirm.",
  ]);
}

/**
 * A defect on a company vehicle, to the workshop at once: the machine, who found it, when and where, the items and
 * the notes, with the sheet's photos attached. The subject carries only the plant number and the date; everything
 * typed is in the body, escaped in its HTML part.
 */
export function defectAlertMail(options: {
  to: string;
  vehicle: { plantNumber: string; machineNumber: string; description: string };
  checkDate: string;
  driverName: string;
  site: string;
  report: DefectReport;
  photos: readonly PdfPhoto[];
}) {
  const { vehicle, report } = options;
  const machine = [vehicle.plantNumber, vehicle.machineNumber, vehicle.description]
    .filter(Boolean)
    .join(", ");
  const mail = paragraphsMail(
    options.to,
    `Defect reported - ${subjectPart(vehicle.plantNumber)} - ${options.checkDate}`,
    [
      `A daily check of ${machine} on ${options.checkDate} found ${report.items.length === 1 ? "a defect" : `${report.items.length} defects`}.`,
      `Reported by: ${options.driverName || "(no name given)"}${options.site ? `, at ${options.site}` : ""}`,
      ...report.items.map((item) => `Defect: ${item}`),
      `Notes: ${report.notes ?? "(none)"}`,
      options.photos.length === 0
        ? "No photos were attached."
        : `${options.photos.length} photo(s) attached.`,
      'The vehicle shows as "defect reported" in the company\'s fleet until an admin marks it fixed.',
    ],
  );
  return {
    ...mail,
    attachments: options.photos.map((photo, index) => ({
      filename: `defect-photo-${index + 1}.${photo.contentType === "image/png" ? "png" : "jpg"}`,
      contentType: photo.contentType,
      contentBase64: Buffer.from(photo.data).toString("base64"),
    })),
  };
}

/** The subject of every workshop confirmation link: fixed, so no text a company typed reaches a header. */
export const WORKSHOP_LINK_SUBJECT = "Confirm that this address receives defect alerts from Plant Sheets";

/**
 * The link that asks the person at a workshop address whether it should get a company's defect alerts. Nothing
 * is mailed there unless they open it and confirm; the company's and the admin's names are in the body only.
 */
export function workshopLinkMail(options: {
  to: string;
  organisationName: string;
  adminName: string;
  link: string;
}) {
  return paragraphsMail(options.to, WORKSHOP_LINK_SUBJECT, [
    "Hello,",
    `${options.adminName} of "${options.organisationName}" asks to email the defects its drivers find in their daily checks of its machines to this address.`,
    "Nothing is sent here unless you confirm. To confirm, open this link within the next 7 days and press Confirm:",
    { link: options.link, label: "See the request" },
    "If you did not expect this, you can ignore this email: nothing more is sent.",
  ]);
}

/** An hour as a summary names it: "10/06/2025, 10:00 to 11:00 BST". */
function hourText(start: Date, end: Date): string {
  const [date, from] = formatUkTime(start, "minute").split(", ");
  const to = formatUkTime(end, "minute").split(", ")[1];
  return `${date}, ${from?.split(" ")[0]} to ${to}`;
}

/** How many machines a summary names one by one; the rest are counted. */
const SUMMARY_MACHINES = 50;

/**
 * The reports of one hour that were not mailed one by one (past the company's cap, or the account's or the
 * workshop's mail limits), counted by machine, sent when the hour ends. No notes or photos: each report is in the
 * company's fleet list, which the mail links to.
 */
export function defectSummaryMail(options: {
  to: string;
  organisationName: string;
  hour: { start: Date; end: Date };
  perHour: number;
  machines: ReadonlyArray<{ plantNumber: string; machineNumber: string; reports: number }>;
  fleetLink: string;
}) {
  const { machines } = options;
  const reports = machines.reduce((sum, machine) => sum + machine.reports, 0);
  const hour = hourText(options.hour.start, options.hour.end);
  const named = machines.slice(0, SUMMARY_MACHINES);
  const more = machines.length - named.length;
  return paragraphsMail(options.to, `Defect reports held back - ${hour}`, [
    `${reports === 1 ? "1 defect report" : `${reports} defect reports`} on the machines of "${options.organisationName}" on ${hour} ${reports === 1 ? "was" : "were"} not emailed one by one, to keep the number of emails down (at most ${options.perHour} an hour are). Here ${reports === 1 ? "it is" : "they are"}, counted by machine:`,
    ...named.map(
      (machine) =>
        `${[machine.plantNumber, machine.machineNumber].filter(Boolean).join(" (")}${machine.machineNumber ? ")" : ""}: ${machine.reports}`,
    ),
    ...(more > 0 ? [`and ${more} more ${more === 1 ? "machine" : "machines"}`] : []),
    "Each report, with its items, notes and photos, is in the company's fleet on Plant Sheets:",
    { link: options.fleetLink, label: "Open the fleet" },
  ]);
}

/**
 * To a driver whose forms the office sent back or reopened: which forms, why and who, and where to fix them. The
 * subject is fixed; the reason and names are typed text, in the body only, escaped in its HTML part.
 */
export function returnedFormsMail(options: {
  to: string;
  how: "sent_back" | "reopened";
  byName: string;
  reason: string;
  forms: readonly string[];
  link: string;
}) {
  const words = returnedMailWords(options.how);
  return paragraphsMail(options.to, words.subject, [
    "Hello,",
    words.intro(options.byName),
    ...options.forms.map((form) => `- ${form}`),
    `Reason: ${options.reason}`,
    words.next,
    { link: options.link, label: "Open Plant Sheets" },
  ]);
}
