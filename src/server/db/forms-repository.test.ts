import { CompiledQuery, type KyselyPlugin } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertAccount } from "./accounts-repository";
import type { Database } from "./database";
import {
  deleteForm,
  deleteFormsByOwner,
  type FormTable,
  getForm,
  getFormByViewToken,
  getFormText,
  insertForm,
  listFormSummariesByOwner,
  listFormsByOwner,
  updateForm,
} from "./forms-repository";
import { isUniqueViolation } from "./is-unique-violation";
import { testDatabases } from "./test-databases";

const T0 = new Date("2025-03-03T07:00:00.000Z");
const minutes = (n: number) => new Date(T0.getTime() + n * 60_000);
const OWNER = "owner-a";
const OTHER = "owner-b";

/** Keeps every query run through the plugin, compiled as it was run: lets a test read a real query's plan. */
function capturingPlugin(database: Database): { plugin: KyselyPlugin; queries: CompiledQuery[] } {
  const queries: CompiledQuery[] = [];
  const plugin: KyselyPlugin = {
    transformQuery: ({ node, queryId }) => {
      queries.push(database.db.getExecutor().compileQuery(node, queryId));
      return node;
    },
    transformResult: async ({ result }) => result,
  };
  return { plugin, queries };
}

describe.each(testDatabases())("forms repository on $name", ({ name, open }) => {
  let database: Database;
  beforeAll(async () => {
    database = await open();
    for (const id of [OWNER, OTHER]) {
      await insertAccount(database.db, { id, fullName: id, email: `${id}@example.com`, passwordHash: "h" });
    }
  });
  afterAll(async () => {
    await database.close();
  });

  it("stores a timesheet with its columns and data, and reads it back for its owner", async () => {
    const data = {
      company: "Pennine Groundworks",
      mondayStart: "07:00",
      mondayNetHours: 9,
      signatures: [null],
    };
    const inserted = await insertForm(
      database.db,
      "timesheets",
      {
        id: "ts-1",
        ownerId: OWNER,
        status: "draft",
        driverSignedName: "Ann Driver",
        plantNumber: "EX-001",
        weekEnding: "2025-03-08",
        customerId: "pennine-groundworks",
        orderNumber: "P-100",
        data,
      },
      T0,
    );
    expect(inserted).toBe(true);
    expect(await getForm(database.db, "timesheets", OWNER, "ts-1")).toEqual({
      id: "ts-1",
      ownerId: OWNER,
      status: "draft",
      driverSignedName: "Ann Driver",
      plantNumber: "EX-001",
      weekEnding: "2025-03-08",
      customerId: "pennine-groundworks",
      orderNumber: "P-100",
      viewToken: null,
      data,
      createdAt: T0.toISOString(),
      updatedAt: T0.toISOString(),
      submittedAt: null,
      completedAt: null,
    });
  });

  it("stores a check sheet under its own date column", async () => {
    await insertForm(
      database.db,
      "check_sheets",
      { id: "cs-1", ownerId: OWNER, status: "draft", checkDate: "2025-03-04", data: { defectTyres: true } },
      T0,
    );
    const form = await getForm(database.db, "check_sheets", OWNER, "cs-1");
    expect(form).toMatchObject({ checkDate: "2025-03-04", data: { defectTyres: true }, plantNumber: null });
    expect(form).not.toHaveProperty("weekEnding");
    // The two tables are separate: the same id in the other table is not found.
    expect(await getForm(database.db, "timesheets", OWNER, "cs-1")).toBeUndefined();
  });

  it("treats a replayed create as a no-op that changes nothing", async () => {
    const again = await insertForm(database.db, "timesheets", {
      id: "ts-1",
      ownerId: OWNER,
      status: "completed",
      data: { company: "Replayed" },
    });
    expect(again).toBe(false);
    expect(await getForm(database.db, "timesheets", OWNER, "ts-1")).toMatchObject({
      status: "draft",
      data: { company: "Pennine Groundworks" },
    });
  });

  it("gives another owner nothing: no read, no list, no update, no delete", async () => {
    expect(await getForm(database.db, "timesheets", OTHER, "ts-1")).toBeUndefined();
    expect(await listFormsByOwner(database.db, "timesheets", OTHER)).toEqual([]);
    expect(
      await updateForm(database.db, "timesheets", OTHER, "ts-1", {
        status: "archived",
        data: { hacked: true },
      }),
    ).toBe(false);
    expect(await deleteForm(database.db, "timesheets", OTHER, "ts-1")).toBe(false);
    expect(await deleteFormsByOwner(database.db, "timesheets", OTHER, ["draft"])).toBe(0);
    expect(await getForm(database.db, "timesheets", OWNER, "ts-1")).toMatchObject({
      status: "draft",
      data: { company: "Pennine Groundworks" },
    });
  });

  it("updates only the given fields and stamps updated_at", async () => {
    const updated = await updateForm(
      database.db,
      "timesheets",
      OWNER,
      "ts-1",
      {
        status: "ready_for_approval",
        submittedAt: minutes(5).toISOString(),
        weekEnding: "2025-03-15",
        data: { v: 2 },
      },
      { now: minutes(5) },
    );
    expect(updated).toBe(true);
    expect(await getForm(database.db, "timesheets", OWNER, "ts-1")).toMatchObject({
      status: "ready_for_approval",
      submittedAt: minutes(5).toISOString(),
      weekEnding: "2025-03-15",
      plantNumber: "EX-001",
      orderNumber: "P-100",
      data: { v: 2 },
      createdAt: T0.toISOString(),
      updatedAt: minutes(5).toISOString(),
    });
  });

  it("updates only while the status allows it, so a completed form cannot be edited", async () => {
    await updateForm(database.db, "timesheets", OWNER, "ts-1", { status: "completed" }, { now: minutes(6) });
    const refused = await updateForm(
      database.db,
      "timesheets",
      OWNER,
      "ts-1",
      { data: { changed: true } },
      { onlyIfStatusIn: ["draft", "ready_for_approval"] },
    );
    expect(refused).toBe(false);
    expect(await getForm(database.db, "timesheets", OWNER, "ts-1")).toMatchObject({
      status: "completed",
      data: { v: 2 },
    });
    expect(await deleteForm(database.db, "timesheets", OWNER, "ts-1", { onlyIfStatusIn: ["draft"] })).toBe(
      false,
    );
  });

  it("lists an owner's forms newest first, filtered by status", async () => {
    const table: FormTable = "check_sheets";
    await insertForm(
      database.db,
      table,
      { id: "cs-2", ownerId: OWNER, status: "draft", data: {} },
      minutes(1),
    );
    await insertForm(
      database.db,
      table,
      { id: "cs-3", ownerId: OWNER, status: "completed", data: {} },
      minutes(2),
    );
    await insertForm(
      database.db,
      table,
      { id: "cs-other", ownerId: OTHER, status: "draft", data: {} },
      minutes(3),
    );

    const all = await listFormsByOwner(database.db, table, OWNER);
    expect(all.map((f) => f.id)).toEqual(["cs-3", "cs-2", "cs-1"]);
    const drafts = await listFormsByOwner(database.db, table, OWNER, { statuses: ["draft"] });
    expect(drafts.map((f) => f.id)).toEqual(["cs-2", "cs-1"]);
    expect(await listFormsByOwner(database.db, table, OWNER, { statuses: [] })).toEqual([]);
  });

  it("pages through an owner's forms newest first, ties by id, without gaps or repeats", async () => {
    const owner = "owner-pages";
    await insertAccount(database.db, {
      id: owner,
      fullName: owner,
      email: "pages@example.com",
      passwordHash: "h",
    });
    // p-b, p-c and p-d share one update time: the id decides their order.
    const forms = [
      ["p-a", 1, "draft"],
      ["p-b", 2, "draft"],
      ["p-c", 2, "completed"],
      ["p-d", 2, "draft"],
      ["p-e", 3, "draft"],
    ] as const;
    for (const [id, at, status] of forms) {
      await insertForm(database.db, "timesheets", { id, ownerId: owner, status, data: {} }, minutes(at));
    }
    const pages: string[][] = [];
    let after: { updatedAt: string; id: string } | undefined;
    for (;;) {
      const page = await listFormsByOwner(database.db, "timesheets", owner, { limit: 2, after });
      if (page.length === 0) break;
      pages.push(page.map((f) => f.id));
      const last = page.at(-1)!;
      after = { updatedAt: last.updatedAt, id: last.id };
    }
    expect(pages).toEqual([["p-e", "p-d"], ["p-c", "p-b"], ["p-a"]]);

    const firstDrafts = await listFormsByOwner(database.db, "timesheets", owner, {
      statuses: ["draft"],
      limit: 2,
    });
    expect(firstDrafts.map((f) => f.id)).toEqual(["p-e", "p-d"]);
    const nextDrafts = await listFormsByOwner(database.db, "timesheets", owner, {
      statuses: ["draft"],
      limit: 2,
      after: { updatedAt: minutes(2).toISOString(), id: "p-d" },
    });
    expect(nextDrafts.map((f) => f.id)).toEqual(["p-b", "p-a"]);
    expect(await listFormsByOwner(database.db, "timesheets", owner, { limit: 0 })).toEqual([]);
  });

  it("reads a form's stored text with its row fields, for its owner only", async () => {
    const owner = "owner-text";
    await insertAccount(database.db, {
      id: owner,
      fullName: owner,
      email: "text@example.com",
      passwordHash: "h",
    });
    const data = {
      status: "draft",
      id: "not-the-row-id",
      company: 'Quote " and \\ slash',
      nested: [{ a: 1 }],
    };
    await insertForm(
      database.db,
      "check_sheets",
      { id: "cs-text", ownerId: owner, status: "draft", checkDate: "2025-03-05", data },
      T0,
    );
    await updateForm(
      database.db,
      "check_sheets",
      owner,
      "cs-text",
      { status: "completed", completedAt: minutes(5).toISOString() },
      { now: minutes(5) },
    );
    expect(await getFormText(database.db, "check_sheets", owner, "cs-text")).toEqual({
      id: "cs-text",
      status: "completed",
      createdAt: T0.toISOString(),
      updatedAt: minutes(5).toISOString(),
      submittedAt: null,
      completedAt: minutes(5).toISOString(),
      // As stored: the form as it was saved, its own status and id not the row's.
      data: JSON.stringify(data),
    });
    expect(await getFormText(database.db, "check_sheets", OTHER, "cs-text")).toBeUndefined();
    expect(await getFormText(database.db, "timesheets", owner, "cs-text")).toBeUndefined();
    expect(await getFormText(database.db, "check_sheets", owner, "no-such-id")).toBeUndefined();
  });

  it("lists summaries from the row's columns, in the same order and pages as whole forms", async () => {
    const owner = "owner-summaries";
    await insertAccount(database.db, {
      id: owner,
      fullName: owner,
      email: "summaries@example.com",
      passwordHash: "h",
    });
    const forms = [
      ["s-a", 1, "draft"],
      ["s-b", 2, "ready_for_approval"],
      ["s-c", 2, "completed"],
      ["s-d", 2, "draft"],
      ["s-e", 3, "draft"],
    ] as const;
    for (const [id, at, status] of forms) {
      await insertForm(
        database.db,
        "timesheets",
        {
          id,
          ownerId: owner,
          status,
          weekEnding: "2025-03-08",
          plantNumber: `EX-${id}`,
          driverSignedName: `Driver ${id}`,
          customerId: `cust-${id}`,
          orderNumber: `P-${id}`,
          submittedAt: status === "draft" ? null : minutes(at).toISOString(),
          completedAt: status === "completed" ? minutes(at).toISOString() : null,
          data: { company: "Not in a summary", operatorSignature: "data:image/png;base64,AAAA" },
        },
        minutes(at),
      );
    }
    const summaries = await listFormSummariesByOwner(database.db, "timesheets", owner, {
      statuses: ["draft"],
    });
    expect(summaries).toEqual(
      ["s-e", "s-d", "s-a"].map((id) => {
        const at = forms.find((form) => form[0] === id)![1];
        return {
          id,
          status: "draft",
          weekEnding: "2025-03-08",
          plantNumber: `EX-${id}`,
          driverSignedName: `Driver ${id}`,
          customerId: `cust-${id}`,
          orderNumber: `P-${id}`,
          createdAt: minutes(at).toISOString(),
          updatedAt: minutes(at).toISOString(),
          submittedAt: null,
          completedAt: null,
        };
      }),
    );

    for (const statuses of [undefined, ["draft"] as const, ["draft", "completed"] as const]) {
      const whole = (await listFormsByOwner(database.db, "timesheets", owner, { statuses })).map((f) => f.id);
      const paged: string[] = [];
      let after: { updatedAt: string; id: string } | undefined;
      for (;;) {
        const page = await listFormSummariesByOwner(database.db, "timesheets", owner, {
          statuses,
          limit: 2,
          after,
        });
        if (page.length === 0) break;
        paged.push(...page.map((f) => f.id));
        after = { updatedAt: page.at(-1)!.updatedAt, id: page.at(-1)!.id };
      }
      expect(paged).toEqual(whole);
    }
    expect(await listFormSummariesByOwner(database.db, "timesheets", owner, { limit: 0 })).toEqual([]);
    expect(await listFormSummariesByOwner(database.db, "timesheets", owner, { statuses: [] })).toEqual([]);
    expect(await listFormSummariesByOwner(database.db, "check_sheets", owner)).toEqual([]);
  });

  // SQLite only: its plan is fixed by the query, while PostgreSQL's planner picks by table statistics, and on a
  // test table of a few rows it rightly prefers a scan.
  it.runIf(name === "sqlite")(
    "reads a page of summaries through the list indexes, seeking to the cursor",
    async () => {
      const { plugin, queries } = capturingPlugin(database);
      const after = { updatedAt: T0.toISOString(), id: "x" };
      for (const [table, statuses, index] of [
        ["timesheets", ["draft"], "timesheets_owner_status_updated_id_idx"],
        ["check_sheets", undefined, "check_sheets_owner_updated_id_idx"],
      ] as const) {
        await listFormSummariesByOwner(database.db.withPlugin(plugin), table, OWNER, {
          statuses,
          limit: 21,
          after,
        });
        const query = queries.at(-1)!;
        const plan = await database.db.executeQuery<{ detail: string }>(
          CompiledQuery.raw(`explain query plan ${query.sql}`, [...query.parameters]),
        );
        // One search of the index, in its order (no sort), starting at the cursor rather than at the newest form.
        expect(plan.rows.map((row) => row.detail)).toEqual([
          `SEARCH ${table} USING INDEX ${index} (owner_id=?${statuses ? " AND status=?" : ""} AND (updated_at,id)<(?,?))`,
        ]);
      }
    },
  );

  it("reads a form by its view token without an owner, and keeps tokens unique", async () => {
    await updateForm(database.db, "check_sheets", OWNER, "cs-3", { viewToken: "token-abc" });
    expect(await getFormByViewToken(database.db, "check_sheets", "token-abc")).toMatchObject({ id: "cs-3" });
    expect(await getFormByViewToken(database.db, "check_sheets", "token-xyz")).toBeUndefined();
    const error = await updateForm(database.db, "check_sheets", OWNER, "cs-2", {
      viewToken: "token-abc",
    }).catch((e: unknown) => e);
    expect(isUniqueViolation(error)).toBe(true);
  });

  it("keeps anonymous forms out of every owner's reach", async () => {
    await insertForm(database.db, "timesheets", {
      id: "anon-1",
      ownerId: null,
      status: "completed",
      data: {},
    });
    expect(await getForm(database.db, "timesheets", OWNER, "anon-1")).toBeUndefined();
    expect((await listFormsByOwner(database.db, "timesheets", OWNER)).map((f) => f.id)).not.toContain(
      "anon-1",
    );
  });

  it("deletes an owner's form, and clears an owner's drafts only", async () => {
    expect(await deleteForm(database.db, "check_sheets", OWNER, "cs-1")).toBe(true);
    expect(await getForm(database.db, "check_sheets", OWNER, "cs-1")).toBeUndefined();
    expect(await deleteFormsByOwner(database.db, "check_sheets", OWNER, ["draft"])).toBe(1);
    expect((await listFormsByOwner(database.db, "check_sheets", OWNER)).map((f) => f.id)).toEqual(["cs-3"]);
    expect((await listFormsByOwner(database.db, "check_sheets", OTHER)).map((f) => f.id)).toEqual([
      "cs-other",
    ]);
  });

  it("refuses a form whose owner does not exist", async () => {
    await expect(
      insertForm(database.db, "timesheets", { id: "ts-x", ownerId: "ghost", status: "draft", data: {} }),
    ).rejects.toThrow();
  });
});
