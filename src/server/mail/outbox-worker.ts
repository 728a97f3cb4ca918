import type { Kysely } from "kysely";
import { mailDomain } from "../config";
import {
  type MailAttachment,
  mailOutbox,
  markFailed,
  markSent,
  type OutboxMessage,
} from "../db/outbox-repository";
import type { DB } from "../db/schema";
import { type DeliveryLog, type DeliveryWorker, startDeliveryWorker } from "../delivery/delivery-worker";
import type { MailTransport } from "./mail-transport";

/**
 * The Message-ID of an outbox row, the same on every attempt: a copy sent again after a crash mid-send is the
 * same message to mail servers and clients, which fold it.
 */
export function messageIdOf(outboxId: string, from: string): string {
  return `<${outboxId}@${mailDomain(from)}>`;
}

export type OutboxWorker = DeliveryWorker;

export interface OutboxWorkerOptions {
  db: Kysely<DB>;
  transport: MailTransport;
  from: string;
  now?: () => Date;
  loadAttachment?: (storageKey: string) => Promise<Buffer>;
  /** How long a claim lasts unless renewed (DEFAULT_CLAIM_LEASE_MS); renewed every third of it while sending. */
  leaseMs?: number;
  log?: DeliveryLog;
}

/** Delivers the mail outbox over the transport: the delivery worker, sending each message as mail. */
export function startOutboxWorker(options: OutboxWorkerOptions): OutboxWorker {
  const now = options.now ?? (() => new Date());

  async function resolveAttachments(attachments: MailAttachment[]) {
    return Promise.all(
      attachments.map(async (a) => {
        const content =
          "contentBase64" in a
            ? Buffer.from(a.contentBase64, "base64")
            : await (options.loadAttachment ?? missingStorage)(a.storageKey);
        return { filename: a.filename, contentType: a.contentType, content };
      }),
    );
  }

  /** Sends one message; answers why it was not sent, or null once it was. */
  async function attempt(message: OutboxMessage): Promise<string | null> {
    try {
      await options.transport.send({
        from: options.from,
        messageId: messageIdOf(message.id, options.from),
        to: message.to,
        subject: message.subject,
        text: message.text ?? "",
        html: message.html,
        attachments: await resolveAttachments(message.attachments),
      });
      return null;
    } catch (error) {
      return error instanceof Error ? error.message : String(error);
    }
  }

  return startDeliveryWorker({
    db: options.db,
    queue: mailOutbox,
    workerPrefix: "worker",
    words: { kind: "mail", sent: "sent" },
    idField: "mailId",
    attempt,
    verdict: (error) => (error === null ? "delivered" : "retry"),
    markSent: (message, _error, workerId, at) => markSent(options.db, message.id, workerId, at),
    markFailed: (message, error, retryAt, workerId) =>
      markFailed(options.db, message.id, workerId, { error: error ?? "", retryAt }),
    now,
    leaseMs: options.leaseMs,
    log: options.log,
  });
}

async function missingStorage(storageKey: string): Promise<Buffer> {
  throw new Error(`No storage configured to load attachment ${storageKey}`);
}
