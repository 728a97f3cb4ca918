import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { CheckSheetSummarySchema, TimesheetSummarySchema } from "../../domain/api/api";
import { FORM_SPECS } from "../../domain/forms/form-specs";
import { findAccountByEmail } from "../db/accounts-repository";
import { getForm, insertForm, updateForm } from "../db/forms-repository";
import { testDatabases } from "../db/test-databases";
import { signedCheckSheet, signedTimesheet } from "../pdf/pdf-fixtures";
import { apiForm } from "../services/form-answers";
import { storedImageRef } from "../test-support/stored-image-ref";
import { ORIGIN, useTestApp } from "../test-support/test-app";

const NOW = new Date("2025-06-07T15:00:00.000Z");
const at = (minutes: number) => new Date(NOW.getTime() + minutes * 60_000);

const NOT_LISTED = { driverSignedName: "", plantNumber: "", customerId: "", orderNumber: "", date: null };

const KINDS = [
  {
    spec: FORM_SPECS.timesheet,
    summarySchema: TimesheetSummarySchema,
    form: () => signedTimesheet() as unknown as Record<string, unknown>,
  },
  {
    spec: FORM_SPECS["check-sheet"],
    summarySchema: CheckSheetSummarySchema,
    form: () =>
      signedCheckSheet("2025-06-02", {
        photos: [],
        defectsNotes: 'A "quoted" note \\ with a backslash, braces {} and Łukasz Wójcik-Śliwiński',
      }) as unknown as Record<string, unknown>,
  },
] as const;

