import { ROLE_LABELS, type Role } from "../../domain/organisation";
import type { DefectReport } from "../../domain/vehicle-defects";
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
