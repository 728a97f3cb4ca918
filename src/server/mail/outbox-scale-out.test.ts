import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "../db/database";
import { enqueueMail } from "../db/outbox-repository";
import { type ServerProcess, startServerProcess } from "../test-support/start-server-process";
import { type SmtpSink, startSmtpSink, subjectOf } from "../test-support/start-smtp-sink";

const url = process.env.TEST_DATABASE_URL;
const MAILS = 1000;

async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

// Several instances share work only through PostgreSQL; SQLite is one machine's database by design.
describe.skipIf(!url)("two server instances on one PostgreSQL (needs TEST_DATABASE_URL)", () => {
  const schema = `scale_${randomBytes(8).toString("hex")}`;
  const dataDirs: string[] = [];
  const servers: ServerProcess[] = [];
  let smtp: SmtpSink;
  let database: Database;

  beforeAll(async () => {
    await admin(`create schema ${schema}`);
    smtp = await startSmtpSink();
    // One after the other: the first migrates the fresh schema, the second finds it up to date. One process each,
    // so that each claimer seen in the outbox is one instance.
    for (let i = 0; i < 2; i += 1) {
      const dataDir = mkdtempSync(join(tmpdir(), "plant-sheets-instance-"));
      dataDirs.push(dataDir);
      servers.push(
        await startServerProcess({
          dataDir,
          env: { DATABASE_URL: url!, DATABASE_SCHEMA: schema, SMTP_URL: smtp.url, WORKERS: "1" },
        }),
      );
    }
    database = await openDatabase({ databaseUrl: url, dataDir: dataDirs[0]!, schema });
  }, 120_000);

  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await database?.close();
    await smtp?.close();
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
    await admin(`drop schema if exists ${schema} cascade`);
  }, 60_000);

  it(`delivers each of ${MAILS} queued mails exactly once, the work shared by both`, async () => {
    await database.db.transaction().execute(async (trx) => {
      for (let i = 0; i < MAILS; i += 1) {
        await enqueueMail(trx, { to: [`office${i}@buildco.test`], subject: `Mail ${i}`, text: `Body ${i}` });
      }
    });

    // A correctness test, not a speed one: on a busy machine (the suite's other files running beside it) the
    // 1,000 sends took over 150 s; alone, about 66 s.
    const deadline = Date.now() + 400_000;
    const unsent = async () =>
      Number(
        (
          await database.db
            .selectFrom("mail_outbox")
            .select(({ fn }) => fn.countAll().as("n"))
            .where("status", "!=", "sent")
            .executeTakeFirstOrThrow()
        ).n,
      );
    while ((await unsent()) > 0) {
      if (Date.now() > deadline)
        throw new Error(`Mail still unsent:\n${servers.map((s) => s.output()).join("\n")}`);
      await new Promise((r) => setTimeout(r, 250));
    }
    // Both workers poll every 2 s: give a late double send time to show up.
    await new Promise((r) => setTimeout(r, 2_500));

    const counts = new Map<string, number>();
    for (const raw of smtp.messages) {
      const subject = subjectOf(raw) ?? "(none)";
      counts.set(subject, (counts.get(subject) ?? 0) + 1);
    }
    const duplicated = [...counts].filter(([, n]) => n > 1);
    expect(duplicated).toEqual([]);
    expect(smtp.messages).toHaveLength(MAILS);
    for (let i = 0; i < MAILS; i += 1) expect(counts.get(`Mail ${i}`)).toBe(1);

    // Both instances took part, so the test really exercised two claimers.
    const workers = await database.db.selectFrom("mail_outbox").select("claimed_by").distinct().execute();
    expect(workers).toHaveLength(2);
  }, 450_000);
});
