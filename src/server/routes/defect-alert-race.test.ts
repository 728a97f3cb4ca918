import { randomUUID } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import type { FastifyInstance } from "fastify";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app";
import { loadConfig } from "../config";
import { type Database, openDatabase } from "../db/database";
import { SAMPLE_VEHICLES, seedSampleData } from "../db/seed";
import { testDatabases } from "../db/test-databases";
import { signedCheckSheet } from "../pdf/pdf-fixtures";
import { type Company, organisationHelpers, type Person } from "../test-support/organisation-world";
import { type Method, ORIGIN, useTestApp } from "../test-support/test-app";
import { confirmWorkshop } from "../test-support/workshop";

const NOW = new Date("2025-06-10T09:10:00.000Z");
const HOUR = "2025-06-10T09:00:00.000Z";
const EXCAVATOR = SAMPLE_VEHICLES[0]!;
const CAP = 12;
const ROUNDS = 10;

/** New connections to the database `database` is on: the same PostgreSQL schema, or the same SQLite file. */
async function openSameDatabase(database: Database, dataDir: string): Promise<Database> {
  if (database.dialect === "postgres") {
    const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(database.db);
    return openDatabase({ databaseUrl: process.env.TEST_DATABASE_URL, dataDir, schema: rows[0]!.schema });
  }
  const { rows } = await sql<{
    file: string;
  }>`select file from pragma_database_list where name = 'main'`.execute(database.db);
  return openDatabase({ dataDir: dirname(rows[0]!.file) });
}

// Two apps on one database stand for two instances behind a load balancer, each given one of two writes of the
// same check sheet that arrive together (a phone's retry landing on the other instance, a supervisor's device).
describe.each(testDatabases())("two instances writing one check sheet at once, on $name", ({ open }) => {
  const env = { DEFECT_ALERTS_PER_COMPANY_PER_HOUR: String(CAP) };
  const testApp = useTestApp(open, { now: () => NOW, prepare: seedSampleData, env: () => env });
  const { company, member } = organisationHelpers(testApp);
  let second: FastifyInstance;
  let secondDatabase: Database;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), "plant-sheets-second-instance-"));
    // Its own connections to the same database, as another server process has.
    secondDatabase = await openSameDatabase(testApp.database, dataDir);
    second = await buildApp({
      config: loadConfig({ PUBLIC_URL: ORIGIN, DATA_DIR: dataDir, ...env }),
      database: secondDatabase,
      now: () => NOW,
    });
  });
  afterAll(async () => {
    await second?.close();
    await secondDatabase?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const onSecond = (method: Method, url: string, cookie: string, payload?: object) =>
    second.inject({ method, url, payload, headers: { origin: ORIGIN, cookie } });
  /** The same request to both instances at the same moment. */
  const onBoth = (method: Method, url: string, who: Person, payloads: [object, object]) =>
    Promise.all([
      testApp.call(method, url, who.cookie, payloads[0]),
      onSecond(method, url, who.cookie, payloads[1]),
    ]);

  const sheet = (id: string, fields: Record<string, unknown> = {}) => ({
    ...signedCheckSheet("2025-06-09", { plantNumber: EXCAVATOR.plantNumber, photos: [] }),
    id,
    ...fields,
  });
  const completion = (id: string, notes: string) => ({
    checkSheetData: {
      ...sheet(id, { defectsNotes: notes }),
      submissionEmails: ["site.office@buildco.co.uk"],
    },
    supervisorRating: "happy",
  });
  const reportsOf = async (id: string) =>
    (
      await testApp.database.db
        .selectFrom("vehicle_defects")
        .select("id")
        .where("check_sheet_id", "=", id)
        .execute()
    ).length;
  const alertsTo = async (address: string) =>
    (await testApp.drainOutbox()).filter(
      (mail) => mail.subject.startsWith("Defect reported") && mail.to.includes(address),
    );
  const alertCount = async (of: Company) =>
    Number(
      (
        await testApp.database.db
          .selectFrom("rate_limits")
          .select("hits")
          .where("key", "=", `defect-alerts:organisation:${of.id}:${HOUR}`)
          .executeTakeFirst()
      )?.hits ?? 0,
    );

  it("completes it once: one answers 409, and one report, one workshop mail and one count are made", async () => {
    const acme = await company();
    const dave = await member(acme, "driver");
    await confirmWorkshop(testApp, acme, "workshop@acme.co.uk");
    await testApp.drainOutbox();
    for (let round = 0; round < ROUNDS; round += 1) {
      const id = randomUUID();
      await testApp.createDraft("check-sheets", dave.cookie, { ...sheet(id), status: "draft" });
      const answers = await onBoth("POST", "/api/one-step-completion/check-sheet", dave, [
        completion(id, "Tyre cut"),
        completion(id, "Tyre cut, beacon out"),
      ]);
      expect(
        answers.map((answer) => answer.statusCode).sort(),
        answers.map((a) => a.body).join("\n"),
      ).toEqual([200, 409]);
      expect(await reportsOf(id)).toBe(1);
      expect(await alertsTo("workshop@acme.co.uk")).toHaveLength(1);
    }
    expect(await alertCount(acme)).toBe(ROUNDS);
  });

  it("sends it for approval once from both: one report, one workshop mail and one count", async () => {
    const acme = await company("Both Ways Plant Ltd");
    const dave = await member(acme, "driver");
    await confirmWorkshop(testApp, acme, "yard@both-ways.co.uk");
    await testApp.drainOutbox();
    for (let round = 0; round < ROUNDS; round += 1) {
      const id = randomUUID();
      await testApp.createDraft("check-sheets", dave.cookie, { ...sheet(id), status: "draft" });
      const sent = { status: "ready_for_approval" };
      const answers = await onBoth("PUT", `/api/check-sheets/${id}`, dave, [sent, sent]);
      expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
      expect(await reportsOf(id)).toBe(1);
      expect(await alertsTo("yard@both-ways.co.uk")).toHaveLength(1);
    }
    expect(await alertCount(acme)).toBe(ROUNDS);
  });

  it("puts every report past the cap in one summary of the hour, however the instances interleave", async () => {
    const acme = await company("Busy Morning Plant Ltd");
    const drivers = [await member(acme, "driver"), await member(acme, "driver")];
    await confirmWorkshop(testApp, acme, "yard@busy-morning.co.uk");
    await testApp.drainOutbox();
    // Three times the cap, all at once, half on each instance: the cap's worth mailed, the rest in one summary.
    const answers = await Promise.all(
      Array.from({ length: 3 * CAP }, (_, i) => {
        const body = { ...sheet(randomUUID()), status: "ready_for_approval" };
        const who = drivers[i % 2]!;
        return i % 2 === 0
          ? testApp.call("POST", "/api/check-sheets", who.cookie, body)
          : onSecond("POST", "/api/check-sheets", who.cookie, body);
      }),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(3 * CAP).fill(201));
    const mails = (await testApp.drainOutbox()).filter((mail) => mail.to.includes("yard@busy-morning.co.uk"));
    const summaries = mails.filter((mail) => mail.subject.startsWith("Defect reports held back"));
    expect(mails.filter((mail) => mail.subject.startsWith("Defect reported"))).toHaveLength(CAP);
    expect(summaries).toHaveLength(1);
    expect(summaries[0]!.text).toContain(`${2 * CAP} defect reports`);
    const held = await testApp.database.db
      .selectFrom("vehicle_defects")
      .select("id")
      .where("organisation_id", "=", acme.id)
      .where("summary_hour", "=", HOUR)
      .execute();
    expect(held).toHaveLength(2 * CAP);
  });
});
