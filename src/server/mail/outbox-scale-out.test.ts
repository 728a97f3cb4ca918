import { expect } from "vitest";
import { enqueueMail } from "../db/outbox-repository";
import { describeTwoInstances } from "../delivery/test-support/describe-two-instances";
import { startSmtpSink, subjectOf } from "../test-support/start-smtp-sink";

const MAILS = 1000;

describeTwoInstances({
  suite: "two server instances on one PostgreSQL (needs TEST_DATABASE_URL)",
  test: `delivers each of ${MAILS} queued mails exactly once, the work shared by both`,
  schemaPrefix: "scale",
  table: "mail_outbox",
  stillWaiting: "Mail still unsent",
  // A correctness test, not a speed one: on a busy machine (the suite's other files running beside it) the
  // 1,000 sends took over 150 s; alone, about 66 s.
  deadlineMs: 400_000,
  testTimeoutMs: 450_000,
  async startReceiver() {
    const smtp = await startSmtpSink();
    return {
      env: { SMTP_URL: smtp.url },
      messages: smtp.messages,
      keys: () => smtp.messages.map((raw) => subjectOf(raw) ?? "(none)"),
      close: () => smtp.close(),
    };
  },
  async enqueue(trx) {
    for (let i = 0; i < MAILS; i += 1) {
      await enqueueMail(trx, { to: [`office${i}@buildco.test`], subject: `Mail ${i}`, text: `Body ${i}` });
    }
  },
  checkReceived(smtp, counts) {
    expect(smtp.messages).toHaveLength(MAILS);
    for (let i = 0; i < MAILS; i += 1) expect(counts.get(`Mail ${i}`)).toBe(1);
  },
});
