import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { mailDomain } from "../config";
import {
  claimBatch,
  DEFAULT_CLAIM_LEASE_MS,
  type MailAttachment,
  markFailed,
  markSent,
  type OutboxMessage,
  renewClaim,
} from "../db/outbox-repository";
import type { DB } from "../db/schema";
import type { MailTransport } from "./mail-transport";

const BATCH_SIZE = 20;
const IDLE_POLL_MS = 2_000;
// Doubling from 5 s reaches the one-hour cap at the 11th attempt; 20 attempts keep trying for about 12 hours.
const MAX_ATTEMPTS = 20;
const FIRST_RETRY_MS = 5_000;
const MAX_RETRY_MS = 60 * 60_000;

/** Back-off doubling from 5 s to at most an hour; after the last attempt the message is given up (kept as failed). */
export function nextRetryAt(attempts: number, now: Date): Date | null {
  if (attempts >= MAX_ATTEMPTS) return null;
  const delay = Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** (attempts - 1));
  return new Date(now.getTime() + delay);
}

/**
 * The Message-ID of an outbox row, the same on every attempt: a copy sent again after a crash mid-send is the
 * same message to mail servers and clients, which fold it.
 */
export function messageIdOf(outboxId: string, from: string): string {
  return `<${outboxId}@${mailDomain(from)}>`;
}

export interface OutboxWorker {
  /** Looks for work now instead of at the next poll (called after a commit that queued mail). */
  wake(): void;
  /** Finishes the batch in hand, then stops. */
  stop(): Promise<void>;
  /** Delivers everything due now; for tests and shutdown. */
  drain(): Promise<void>;
}

export interface OutboxWorkerOptions {
  db: Kysely<DB>;
  transport: MailTransport;
  from: string;
  now?: () => Date;
  loadAttachment?: (storageKey: string) => Promise<Buffer>;
  /** How long a claim lasts unless renewed (DEFAULT_CLAIM_LEASE_MS); renewed every third of it while sending. */
  leaseMs?: number;
  log?: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
}

export function startOutboxWorker(options: OutboxWorkerOptions): OutboxWorker {
  const workerId = `worker-${randomUUID()}`;
  const now = options.now ?? (() => new Date());
  const leaseMs = options.leaseMs ?? DEFAULT_CLAIM_LEASE_MS;
  let running = true;
  let timer: NodeJS.Timeout | undefined;
  let current: Promise<void> = Promise.resolve();

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

  /** Keeps the claim while the send runs, so no other worker takes the message over meanwhile. */
  function holdClaim(id: string): () => void {
    const timer = setInterval(() => {
      renewClaim(options.db, id, workerId, now(), leaseMs).catch((error: unknown) =>
        options.log?.warn({ err: error, mailId: id }, "mail claim not renewed"),
      );
    }, leaseMs / 3);
    return () => clearInterval(timer);
  }

  async function deliver(message: OutboxMessage) {
    // Claimed with the batch, perhaps a while ago: a message another worker has taken over is its to send.
    if (!(await renewClaim(options.db, message.id, workerId, now(), leaseMs))) return;
    const release = holdClaim(message.id);
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
      release();
      if (!(await markSent(options.db, message.id, workerId, now()))) {
        options.log?.warn({ mailId: message.id }, "mail sent after its claim was lost");
      }
    } catch (error) {
      release();
      const retryAt = nextRetryAt(message.attempts, now());
      const text = error instanceof Error ? error.message : String(error);
      options.log?.warn(
        { mailId: message.id, attempts: message.attempts, retry: retryAt !== null },
        "mail not sent",
      );
      await markFailed(options.db, message.id, workerId, { error: text, retryAt });
    }
  }

  /** One pass: claim and deliver until nothing is due. */
  async function drainOnce() {
    for (;;) {
      const batch = await claimBatch(options.db, workerId, BATCH_SIZE, now(), leaseMs);
      if (batch.length === 0) return;
      for (const message of batch) await deliver(message);
    }
  }

  function schedule(delay: number) {
    if (!running) return;
    clearTimeout(timer);
    timer = setTimeout(tick, delay);
  }

  function tick() {
    current = current
      .then(drainOnce)
      .catch((error: unknown) => options.log?.error({ err: error }, "outbox worker pass failed"))
      .finally(() => schedule(IDLE_POLL_MS));
  }

  schedule(0);

  return {
    wake: () => schedule(0),
    drain: () => {
      current = current.then(drainOnce);
      return current;
    },
    async stop() {
      running = false;
      clearTimeout(timer);
      await current.catch(() => undefined);
    },
  };
}

async function missingStorage(storageKey: string): Promise<Buffer> {
  throw new Error(`No storage configured to load attachment ${storageKey}`);
}
