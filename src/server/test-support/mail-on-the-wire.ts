import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type ParsedMail, simpleParser } from "mailparser";
import type { OutboxMessage } from "../db/outbox-repository";
import { createMailTransport } from "../mail/mail-transport";

/**
 * A queued message as the real mail transport writes it (nodemailer, to an .eml file), read back: its headers as
 * a mail server would get them.
 */
export async function mailOnTheWire(message: OutboxMessage): Promise<ParsedMail> {
  const mailDir = await mkdtemp(join(tmpdir(), "plant-sheets-wire-"));
  try {
    const transport = createMailTransport({ mailDir });
    await transport.send({
      from: "Plant Sheets <no-reply@plant-sheets.local>",
      messageId: `<${message.id}@plant-sheets.local>`,
      to: message.to,
      subject: message.subject,
      text: message.text ?? "",
      html: message.html,
      attachments: [],
    });
    transport.close();
    const [file] = await readdir(mailDir);
    return await simpleParser(await readFile(join(mailDir, file!)));
  } finally {
    await rm(mailDir, { recursive: true, force: true });
  }
}

/** The addresses of a parsed mail's To header. */
export function recipientsOf(mail: ParsedMail): Array<string | undefined> {
  const to = Array.isArray(mail.to) ? mail.to : [mail.to];
  return to.flatMap((group) => group?.value.map((entry) => entry.address) ?? []);
}
