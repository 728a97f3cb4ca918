import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/database";
import { claimBatch, enqueueMail, getOutboxMessage } from "../db/outbox-repository";
import { testDatabases } from "../db/test-databases";
import { nextRetryAt } from "../delivery/delivery-queue";
import { createMailTransport, type DeliverableMail, type MailTransport } from "./mail-transport";
import { type OutboxWorker, startOutboxWorker } from "./outbox-worker";

interface Received {
  messageId: string | undefined;
  to: string[];
  subject: string;
  text: string;
  attachments: Array<{ filename?: string; content: Buffer }>;
}

/** A real SMTP server on a random port that keeps what it receives. */
async function startSmtp(options: { failFirst?: number } = {}) {
  const received: Received[] = [];
  let failuresLeft = options.failFirst ?? 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, _session, callback) {
      if (failuresLeft > 0) {
        failuresLeft -= 1;
        stream.resume();
        stream.on("end", () => callback(Object.assign(new Error("Mailbox busy"), { responseCode: 451 })));
        return;
      }
      simpleParser(stream)
        .then((mail) => {
          const to = Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : [];
          received.push({
            messageId: mail.messageId,
            to: to.flatMap((a) => a.value.map((v) => v.address ?? "")),
            subject: mail.subject ?? "",
            text: mail.text ?? "",
            attachments: mail.attachments.map((a) => ({ filename: a.filename, content: a.content })),
          });
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.server.address() as { port: number }).port;
  return {
    received,
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

describe("nextRetryAt", () => {
  const now = new Date("2025-01-01T00:00:00.000Z");
  it("backs off exponentially from 5 seconds, capped at an hour, and gives up after 20 attempts", () => {
    expect(nextRetryAt(1, now)?.getTime()).toBe(now.getTime() + 5_000);
    expect(nextRetryAt(2, now)?.getTime()).toBe(now.getTime() + 10_000);
    expect(nextRetryAt(3, now)?.getTime()).toBe(now.getTime() + 20_000);
    expect(nextRetryAt(9, now)?.getTime()).toBe(now.getTime() + 1_280_000);
    expect(nextRetryAt(12, now)?.getTime()).toBe(now.getTime() + 60 * 60_000);
    expect(nextRetryAt(19, now)?.getTime()).toBe(now.getTime() + 60 * 60_000);
    expect(nextRetryAt(20, now)).toBeNull();
  });
});

describe.each(testDatabases())("the outbox worker on $name", ({ open }) => {
  let database: Database;
  let worker: OutboxWorker | undefined;

  beforeAll(async () => {
    database = await open();
  });
  afterEach(async () => {
    await worker?.stop();
  });
  afterAll(async () => {
    await database.close();
  });

  it("delivers queued mail over SMTP with its attachment, once", async () => {
    const smtp = await startSmtp();
    try {
      const id = await database.db.transaction().execute((trx) =>
        enqueueMail(trx, {
          to: ["client@site.co.uk"],
          subject: "Timesheet",
          text: "Please find attached",
          attachments: [
            {
              filename: "t.pdf",
              contentType: "application/pdf",
              contentBase64: Buffer.from("%PDF").toString("base64"),
            },
          ],
        }),
      );
      const transport = createMailTransport({ smtpUrl: smtp.url, mailDir: "/nonexistent" });
      worker = startOutboxWorker({ db: database.db, transport, from: "Plant Sheets <no-reply@plant.local>" });
      await worker.drain();
      await worker.drain();
      expect(smtp.received).toHaveLength(1);
      expect(smtp.received[0]).toMatchObject({
        messageId: `<${id}@plant.local>`,
        to: ["client@site.co.uk"],
        subject: "Timesheet",
      });
      expect(smtp.received[0]?.text.trim()).toBe("Please find attached");
      expect(smtp.received[0]?.attachments[0]?.content.toString()).toBe("%PDF");
      const stored = await getOutboxMessage(database.db, id);
      expect(stored?.status).toBe("sent");
      expect(stored?.text).toBeNull();
      transport.close();
    } finally {
      await smtp.close();
    }
  });

  it("retries with back-off when the mail server refuses, then delivers", async () => {
    const smtp = await startSmtp({ failFirst: 1 });
    let clock = new Date("2025-01-01T08:00:00.000Z");
    try {
      const id = await enqueueMail(
        database.db,
        { to: ["a@site.co.uk"], subject: "Retry me", text: "x" },
        clock,
      );
      const transport = createMailTransport({ smtpUrl: smtp.url, mailDir: "/nonexistent" });
      worker = startOutboxWorker({
        db: database.db,
        transport,
        from: "no-reply@plant.local",
        now: () => clock,
      });
      await worker.drain();
      expect(smtp.received).toHaveLength(0);
      const failed = await getOutboxMessage(database.db, id);
      expect(failed).toMatchObject({ status: "queued", attempts: 1 });
      expect(failed?.lastError).toMatch(/Mailbox busy/);

      await worker.drain();
      expect(smtp.received).toHaveLength(0);

      clock = new Date(clock.getTime() + 6_000);
      await worker.drain();
      expect(smtp.received.map((m) => m.subject)).toEqual(["Retry me"]);
      expect((await getOutboxMessage(database.db, id))?.status).toBe("sent");
      transport.close();
    } finally {
      await smtp.close();
    }
  });

  async function until(done: () => boolean) {
    const deadline = Date.now() + 10_000;
    while (!done()) {
      if (Date.now() > deadline) throw new Error("timed out");
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  /** A transport that records what it is given and takes `sendMs` over each send; the first `failFirst` fail. */
  function slowTransport(options: { sendMs: number; failFirst?: number }) {
    const sent: DeliverableMail[] = [];
    const started: string[] = [];
    let failuresLeft = options.failFirst ?? 0;
    const transport: MailTransport = {
      async send(mail) {
        started.push(mail.subject);
        await new Promise((resolve) => setTimeout(resolve, options.sendMs));
        sent.push(mail);
        if (failuresLeft > 0) {
          failuresLeft -= 1;
          throw new Error("421 try later");
        }
      },
      close() {},
    };
    return { sent, started, transport };
  }

  it("gives every attempt of one message the same Message-ID, so a second copy folds into the first", async () => {
    let clock = new Date("2025-02-01T08:00:00.000Z");
    const id = await enqueueMail(database.db, { to: ["a@site.co.uk"], subject: "Same id", text: "x" }, clock);
    const { sent, transport } = slowTransport({ sendMs: 0, failFirst: 1 });
    worker = startOutboxWorker({
      db: database.db,
      transport,
      from: "Plant <no-reply@plant.local>",
      now: () => clock,
    });
    await worker.drain();
    clock = new Date(clock.getTime() + 6_000);
    await worker.drain();
    expect(sent.map((m) => m.messageId)).toEqual([`<${id}@plant.local>`, `<${id}@plant.local>`]);
    expect((await getOutboxMessage(database.db, id))?.status).toBe("sent");
  });

  it("keeps its claim while a slow send runs: no other worker takes the message meanwhile", async () => {
    const id = await enqueueMail(database.db, { to: ["slow@site.co.uk"], subject: "Slow", text: "x" });
    // A send four times as long as the lease: only the renewals keep the message this worker's.
    const { sent, started, transport } = slowTransport({ sendMs: 1_200 });
    worker = startOutboxWorker({ db: database.db, transport, from: "no-reply@plant.local", leaseMs: 300 });
    await until(() => started.length > 0);
    const stolen = [];
    while (sent.length === 0) {
      stolen.push(...(await claimBatch(database.db, "other", 10, new Date(), 300)));
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    await worker.drain();
    expect(stolen).toEqual([]);
    expect(sent.map((m) => m.subject)).toEqual(["Slow"]);
    expect(await getOutboxMessage(database.db, id)).toMatchObject({ status: "sent", attempts: 1 });
  });

  it("does not send a message of its batch that another worker has taken over meanwhile", async () => {
    const first = await enqueueMail(
      database.db,
      { to: ["one@site.co.uk"], subject: "First", text: "x" },
      new Date(Date.now() - 2_000),
    );
    const second = await enqueueMail(
      database.db,
      { to: ["two@site.co.uk"], subject: "Second", text: "x" },
      new Date(Date.now() - 1_000),
    );
    // Both claimed in one batch; the second's claim is not renewed while the first is sent, and runs out.
    const { sent, started, transport } = slowTransport({ sendMs: 1_000 });
    worker = startOutboxWorker({ db: database.db, transport, from: "no-reply@plant.local", leaseMs: 300 });
    await until(() => started.length > 0);
    let taken: Awaited<ReturnType<typeof claimBatch>> = [];
    while (taken.length === 0 && sent.length === 0) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      taken = await claimBatch(database.db, "other", 10, new Date(), 60_000);
    }
    expect(taken.map((m) => m.id)).toEqual([second]);
    await worker.drain();
    expect(sent.map((m) => m.subject)).toEqual(["First"]);
    expect((await getOutboxMessage(database.db, first))?.status).toBe("sent");
    expect(await getOutboxMessage(database.db, second)).toMatchObject({
      status: "sending",
      claimedBy: "other",
    });
  });
});
