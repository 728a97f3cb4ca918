import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/database";
import { enqueueMail, getOutboxMessage } from "../db/outbox-repository";
import { testDatabases } from "../db/test-databases";
import { createMailTransport } from "./mail-transport";
import { nextRetryAt, type OutboxWorker, startOutboxWorker } from "./outbox-worker";

interface Received {
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
      expect(smtp.received[0]).toMatchObject({ to: ["client@site.co.uk"], subject: "Timesheet" });
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
});
