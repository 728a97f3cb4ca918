import { randomUUID } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CheckSheetSummarySchema, TimesheetSummarySchema } from "../../domain/api";
import { buildApp } from "../app";
import { SESSION_COOKIE } from "../auth/sessions";
import { loadConfig } from "../config";
import { findAccountByEmail } from "../db/accounts-repository";
import type { Database } from "../db/database";
import { type FormTable, getForm, insertForm, updateForm } from "../db/forms-repository";
import { testDatabases } from "../db/test-databases";
import { signedCheckSheet, signedTimesheet } from "../pdf/pdf-fixtures";
import { toApiForm } from "./form-routes";

const ORIGIN = "http://sheets.test";
const NOW = new Date("2025-06-07T15:00:00.000Z");
const at = (minutes: number) => new Date(NOW.getTime() + minutes * 60_000);

const KINDS = [
  {
    table: "timesheets",
    path: "/api/timesheets",
    date: "weekEnding",
    summarySchema: TimesheetSummarySchema,
    form: () => signedTimesheet() as unknown as Record<string, unknown>,
  },
  {
    table: "check_sheets",
    path: "/api/check-sheets",
    date: "checkDate",
    summarySchema: CheckSheetSummarySchema,
    form: () =>
      signedCheckSheet("2025-06-02", {
        photos: ["/photos/a.jpg", "/photos/b.jpg"],
        defectsNotes: 'A "quoted" note \\ with a backslash, braces {} and a \u00e9',
      }) as unknown as Record<string, unknown>,
  },
] as const;

