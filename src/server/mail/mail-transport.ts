import { randomUUID } from "node:crypto";
import { mkdir, rename, writeFile } from "node:fs/promises";
import { join } from "node:path";
import nodemailer from "nodemailer";
import type { OutgoingMail } from "../db/outbox-repository";

/** A message ready for the wire: attachments already resolved to bytes. */
export interface DeliverableMail extends Omit<OutgoingMail, "attachments"> {
  from: string;
  /** `<id@domain>`, the same on every attempt of one message. */
  messageId: string;
  attachments: Array<{ filename: string; contentType: string; content: Buffer }>;
}

export interface MailTransport {
  send(mail: DeliverableMail): Promise<void>;
  close(): void;
}

function toNodemailer(mail: DeliverableMail) {
  return {
    from: mail.from,
    messageId: mail.messageId,
    to: [...mail.to],
    subject: mail.subject,
    text: mail.text,
    html: mail.html ?? undefined,
    attachments: mail.attachments,
  };
}

interface MailTarget {
  smtpUrl?: string | undefined;
  mailDir: string;
}

/** Where mail goes, for the start-up log: the SMTP server, or the folder of .eml files. */
export function describeMailTarget(options: MailTarget): string {
  if (!options.smtpUrl) return `.eml files in ${options.mailDir}`;
  const url = new URL(options.smtpUrl);
  return `SMTP ${url.hostname}:${url.port || "(default port)"}`;
}

/** SMTP when a URL is configured; otherwise each message becomes an .eml file in the data folder. */
export function createMailTransport(options: MailTarget): MailTransport {
  if (options.smtpUrl) {
    const transporter = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(mail) {
        await transporter.sendMail(toNodemailer(mail));
      },
      close: () => transporter.close(),
    };
  }

  const transporter = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    async send(mail) {
      const info = await transporter.sendMail(toNodemailer(mail));
      await mkdir(options.mailDir, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, "-")}-${randomUUID()}.eml`;
      // Written under a temporary name first so a reader never sees half a message.
      const partial = join(options.mailDir, `.${name}.partial`);
      await writeFile(partial, info.message as Buffer);
      await rename(partial, join(options.mailDir, name));
    },
    close: () => transporter.close(),
  };
}
