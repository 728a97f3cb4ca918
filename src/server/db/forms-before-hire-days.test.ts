import { readFileSync } from "node:fs";
import type { FastifyInstance } from "fastify";
import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isImageRef } from "../../domain/forms/image-ref";
import type { TimesheetFields } from "../../domain/hours/timesheet";
import type { SupervisorApproval } from "../../domain/sets/rating";
import { DAYS } from "../../domain/time/days";
import { pdfText } from "../pdf/pdf-text";
import { approvalFingerprint } from "../pdf/signed-content-fingerprint";
import { renderTimesheetPdf } from "../pdf/timesheet-pdf";
import { fixtureApp } from "../test-support/fixture-app";
import { printedFingerprint } from "../test-support/printed-fingerprint";
import type { Database } from "./database";
import { MIGRATIONS, migrateToLatest } from "./migrate";
import { migrateBefore, testDatabases } from "./test-databases";

/**
 * A database as the product made it before each timesheet day had hours by kind (`hireDays`) and hire terms
 * (`hireTerms`): its rows exactly as stored then (image bytes as base64), every form as the API answered it and
 * as the read-only view showed it, and the fingerprint each mailed PDF printed, by form or set. Made with the
 * product's own API; see `madeBy` in the file.
 */
interface Fixture {
  /** The last migration the database had. */
  migration: string;
  tables: Record<string, Record<string, unknown>[]>;
  forms: { kind: "timesheets" | "check-sheets"; id: string }[];
  answers: Record<string, Record<string, unknown>>;
  views: Record<
    string,
    {
      form: Record<string, unknown> & { signedContentFingerprint: string };
      set?: Record<string, unknown> & {
        approval: Record<string, unknown> | null;
        checkSheets: { signedContentFingerprint: string }[];
      };
    }
  >;
  printed: Record<string, string>;
}
const fixture = JSON.parse(
  readFileSync(new URL("./migrations/fixtures/forms-before-hire-days.json", import.meta.url), "utf8"),
) as Fixture;

const ORIGIN = "http://sheets.test";
/** Each day's words: what a driver wrote per day before hours by kind. */
const DAY_WORDS = ["Working", "Standing", "Breakdown", "SiteLocation"] as const;

/** A stored row with its image bytes, which the file holds as base64, as bytes again. */
const rowOf = (row: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(row).map(([key, value]) => [
      key,
      value !== null && typeof value === "object" && "base64" in value
        ? Buffer.from(String(value.base64), "base64")
        : value,
    ]),
  );

const flat = (text: string) => text.replace(/\s+/g, " ");

