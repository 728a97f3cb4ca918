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

function withoutAccountNotice(sender: { name: string; abuseEmail: string }) {
  const name = subjectPart(sender.name) || "(no name given)";
  const mailto = `mailto:${sender.abuseEmail}?subject=${encodeURIComponent("Abuse report: Plant Sheets form mail")}`;
  const text = [
    `This form was filled in without a Plant Sheets account, by someone who typed the name "${name}". Plant Sheets has not checked who they are.`,
    `If you did not expect it, please report it as abuse: ${mailto}`,
  ];
  const html = `<p><strong>This form was filled in without a Plant Sheets account</strong>, by someone who typed the name &quot;${escapeHtml(name)}&quot;. Plant Sheets has not checked who they are. If you did not expect it, please <a href="${escapeHtml(mailto)}">report it as abuse (${escapeHtml(sender.abuseEmail)})</a>.</p>\n`;
  return { text, html };
}

/** One recipient's copy of a signed form: a short summary, the PDF attached and, when kept, a link to it. */
export function completedFormMail(options: CompletedFormMailOptions): OutgoingMail {
  const rows = options.summary.filter(([, value]) => value !== null && value !== undefined && value !== "");
  const subject = [options.title, subjectPart(options.subject.plantNumber), subjectPart(options.subject.date)]
    .filter((part) => part !== "")
    .join(" - ");
  const notice = options.withoutAccount ? withoutAccountNotice(options.withoutAccount) : null;
  const keep = options.link
    ? ["You can also view it online:", options.link]
    : ["This copy is the record: it is not kept online."];
  const note = options.note?.trim() ? options.note.trim() : null;
  const intro =
    options.intro ??
    `A signed ${options.title} has been submitted through Plant Sheets. The PDF is attached.`;
  const text = [
    ...(notice ? [...notice.text, ""] : []),
    intro,
    "",
    ...(note ? ["Message:", note, ""] : []),
    ...rows.map(([label, value]) => `${label}: ${value}`),
    "",
    ...keep,
  ].join("\n");
  const noteHtml = note
    ? `<p><strong>Message:</strong><br>${escapeHtml(note).replace(/\r?\n/g, "<br>")}</p>\n`
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
    ? `<p><a href="${escapeHtml(options.link)}">View the signed form online</a></p>`
    : "<p>This copy is the record: it is not kept online.</p>"
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