describe.each(testDatabases())("reading forms on $name", ({ open }) => {
  let database: Database;
  let app: FastifyInstance;
  let counter = 0;

  beforeAll(async () => {
    database = await open();
    app = await buildApp({ config: loadConfig({ PUBLIC_URL: ORIGIN }), database, now: () => NOW });
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  /** A new account: its id and session cookie. */
  async function newDriver(): Promise<{ accountId: string; cookie: string }> {
    counter += 1;
    const res = await app.inject({
      method: "POST",
      url: "/api/drivers/register",
      headers: { origin: ORIGIN },
      payload: {
        fullName: `Reader ${counter}`,
        email: `reader${counter}@haulage.co.uk`,
        password: "secret1",
      },
    });
    const cookie = res.cookies.find((c) => c.name === SESSION_COOKIE);
    if (!cookie) throw new Error(`register failed: ${res.body}`);
    const account = await findAccountByEmail(database.db, `reader${counter}@haulage.co.uk`);
    return { accountId: account!.id, cookie: `${SESSION_COOKIE}=${cookie.value}` };
  }

  const get = (url: string, cookie?: string) => app.inject({ url, headers: cookie ? { cookie } : {} });

  describe.each(KINDS)("$path", (kind) => {
    const table = kind.table as FormTable;

    it("answers a form by id as the stored form with the row's fields, exactly as parsing it answered", async () => {
      const { accountId, cookie } = await newDriver();
      const id = randomUUID();
      const form = { ...kind.form(), status: "draft", id: "an-id-the-row-does-not-have" };
      await insertForm(database.db, table, { id, ownerId: accountId, status: "draft", data: form }, at(0));
      // Completed by a later write that changes the columns only: the row's status and times are the truth.
      await updateForm(
        database.db,
        table,
        accountId,
        id,
        { status: "completed", submittedAt: at(1).toISOString(), completedAt: at(2).toISOString() },
        { now: at(2) },
      );

      const res = await get(`${kind.path}/${id}`, cookie);
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toBe("application/json; charset=utf-8");
      expect(res.json()).toEqual({
        ...form,
        id,
        status: "completed",
        createdAt: at(0).toISOString(),
        updatedAt: at(2).toISOString(),
        submittedAt: at(1).toISOString(),
        completedAt: at(2).toISOString(),
      });
      // Byte for byte the answer the parsed record gave, so no key is there twice.
      const record = await getForm(database.db, table, accountId, id);
      expect(res.body).toBe(JSON.stringify(toApiForm(record!)));
    });

    it("answers a form saved through the API as it was saved", async () => {
      const { accountId, cookie } = await newDriver();
      const id = randomUUID();
      const created = await app.inject({
        method: "POST",
        url: kind.path,
        headers: { origin: ORIGIN, cookie },
        payload: { id, plantNumber: "EX-7", orderNumber: "P-9", driverSignedName: "Dave Digger" },
      });
      expect(created.statusCode).toBe(201);
      const res = await get(`${kind.path}/${id}`, cookie);
      const record = await getForm(database.db, table, accountId, id);
      expect(res.body).toBe(JSON.stringify(toApiForm(record!)));
      expect(res.json()).toMatchObject({ id, status: "draft", plantNumber: "EX-7", orderNumber: "P-9" });
    });

    it("answers 404 for another account's form or none, 400 for a bad id, 401 without a session", async () => {
      const owner = await newDriver();
      const other = await newDriver();
      const id = randomUUID();
      await insertForm(
        database.db,
        table,
        { id, ownerId: owner.accountId, status: "draft", data: {} },
        at(0),
      );
      expect((await get(`${kind.path}/${id}`, other.cookie)).statusCode).toBe(404);
      expect((await get(`${kind.path}/${randomUUID()}`, owner.cookie)).statusCode).toBe(404);
      expect((await get(`${kind.path}/not-a-uuid`, owner.cookie)).statusCode).toBe(400);
      expect((await get(`${kind.path}/${id}`)).statusCode).toBe(401);
      expect((await get(`${kind.path}/${id}`, owner.cookie)).json()).toEqual({
        id,
        status: "draft",
        createdAt: at(0).toISOString(),
        updatedAt: at(0).toISOString(),
        submittedAt: null,
        completedAt: null,
      });
    });

    it("pages through summaries made from the row's columns, newest first, without the stored form", async () => {
      const { accountId, cookie } = await newDriver();
      const { accountId: otherId } = await newDriver();
      const ids: string[] = [];
      for (let i = 0; i < 5; i++) {
        const id = randomUUID();
        ids.push(id);
        await insertForm(
          database.db,
          table,
          {
            id,
            ownerId: accountId,
            status: i === 2 ? "completed" : "draft",
            [kind.date]: `2025-06-0${i + 1}`,
            plantNumber: `EX-${i}`,
            driverSignedName: `Driver ${i}`,
            customerId: i === 4 ? null : `cust-${i}`,
            orderNumber: `P-${i}`,
            completedAt: i === 2 ? at(i).toISOString() : null,
            data: kind.form(),
          },
          // Two forms saved at the same instant: the id decides between them.
          at(Math.min(i, 3)),
        );
      }
      await insertForm(
        database.db,
        table,
        { id: randomUUID(), ownerId: otherId, status: "draft", data: {} },
        at(9),
      );
      const summary = (i: number) => ({
        id: ids[i],
        status: i === 2 ? "completed" : "draft",
        [kind.date]: `2025-06-0${i + 1}`,
        plantNumber: `EX-${i}`,
        driverSignedName: `Driver ${i}`,
        customerId: i === 4 ? null : `cust-${i}`,
        orderNumber: `P-${i}`,
        createdAt: at(Math.min(i, 3)).toISOString(),
        updatedAt: at(Math.min(i, 3)).toISOString(),
        submittedAt: null,
        completedAt: i === 2 ? at(i).toISOString() : null,
      });
      const newestFirst = [0, 1, 3, 4]
        .sort((a, b) => Math.min(b, 3) - Math.min(a, 3) || ids[b]!.localeCompare(ids[a]!))
        .map(summary);

      const items: unknown[] = [];
      let url = `${kind.path}?status=draft&limit=3`;
      for (;;) {
        const res = await get(url, cookie);
        expect(res.statusCode).toBe(200);
        const page = res.json();
        for (const item of page.items) kind.summarySchema.strict().parse(item);
        items.push(...page.items);
        if (page.nextCursor === null) break;
        url = `${kind.path}?status=draft&limit=3&cursor=${encodeURIComponent(page.nextCursor)}`;
      }
      expect(items).toEqual(newestFirst);

      const everything = (await get(`${kind.path}?limit=100`, cookie)).json();
      expect(everything).toEqual({
        items: [0, 1, 2, 3, 4]
          .sort((a, b) => Math.min(b, 3) - Math.min(a, 3) || ids[b]!.localeCompare(ids[a]!))
          .map(summary),
        nextCursor: null,
      });
      // The list without paging still answers whole forms.
      const whole = (await get(`${kind.path}?status=completed`, cookie)).json();
      expect(whole).toEqual([
        JSON.parse(JSON.stringify(toApiForm((await getForm(database.db, table, accountId, ids[2]!))!))),
      ]);
    });
  });
});
