import type { DefectReport } from "../../domain/checks/vehicle-defects";
import type { Role } from "../../domain/company/organisation";
import type { FormKind } from "../../domain/forms/form-spec";
import { english } from "../../domain/text/i18n/english";
import { formKindParam } from "../../domain/text/messages";
import { formatUkTime } from "../../domain/time/uk-time";
import { translatorFor } from "../i18n";
import type { PdfPhoto } from "../pdf/pdf-canvas";
import { paragraphsMail } from "./account-mails";
import { subjectPart } from "./completed-form-mail";

/**
 * An invitation to join a company, in the company's language (the invitee has no account, so no language of their
 * own yet). The subject carries no typed text (as every mail's, decision record 023): the company's and the
 * inviter's names are in the body only, escaped in its HTML part.
 */
export function invitationMail(options: {
  to: string;
  organisationName: string;
  inviterName: string;
  role: Role;
  link: string;
  language: string | null;
}) {
  const { t } = translatorFor(options.language);
  return paragraphsMail(options.to, t("mail.invite.subject"), [
    t("mail.hello"),
    t("mail.invite.text", {
      inviter: options.inviterName,
      company: options.organisationName,
      role: options.role,
    }),
    t("mail.invite.open"),
    { link: options.link, label: t("mail.invite.linkLabel") },
    t("mail.invite.ignore"),
  ]);
}

/**
 * A defect on a company vehicle, to the workshop at once, in the company's language: first, when the driver stood
 * the machine down, that it is (in the subject too); the machine, who found it,
 * when and where, the items (in that language too) and the notes, with the sheet's photos attached. The subject
 * carries only the plant number and the date; everything typed is in the body, escaped in its HTML part.
 */
export function defectAlertMail(options: {
  to: string;
  vehicle: { plantNumber: string; machineNumber: string; description: string };
  checkDate: string;
  driverName: string;
  site: string;
  report: DefectReport;
  photos: readonly PdfPhoto[];
  language: string | null;
}) {
  const { t } = translatorFor(options.language);
  const { vehicle, report } = options;
  const machine = [vehicle.plantNumber, vehicle.machineNumber, vehicle.description]
    .filter(Boolean)
    .join(", ");
  const name = options.driverName || t("mail.form.noNameGiven");
  const subject = { plant: subjectPart(vehicle.plantNumber), date: options.checkDate };
  const mail = paragraphsMail(
    options.to,
    report.stoodDown
      ? t("mail.defectAlert.subjectStoodDown", subject)
      : t("mail.defectAlert.subject", subject),
    [
      ...(report.stoodDown ? [t("mail.defectAlert.stoodDown")] : []),
      t("mail.defectAlert.found", { machine, date: options.checkDate, count: report.items.length }),
      options.site
        ? t("mail.defectAlert.reportedByAt", { name, site: options.site })
        : t("mail.defectAlert.reportedBy", { name }),
      ...report.items.map((item) => t("mail.defectAlert.defect", { item })),
      report.notes === null
        ? t("mail.defectAlert.noNotes")
        : t("mail.defectAlert.notes", { notes: report.notes }),
      t("mail.defectAlert.photos", { count: options.photos.length }),
      report.stoodDown ? t("mail.defectAlert.fleetStateStoodDown") : t("mail.defectAlert.fleetState"),
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

/**
 * The subject of an English company's workshop confirmation link: fixed in each language, so no text a company
 * typed reaches a header.
 */
export const WORKSHOP_LINK_SUBJECT = english("mail.workshop.subject");

/**
 * The link that asks the person at a workshop address whether it should get a company's defect alerts, in the
 * company's language. Nothing is mailed there unless they open it and confirm; the company's and the admin's
 * names are in the body only.
 */
export function workshopLinkMail(options: {
  to: string;
  organisationName: string;
  adminName: string;
  link: string;
  language: string | null;
}) {
  const { t } = translatorFor(options.language);
  return paragraphsMail(options.to, t("mail.workshop.subject"), [
    t("mail.hello"),
    t("mail.workshop.ask", { admin: options.adminName, company: options.organisationName }),
    t("mail.workshop.confirm"),
    { link: options.link, label: t("mail.workshop.linkLabel") },
    t("mail.workshop.ignore"),
  ]);
}

/** An hour as a summary names it: "10/06/2025, 10:00 to 11:00 BST" (the UK's time, its date as the PDFs write it). */
function hourText(start: Date, end: Date, t: ReturnType<typeof translatorFor>["t"]): string {
  const [date = "", from = ""] = formatUkTime(start, "minute").split(", ");
  const to = formatUkTime(end, "minute").split(", ")[1] ?? "";
  return t("mail.defectSummary.hour", { date, from: from.split(" ")[0] ?? "", to });
}

/** How many machines a summary names one by one; the rest are counted. */
const SUMMARY_MACHINES = 50;

/**
 * The reports of one hour that were not mailed one by one (past the company's cap, or the account's or the
 * workshop's mail limits), counted by machine, sent when the hour ends, in the company's language. No notes or
 * photos: each report is in the company's fleet list, which the mail links to.
 */
export function defectSummaryMail(options: {
  to: string;
  organisationName: string;
  hour: { start: Date; end: Date };
  perHour: number;
  machines: ReadonlyArray<{ plantNumber: string; machineNumber: string; reports: number }>;
  fleetLink: string;
  language: string | null;
}) {
  const { t } = translatorFor(options.language);
  const { machines } = options;
  const reports = machines.reduce((sum, machine) => sum + machine.reports, 0);
  const hour = hourText(options.hour.start, options.hour.end, t);
  const named = machines.slice(0, SUMMARY_MACHINES);
  const more = machines.length - named.length;
  return paragraphsMail(options.to, t("mail.defectSummary.subject", { hour }), [
    t("mail.defectSummary.intro", {
      reports,
      company: options.organisationName,
      hour,
      perHour: options.perHour,
    }),
    ...named.map(
      (machine) =>
        `${[machine.plantNumber, machine.machineNumber].filter(Boolean).join(" (")}${machine.machineNumber ? ")" : ""}: ${machine.reports}`,
    ),
    ...(more > 0 ? [t("mail.defectSummary.more", { more })] : []),
    t("mail.defectSummary.fleet"),
    { link: options.fleetLink, label: t("mail.defectSummary.linkLabel") },
  ]);
}

/**
 * To a driver whose forms the office sent back or reopened, in the language of the driver's account: which forms,
 * why and who, and where to fix them. The subject is fixed; the reason and names are typed text, in the body only,
 * escaped in its HTML part.
 */
export function returnedFormsMail(options: {
  to: string;
  how: "sent_back" | "reopened";
  byName: string;
  reason: string;
  forms: ReadonlyArray<{ kind: FormKind; date: string }>;
  link: string;
  language: string | null;
}) {
  const { t } = translatorFor(options.language);
  const sentBack = options.how === "sent_back";
  return paragraphsMail(options.to, t(sentBack ? "mail.sentBack.subject" : "mail.reopened.subject"), [
    t("mail.hello"),
    t(sentBack ? "mail.sentBack.intro" : "mail.reopened.intro", { by: options.byName }),
    ...options.forms.map(
      (form) => `- ${t("review.formName", { kind: formKindParam(form.kind), date: form.date })}`,
    ),
    t("mail.returned.reason", { reason: options.reason }),
    t(sentBack ? "mail.sentBack.next" : "mail.reopened.next"),
    { link: options.link, label: t("mail.returned.openApp") },
  ]);
}
