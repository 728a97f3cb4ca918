import type { OutgoingMail } from "../db/outbox-repository";
import { escapeHtml } from "./escape-html";

export interface CompletedFormMailOptions {
  to: string;
  /** "Weekly Timesheet", "Daily Plant Defect Check". */
  title: string;
  /** Label and value pairs shown in the body, in order; empty values are left out. */
  summary: ReadonlyArray<readonly [string, string | null | undefined]>;
  pdf: { filename: string; content: Buffer };
  /** The read-only view; absent for forms completed without an account, which are not kept. */
  link: string | null;
  /** A message typed by the sender (the Email Dispatch dialog's), shown above the summary. */
  note?: string | null;
  /** The opening sentence, when "A signed {title} has been submitted" would not be true (a pack for approval). */
  intro?: string;
}

/** One recipient's copy of a signed form: a short summary, the PDF attached and, when kept, a link to it. */
export function completedFormMail(options: CompletedFormMailOptions): OutgoingMail {
  const rows = options.summary.filter(([, value]) => value !== null && value !== undefined && value !== "");
  const subjectParts = rows.slice(0, 2).map(([, value]) => value);
  const subject = [options.title, ...subjectParts].join(" - ");
  const keep = options.link
    ? ["You can also view it online:", options.link]
    : ["This copy is the record: it is not kept online."];
  const note = options.note?.trim() ? options.note.trim() : null;
  const intro =
    options.intro ??
    `A signed ${options.title} has been submitted through Plant Sheets. The PDF is attached.`;
  const text = [
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
  const html = `<p>${escapeHtml(intro)}</p>
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
