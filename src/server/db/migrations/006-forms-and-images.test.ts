import { readFileSync } from "node:fs";
import type { FastifyInstance } from "fastify";
import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isImageRef } from "../../../domain/forms/image-ref";
import { fixtureApp } from "../../test-support/fixture-app";
import type { Database } from "../database";
import { migrateToLatest } from "../migrate";
import { migrateBefore, testDatabases } from "../test-databases";

/**
 * A database as the product made it before migration 006: its rows exactly as stored then, and every form as the
 * API answered it and as the read-only view showed it (with the fingerprints its PDFs print). Made with the
 * product's own API; see `madeBy` in the file.
 */
interface Fixture {
  tables: Record<
    "accounts" | "timesheets" | "check_sheets" | "supervisor_approvals",
    Record<string, unknown>[]
  >;
  forms: { kind: "timesheets" | "check-sheets"; id: string }[];
  answers: Record<string, Record<string, unknown>>;
  views: Record<
    string,
    {
      form: Record<string, unknown>;
      set?: Record<string, unknown> & { checkSheets: Record<string, unknown>[] };
    }
  >;
}
const fixture = JSON.parse(
  readFileSync(new URL("./fixtures/forms-before-006.json", import.meta.url), "utf8"),
) as Fixture;

const ORIGIN = "http://sheets.test";
const SIGNATURE_FIELDS = ["operatorSignature", "clientSignature", "foremanSignature"];

describe.each(testDatabases())("migration 006 on $name", ({ open }) => {
  let database: Database;
  let app: FastifyInstance;
  let cookies: Map<string, string>;
  let close: () => Promise<void>;

  beforeAll(async () => {
    database = await open({ migrate: false });
    const db = database.db as unknown as Kysely<Record<string, Record<string, unknown>>>;
    await migrateBefore(database.db, "006");
    for (const table of ["accounts", "timesheets", "check_sheets", "supervisor_approvals"] as const) {
      for (const row of fixture.tables[table]) await db.insertInto(table).values(row).execute();
    }
    await migrateToLatest(database.db);
    ({ app, cookies, close } = await fixtureApp(
      database,
      fixture.tables.accounts.map((account) => String(account.id)),
      ORIGIN,
    ));
  });
  afterAll(async () => {
    await close();
    await database.close();
  });

  const ownerOf = (id: string) => {
    const row = [...fixture.tables.timesheets, ...fixture.tables.check_sheets].find((form) => form.id === id);
    return cookies.get(String(row?.owner_id))!;
  };
  const get = (url: string, cookie: string) => app.inject({ method: "GET", url, headers: { cookie } });

  /** The value with every stored image's address replaced by the PNG data URL of the image's bytes. */
  async function withImagesInline<T extends Record<string, unknown>>(value: T, cookie: string): Promise<T> {
    const inline: Record<string, unknown> = { ...value };
    for (const field of SIGNATURE_FIELDS) {
      const ref = value[field];
      if (!isImageRef(ref)) continue;
      const image = await get(ref, cookie);
      expect(image.statusCode).toBe(200);
      expect(image.headers["content-type"]).toBe("image/png");
      inline[field] = `data:image/png;base64,${image.rawPayload.toString("base64")}`;
    }
    return inline as T;
  }

  it("reads every form back as it was, its signatures from their stored images", async () => {
    expect(fixture.forms).toHaveLength(9);
    for (const { kind, id } of fixture.forms) {
      const res = await get(`/api/${kind}/${id}`, ownerOf(id));
      expect(res.statusCode, res.body).toBe(200);
      expect(await withImagesInline(res.json(), ownerOf(id))).toEqual(fixture.answers[id]);
    }
  });

  it("shows every form's view with the fingerprint its PDF printed, and the set's approval as signed", async () => {
    for (const { id } of fixture.forms) {
      const res = await get(`/api/completed-forms/${id}`, ownerOf(id));
      expect(res.statusCode, res.body).toBe(200);
      const view = res.json();
      const before = fixture.views[id]!;
      expect(view.form.signedContentFingerprint).toBe(before.form.signedContentFingerprint);
      // The view now also names characters no font can print: the fixture's names are all printable.
      expect(await withImagesInline(view.form, ownerOf(id))).toEqual({
        ...before.form,
        unprintableCharacters: [],
      });
      if (before.set) {
        expect(
          view.set.checkSheets.map(
            (sheet: { signedContentFingerprint: string }) => sheet.signedContentFingerprint,
          ),
        ).toEqual(before.set.checkSheets.map((sheet) => sheet.signedContentFingerprint));
        expect(await withImagesInline(view.set.approval, ownerOf(id))).toEqual(before.set.approval);
      }
    }
  });

  it("stores each signature once, beside the forms, and keeps their rows small", async () => {
    const forms = await database.db.selectFrom("forms").select(["id", "kind", "data"]).execute();
    expect(forms).toHaveLength(9);
    const images = await database.db.selectFrom("images").select(["id", "byte_length"]).execute();
    // The fixture draws with two signatures, plus one kept inline (below): each stored once.
    expect(images).toHaveLength(2);
    for (const form of forms) {
      const fields = JSON.parse(form.data) as Record<string, unknown>;
      const inline = Object.values(fields).filter(
        (value) => typeof value === "string" && value.startsWith("data:"),
      );
      // Only the signature whose base64 is not the exact encoding of its bytes stays in its form, unchanged.
      if (inline.length > 0) {
        const before = fixture.tables.check_sheets.find((row) => row.id === form.id);
        expect(JSON.parse(String(before?.data)).operatorSignature).toBe(inline[0]);
      } else {
        expect(form.data.length).toBeLessThan(4096);
      }
    }
  });

  it("keeps the stored sets, now pointing at the one forms table", async () => {
    const sets = await database.db.selectFrom("supervisor_approvals").selectAll().execute();
    expect(sets).toHaveLength(1);
    const [set] = sets;
    const [before] = fixture.tables.supervisor_approvals;
    expect({ ...set, client_signature: null, foreman_signature: null }).toEqual({
      ...before,
      client_signature: null,
      foreman_signature: null,
    });
    expect(isImageRef(set?.client_signature)).toBe(true);
    expect(isImageRef(set?.foreman_signature)).toBe(true);
  });
});