describe.each(testDatabases())("reading forms on $name", ({ open }) => {
  const testApp = useTestApp(open, { now: () => NOW });

  /** A new account: its id and session cookie. */
  async function newDriver(): Promise<{ accountId: string; cookie: string }> {
    const { cookie, email } = await testApp.newAccount();
    const account = await findAccountByEmail(testApp.database.db, email);
    return { accountId: account!.id, cookie };
  }

  const get = (url: string, cookie?: string) =>
    testApp.app.inject({ url, headers: cookie ? { cookie } : {} });

  describe.each(KINDS)("$spec.apiPath", ({ spec, summarySchema, form }) => {
    const path = `/api${spec.apiPath}`;

    it("answers a form saved through the API as saved, its signatures as image addresses, with the row's status and times", async () => {
      const { accountId, cookie } = await newDriver();
      const id = randomUUID();
      // Saved as a draft: a form becomes completed through completion, never by saving.
      const { status: _completed, ...fields } = form();
      const created = await testApp.app.inject({
        method: "POST",
        url: path,
        headers: { origin: ORIGIN, cookie },
        payload: { ...fields, id },
      });
      expect(created.json()).toEqual({ id });
      expect(created.statusCode).toBe(201);
      // Completed by a later write that changes the columns only: the row's status and times are the truth.
      await updateForm(
        testApp.database.db,
        spec.kind,
        accountId,
        id,
        { status: "completed", submittedAt: at(1).toISOString(), completedAt: at(2).toISOString() },
        { now: at(2) },
      );

      const res = await get(`${path}/${id}`, cookie);
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toBe("application/json; charset=utf-8");
      const signatures = Object.fromEntries(
        spec.signatureFields.map((field) => [field, storedImageRef(fields[field] as string)]),
      );
      expect(res.json()).toEqual({
        ...fields,
        ...signatures,
        id,
        status: "completed",
        createdAt: NOW.toISOString(),
        updatedAt: at(2).toISOString(),
        submittedAt: at(1).toISOString(),
        completedAt: at(2).toISOString(),
      });
      // The row holds only the form's fields: every signature is an address of a stored image.
      const stored = await getForm(testApp.database.db, spec.kind, accountId, id);
      expect(JSON.stringify(stored?.fields)).not.toContain("data:image");
      expect(JSON.stringify(stored?.fields).length).toBeLessThan(4096);
    });

    it("answers 404 for another account's form, another kind's or none, 400 for a bad id, 401 without a session", async () => {
      const owner = await newDriver();
      const other = await newDriver();
      const id = randomUUID();
      const otherKind = KINDS.find((kind) => kind.spec !== spec)!.spec;
      await insertForm(
        testApp.database.db,
        { id, kind: spec.kind, ownerId: owner.accountId, status: "draft", listed: NOT_LISTED, fields: {} },
        at(0),
      );
      expect((await get(`${path}/${id}`, other.cookie)).statusCode).toBe(404);
      expect((await get(`/api${otherKind.apiPath}/${id}`, owner.cookie)).statusCode).toBe(404);
      expect((await get(`${path}/${randomUUID()}`, owner.cookie)).statusCode).toBe(404);
      expect((await get(`${path}/not-a-uuid`, owner.cookie)).statusCode).toBe(400);
      expect((await get(`${path}/${id}`)).statusCode).toBe(401);
      expect((await get(`${path}/${id}`, owner.cookie)).json()).toEqual({
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
          testApp.database.db,
          {
            id,
            kind: spec.kind,
            ownerId: accountId,
            status: i === 2 ? "completed" : "draft",
            listed: {
              driverSignedName: `Driver ${i}`,
              plantNumber: `EX-${i}`,
              customerId: i === 4 ? "" : `cust-${i}`,
              orderNumber: `P-${i}`,
              date: `2025-06-0${i + 1}`,
            },
            completedAt: i === 2 ? at(i).toISOString() : null,
            fields: form(),
          },
          // Two forms saved at the same instant: the id decides between them.
          at(Math.min(i, 3)),
        );
      }
      await insertForm(
        testApp.database.db,
        {
          id: randomUUID(),
          kind: spec.kind,
          ownerId: otherId,
          status: "draft",
          listed: NOT_LISTED,
          fields: {},
        },
        at(9),
      );
      const summary = (i: number) => ({
        id: ids[i],
        status: i === 2 ? "completed" : "draft",
        [spec.dateField]: `2025-06-0${i + 1}`,
        plantNumber: `EX-${i}`,
        driverSignedName: `Driver ${i}`,
        customerId: i === 4 ? "" : `cust-${i}`,
        orderNumber: `P-${i}`,
        createdAt: at(Math.min(i, 3)).toISOString(),
        updatedAt: at(Math.min(i, 3)).toISOString(),
        submittedAt: null,
        completedAt: i === 2 ? at(i).toISOString() : null,
      });
      const newestFirst = (indexes: number[]) =>
        indexes
          .sort((a, b) => Math.min(b, 3) - Math.min(a, 3) || ids[b]!.localeCompare(ids[a]!))
          .map(summary);

      const items: unknown[] = [];
      let url = `${path}?status=draft&limit=3`;
      for (;;) {
        const res = await get(url, cookie);
        expect(res.statusCode).toBe(200);
        const page = res.json();
        for (const item of page.items) summarySchema.strict().parse(item);
        items.push(...page.items);
        if (page.nextCursor === null) break;
        url = `${path}?status=draft&limit=3&cursor=${encodeURIComponent(page.nextCursor)}`;
      }
      expect(items).toEqual(newestFirst([0, 1, 3, 4]));
      expect((await get(`${path}?limit=100`, cookie)).json()).toEqual({
        items: newestFirst([0, 1, 2, 3, 4]),
        nextCursor: null,
      });
      expect((await get(`${path}?limit=3&cursor=not-a-cursor`, cookie)).statusCode).toBe(400);
      // The list without paging still answers whole forms.
      const whole = (await get(`${path}?status=completed`, cookie)).json();
      const completed = await getForm(testApp.database.db, spec.kind, accountId, ids[2]!);
      expect(whole).toEqual([JSON.parse(JSON.stringify(apiForm(completed!)))]);
    });
  });
});
