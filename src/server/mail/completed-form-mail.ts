import { english } from "../../domain/text/i18n/english";
import type { Translator } from "../../domain/text/i18n/translate";
import type { OutgoingMail } from "../db/outbox-repository";
import { escapeHtml } from "./escape-html";

export interface CompletedFormMailOptions {
  to: string;
  /** "Weekly Timesheet", "Daily Plant Defect Check". */
  title: string;
  /** The plant number and the form's date (week ending, check date) as typed: the subject's only free text. */
  subject: { plantNumber: string | null | undefined; date: string | null | undefined };
  /** Label and value pairs shown in the body, in order; empty values are left out. */
  summary: ReadonlyArray<readonly [string, string | null | undefined]>;
  pdf: { filename: string; content: Buffer };
  /** The read-only view; absent for forms completed without an account, which are not kept. */
  link: string | null;
  /** A message typed by the sender (the Email Dispatch dialog's), shown above the summary. */
  note?: string | null;
  /** The opening sentence, when "A signed {title} has been submitted" would not be true (a pack for approval). */
  intro?: string;
  /**
   * Filled in without an account: the mail says so first, with the name typed (nobody vouches for it) and
   * where to report abuse.
   */
  withoutAccount?: { name: string; abuseEmail: string } | null;
  /** The reader's words (the same language as the PDF attached): English unless given. */
  t?: Translator["t"];
}

/** The most of one typed value a subject carries: a plant number or a date, never a message. */
const MAX_SUBJECT_PART = 40;

/**
 * A typed value fit for a header: control characters, line and paragraph separators and format characters
 * (bidi overrides, zero-width) become spaces, runs of space one, trimmed and cut short. A newline in a plant
 * number cannot start a header of its own, nor can a long one carry a message.
 */
export function subjectPart(value: string | null | undefined): string {
  const flat = (value ?? "")
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu, " ")
    .replace(/\s+/g, " ")
    .trim();
  const chars = Array.from(flat);
  return chars.length > MAX_SUBJECT_PART ? `${chars.slice(0, MAX_SUBJECT_PART).join("").trimEnd()}…` : flat;
}

function withoutAccountNotice(sender: { name: string; abuseEmail: string }, t: Translator["t"]) {
  const name = subjectPart(sender.name) || t("mail.form.noNameGiven");
  // The abuse report's subject stays English: it is read by whoever keeps the abuse mailbox.
  const mailto = `mailto:${sender.abuseEmail}?subject=${encodeURIComponent("Abuse report: Plant Sheets form mail")}`;
  const lead = t("mail.form.withoutAccountLead");
  const rest = t("mail.form.withoutAccountRest", { name });
  const report = t("mail.form.reportAbuse");
  const text = [`${lead}${rest}`, `${report}: ${mailto}`];
  const html = `<p><strong>${escapeHtml(lead)}</strong>${escapeHtml(rest)} ${escapeHtml(report)}: <a href="${escapeHtml(mailto)}">${escapeHtml(sender.abuseEmail)}</a></p>\n`;
  return { text, html };
}

/** One recipient's copy of a signed form: a short summary, the PDF attached and, when kept, a link to it. */
export function completedFormMail(options: CompletedFormMailOptions): OutgoingMail {
  const t = options.t ?? english;
  const rows = options.summary.filter(([, value]) => value !== null && value !== undefined && value !== "");
  const subject = [options.title, subjectPart(options.subject.plantNumber), subjectPart(options.subject.date)]
    .filter((part) => part !== "")
    .join(" - ");
  const notice = options.withoutAccount ? withoutAccountNotice(options.withoutAccount, t) : null;
  const notKept = t("mail.form.notKept");
  const keep = options.link ? [t("mail.form.viewOnline"), options.link] : [notKept];
  const note = options.note?.trim() ? options.note.trim() : null;
  const intro = options.intro ?? t("mail.form.intro", { title: options.title });
  const message = t("mail.form.message");
  const text = [
    ...(notice ? [...notice.text, ""] : []),
    intro,
    "",
    ...(note ? [`${message}:`, note, ""] : []),
    ...rows.map(([label, value]) => `${label}: ${value}`),
    "",
    ...keep,
  ].join("\n");
  const noteHtml = note
    ? `<p><strong>${escapeHtml(message)}:</strong><br>${escapeHtml(note).replace(/\r?\n/g, "<br>")}</p>\n`
    : "";
  const html = `${notice?.html ?? ""}<p>${escapeHtml(intro)}</p>
${noteHtml}<table>${rows
    .map(
      ([label, value]) =>
        `<tr><th align="left">${escapeHtml(label)}</th><td>${escapeHtml(String(value))}</td></tr>`,
    )
    .join("")}</table>
${
  options.link
    ? `<p><a href="${escapeHtml(options.link)}">${escapeHtml(t("mail.form.viewOnlineLink"))}</a></p>`
    : `<p>${escapeHtml(notKept)}</p>`
}`;
  return {
    to: [options.to],
    subject,
    text,
    html,
    attachments: [
      {
        filename: options.pdf.filename,
        contentType: "application/pdf",
        contentBase64: options.pdf.content.toString("base64"),
      },
    ],
  };
}