describe.each(testDatabases())("forms saved before hours by kind, on $name", ({ open }) => {
  let database: Database;
  let app: FastifyInstance;
  let cookies: Map<string, string>;
  let close: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    database = await open({ migrate: false });
    const names = Object.keys(MIGRATIONS);
    expect(names).toContain(fixture.migration);
    const next = names[names.indexOf(fixture.migration) + 1];
    if (next) await migrateBefore(database.db, next);
    else await migrateToLatest(database.db);
    const db = database.db as unknown as Kysely<Record<string, Record<string, unknown>>>;
    for (const [table, rows] of Object.entries(fixture.tables)) {
      for (const row of rows) await db.insertInto(table).values(rowOf(row)).execute();
    }
    await migrateToLatest(database.db);
    ({ app, cookies, close } = await fixtureApp(
      database,
      fixture.tables.accounts!.map((account) => String(account.id)),
      ORIGIN,
    ));
  });
  afterAll(async () => {
    await close?.();
    await database?.close();
  });

  const ownerOf = (id: string) =>
    cookies.get(String(fixture.tables.forms!.find((form) => form.id === id)?.owner_id))!;
  const call = (method: "GET" | "PUT", url: string, cookie: string, payload?: object) =>
    app.inject({ method, url, payload, headers: { origin: ORIGIN, cookie } });
  const timesheets = fixture.forms.filter((form) => form.kind === "timesheets");

  /** The value with every stored image's address replaced by the PNG data URL of the image's bytes. */
  async function withImagesInline<T extends Record<string, unknown>>(value: T, cookie: string): Promise<T> {
    const inline: Record<string, unknown> = { ...value };
    for (const [field, ref] of Object.entries(value)) {
      if (!isImageRef(ref)) continue;
      const image = await call("GET", ref, cookie);
      expect(image.statusCode).toBe(200);
      inline[field] = `data:image/png;base64,${image.rawPayload.toString("base64")}`;
    }
    return inline as T;
  }

  it("holds drafts, a week sent for approval, completed and approved weeks, and check sheets", () => {
    const statuses = fixture.forms.map(({ id }) => fixture.answers[id]!.status);
    expect(timesheets).toHaveLength(7);
    expect(statuses).toEqual(expect.arrayContaining(["draft", "ready_for_approval", "completed"]));
    expect(fixture.forms.filter((form) => form.kind === "check-sheets")).toHaveLength(2);
  });

  it("reads every form back through the API as it was, with no hours by kind or hire terms", async () => {
    for (const { kind, id } of fixture.forms) {
      const res = await call("GET", `/api/${kind}/${id}`, ownerOf(id));
      expect(res.statusCode, res.body).toBe(200);
      const answer = res.json();
      expect(answer).not.toHaveProperty("hireDays");
      expect(answer).not.toHaveProperty("hireTerms");
      expect(answer, `${kind} ${id}`).toEqual(fixture.answers[id]);
    }
  });

  it("shows every form's read-only view as it was, with the fingerprint its PDF printed", async () => {
    for (const { kind, id } of fixture.forms) {
      const res = await call("GET", `/api/completed-forms/${id}`, ownerOf(id));
      expect(res.statusCode, res.body).toBe(200);
      const view = res.json();
      const before = fixture.views[id]!;
      expect(view.form.signedContentFingerprint, `${kind} ${id}`).toBe(before.form.signedContentFingerprint);
      expect(view.form).not.toHaveProperty("hireDays");
      expect(view, `${kind} ${id}`).toEqual(before);
      if (fixture.printed[id]) expect(view.form.signedContentFingerprint).toBe(fixture.printed[id]);
    }
  });

  it("still proves the approved set's mailed pack: its approval over the forms' fingerprints", async () => {
    const sets = fixture.forms.filter(({ id }) => fixture.views[id]!.set?.approval);
    expect(sets).toHaveLength(1);
    for (const { id } of sets) {
      const view = (await call("GET", `/api/completed-forms/${id}`, ownerOf(id))).json();
      const approval = await withImagesInline(view.set.approval, ownerOf(id));
      const forms = [
        view.form.signedContentFingerprint,
        ...view.set.checkSheets.map(
          (sheet: { signedContentFingerprint: string }) => sheet.signedContentFingerprint,
        ),
      ];
      expect(approvalFingerprint(approval as SupervisorApproval, forms)).toBe(fixture.printed[view.set.id]);
    }
  });

  it("prints each week's words per day in the old columns, with the fingerprint it printed", async () => {
    for (const { id } of timesheets) {
      const answer = (await call("GET", `/api/timesheets/${id}`, ownerOf(id))).json();
      const pdf = await renderTimesheetPdf({
        timesheet: (await withImagesInline(answer, ownerOf(id))) as TimesheetFields,
        rating: "happy",
        generatedAt: new Date("2025-06-08T16:00:00.000Z"),
      });
      const text = flat(await pdfText(pdf));
      expect(text).toMatch(/WORKING STANDING BREAKDOWN \/ SITE LOCATION/);
      for (const day of DAYS) {
        for (const suffix of DAY_WORDS) {
          const words = String(answer[`${day}${suffix}`]).trim();
          if (words) expect(text, `${id} ${day}${suffix}`).toContain(flat(words));
        }
      }
      expect(await printedFingerprint(pdf)).toBe(fixture.views[id]!.form.signedContentFingerprint);
      if (fixture.printed[id]) expect(await printedFingerprint(pdf)).toBe(fixture.printed[id]);
    }
  });

  /** A saved timesheet's stored fields, as the database holds them. */
  const storedFields = async (id: string) =>
    JSON.parse(
      (await database.db.selectFrom("forms").select("data").where("id", "=", id).executeTakeFirstOrThrow())
        .data,
    ) as Record<string, unknown>;

  it("saves an old draft again with its words per day kept and no hours by kind added", async () => {
    const drafts = timesheets.filter(({ id }) => fixture.answers[id]!.status === "draft");
    expect(drafts.length).toBeGreaterThan(0);
    for (const { id } of drafts) {
      const before = fixture.answers[id]!;
      const res = await call("PUT", `/api/timesheets/${id}`, ownerOf(id), {
        siteLocation: "Riverside North",
      });
      expect(res.statusCode, res.body).toBe(200);
      const answer = (await call("GET", `/api/timesheets/${id}`, ownerOf(id))).json();
      expect(answer).not.toHaveProperty("hireDays");
      expect(answer).not.toHaveProperty("hireTerms");
      expect(answer).toEqual({ ...before, siteLocation: "Riverside North", updatedAt: answer.updatedAt });
      const stored = await storedFields(id);
      expect(stored).not.toHaveProperty("hireDays");
      expect(stored).not.toHaveProperty("hireTerms");
    }
  });

  it("sends a week the office sent back again with its words per day, as they were", async () => {
    const sentBack = timesheets.filter(({ id }) => fixture.answers[id]!.sentBack);
    expect(sentBack).toHaveLength(1);
    for (const { id } of sentBack) {
      const before = fixture.answers[id]!;
      const res = await call("PUT", `/api/timesheets/${id}`, ownerOf(id), {
        fridayBreakdown: "Track tensioner seal failed: stood down at noon",
        status: "ready_for_approval",
      });
      expect(res.statusCode, res.body).toBe(200);
      const answer = (await call("GET", `/api/timesheets/${id}`, ownerOf(id))).json();
      expect(answer).not.toHaveProperty("hireDays");
      expect(answer).not.toHaveProperty("hireTerms");
      expect(answer.status).toBe("ready_for_approval");
      for (const day of DAYS) {
        for (const suffix of DAY_WORDS) {
          const field = `${day}${suffix}`;
          if (field !== "fridayBreakdown") expect(answer[field], field).toBe(before[field]);
        }
      }
      expect(answer.fridayBreakdown).toBe("Track tensioner seal failed: stood down at noon");
      expect(await storedFields(id)).not.toHaveProperty("hireDays");
    }
  });
});
