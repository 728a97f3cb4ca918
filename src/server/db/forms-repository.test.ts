import { CompiledQuery, type KyselyPlugin } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FormKind } from "../../domain/forms/form-spec";
import { insertAccount } from "./accounts-repository";
import type { Database } from "./database";
import {
  deleteForm,
  getForm,
  getFormByViewToken,
  getOwnForm,
  insertForm,
  type ListedColumns,
  lastOrderNumbers,
  listFormSummaries,
  listForms,
  listOrganisationFormsInSpans,
  type NewForm,
  updateForm,
} from "./forms-repository";
import { isUniqueViolation } from "./is-unique-violation";
import { insertOrganisation } from "./organisations-repository";
import { testDatabases, useTestDatabase } from "./test-databases";

const T0 = new Date("2025-03-03T07:00:00.000Z");
const minutes = (n: number) => new Date(T0.getTime() + n * 60_000);
const OWNER = "owner-a";
const OTHER = "owner-b";

const NOT_LISTED: ListedColumns = {
  driverSignedName: "",
  plantNumber: "",
  customerId: "",
  orderNumber: "",
  date: null,
};

function newForm(form: Partial<NewForm> & Pick<NewForm, "id" | "ownerId">): NewForm {
  return { kind: "timesheet", status: "draft", listed: NOT_LISTED, fields: {}, ...form };
}

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
  const ids = async (kind: NewForm["kind"], owner: string, statuses?: NewForm["status"][]) =>
    (await listForms(database.db, kind, owner, { statuses })).map((form) => form.id);
  /** An account that owns forms, named and addressed after its id. */
  const addOwner = (id: string) =>
    insertAccount(database.db, { id, fullName: id, email: `${id}@example.com`, passwordHash: "h" });

  beforeAll(async () => {
    database = await open();
    for (const id of [OWNER, OTHER]) {
      await addOwner(id);
    }
  });
  afterAll(async () => {
    await database.close();
  });

  it("stores a timesheet with its listed columns and fields, and reads it back for its owner", async () => {
    const fields = {
      company: "Pennine Groundworks",
      mondayStart: "07:00",
      operatorSignature: "/api/images/ab",
    };
    const listed = {
      driverSignedName: "Ann Driver",
      plantNumber: "EX-001",
      customerId: "pennine-groundworks",
      orderNumber: "P-100",
      date: "2025-03-08",
    };
    expect(await insertForm(database.db, newForm({ id: "ts-1", ownerId: OWNER, listed, fields }), T0)).toBe(
      true,
    );
    const expected = {
      id: "ts-1",
      kind: "timesheet",
      ownerId: OWNER,
      status: "draft",
      viewToken: null,
      date: "2025-03-08",
      fields,
      createdAt: T0.toISOString(),
      updatedAt: T0.toISOString(),
      submittedAt: null,
      completedAt: null,
      // An individual's: in no company, so neither approved, sent back nor reopened by one (decision record 029).
      organisationId: null,
      reviewApprovedAt: null,
      sentBack: null,
      amendedAfterApproval: null,
      // Never returned by a company's office, so never resubmitted either (decision record 040).
      returnedData: null,
      returnedFingerprint: null,
      resubmittedAt: null,
      resubmittedChanges: null,
    };
    expect(await getForm(database.db, "timesheet", OWNER, "ts-1")).toEqual(expected);
    expect(await getOwnForm(database.db, OWNER, "ts-1")).toEqual(expected);
  });

  it("keeps kinds apart: a check sheet is not found as a timesheet", async () => {
    await insertForm(
      database.db,
      newForm({
        id: "cs-1",
        kind: "check-sheet",
        ownerId: OWNER,
        listed: { ...NOT_LISTED, date: "2025-03-04" },
        fields: { defectTyres: true },
      }),
      T0,
    );
    expect(await getForm(database.db, "check-sheet", OWNER, "cs-1")).toMatchObject({
      kind: "check-sheet",
      date: "2025-03-04",
      fields: { defectTyres: true },
    });
    expect(await getForm(database.db, "timesheet", OWNER, "cs-1")).toBeUndefined();
    expect(
      await updateForm(database.db, "timesheet", OWNER, "cs-1", { status: "archived" }, { now: T0 }),
    ).toBe(false);
    expect(await deleteForm(database.db, "timesheet", OWNER, "cs-1")).toBe(false);
  });

  it("treats a replayed create as a no-op that changes nothing", async () => {
    const again = newForm({
      id: "ts-1",
      ownerId: OWNER,
      status: "completed",
      fields: { company: "Replayed" },
    });
    expect(await insertForm(database.db, again, minutes(1))).toBe(false);
    expect(await getForm(database.db, "timesheet", OWNER, "ts-1")).toMatchObject({
      status: "draft",
      fields: { company: "Pennine Groundworks" },
    });
  });

  it("gives another owner nothing: no read, no list, no update, no delete", async () => {
    expect(await getForm(database.db, "timesheet", OTHER, "ts-1")).toBeUndefined();
    expect(await getOwnForm(database.db, OTHER, "ts-1")).toBeUndefined();
    expect(await listForms(database.db, "timesheet", OTHER)).toEqual([]);
    expect(await listFormSummaries(database.db, "timesheet", OTHER)).toEqual([]);
    expect(
      await updateForm(
        database.db,
        "timesheet",
        OTHER,
        "ts-1",
        { status: "archived", fields: { hacked: true } },
        { now: T0 },
      ),
    ).toBe(false);
    expect(await deleteForm(database.db, "timesheet", OTHER, "ts-1")).toBe(false);
    expect(await getForm(database.db, "timesheet", OWNER, "ts-1")).toMatchObject({
      status: "draft",
      fields: { company: "Pennine Groundworks" },
    });
  });

  it("updates only what the patch holds and stamps updated_at", async () => {
    const updated = await updateForm(
      database.db,
      "timesheet",
      OWNER,
      "ts-1",
      { status: "ready_for_approval", submittedAt: minutes(5).toISOString(), fields: { v: 2 } },
      { now: minutes(5) },
    );
    expect(updated).toBe(true);
    expect(await getForm(database.db, "timesheet", OWNER, "ts-1")).toMatchObject({
      status: "ready_for_approval",
      submittedAt: minutes(5).toISOString(),
      date: "2025-03-08",
      fields: { v: 2 },
      createdAt: T0.toISOString(),
      updatedAt: minutes(5).toISOString(),
    });
    const [summary] = await listFormSummaries(database.db, "timesheet", OWNER, {
      statuses: ["ready_for_approval"],
    });
    expect(summary).toMatchObject({ id: "ts-1", plantNumber: "EX-001", orderNumber: "P-100" });
  });

  it("updates only while the status allows it, so a completed form cannot be edited", async () => {
    await updateForm(database.db, "timesheet", OWNER, "ts-1", { status: "completed" }, { now: minutes(6) });
    const refused = await updateForm(
      database.db,
      "timesheet",
      OWNER,
      "ts-1",
      { fields: { changed: true } },
      { now: minutes(7), onlyIfStatusIn: ["draft", "ready_for_approval"] },
    );
    expect(refused).toBe(false);
    expect(
      await updateForm(
        database.db,
        "timesheet",
        OWNER,
        "ts-1",
        { fields: {} },
        { now: T0, onlyIfStatusIn: [] },
      ),
    ).toBe(false);
    expect(await getForm(database.db, "timesheet", OWNER, "ts-1")).toMatchObject({
      status: "completed",
      fields: { v: 2 },
      updatedAt: minutes(6).toISOString(),
    });
  });

  it("lists an owner's forms of one kind newest first, filtered by status", async () => {
    const checkSheet = (id: string, ownerId: string, status: NewForm["status"]) =>
      newForm({ id, ownerId, status, kind: "check-sheet" });
    await insertForm(database.db, checkSheet("cs-2", OWNER, "draft"), minutes(1));
    await insertForm(database.db, checkSheet("cs-3", OWNER, "completed"), minutes(2));
    await insertForm(database.db, checkSheet("cs-other", OTHER, "draft"), minutes(3));

    expect(await ids("check-sheet", OWNER)).toEqual(["cs-3", "cs-2", "cs-1"]);
    expect(await ids("check-sheet", OWNER, ["draft"])).toEqual(["cs-2", "cs-1"]);
    expect(await ids("check-sheet", OWNER, [])).toEqual([]);
  });

  it("pages through an owner's forms newest first, ties by id, without gaps or repeats", async () => {
    const owner = "owner-pages";
    await addOwner(owner);
    // p-b, p-c and p-d share one update time: the id decides their order.
    const forms = [
      ["p-a", 1, "draft"],
      ["p-b", 2, "draft"],
      ["p-c", 2, "completed"],
      ["p-d", 2, "draft"],
      ["p-e", 3, "draft"],
    ] as const;
    for (const [id, at, status] of forms) {
      await insertForm(database.db, newForm({ id, ownerId: owner, status }), minutes(at));
    }
    for (const statuses of [undefined, ["draft"] as const, ["draft", "completed"] as const]) {
      const whole = await ids("timesheet", owner, statuses && [...statuses]);
      for (const list of [listForms, listFormSummaries]) {
        const pages: string[][] = [];
        let after: { updatedAt: string; id: string } | undefined;
        for (;;) {
          const page = await list(database.db, "timesheet", owner, { statuses, limit: 2, after });
          if (page.length === 0) break;
          pages.push(page.map((form) => form.id));
          after = { updatedAt: page.at(-1)!.updatedAt, id: page.at(-1)!.id };
        }
        expect(pages.every((page) => page.length <= 2)).toBe(true);
        expect(pages.flat()).toEqual(whole);
      }
    }
    expect(await ids("timesheet", owner)).toEqual(["p-e", "p-d", "p-c", "p-b", "p-a"]);
    expect(await listForms(database.db, "timesheet", owner, { limit: 0 })).toEqual([]);
    expect(await listFormSummaries(database.db, "timesheet", owner, { limit: 0 })).toEqual([]);
  });

  it("lists summaries from the row's columns, never its fields", async () => {
    const owner = "owner-summaries";
    await addOwner(owner);
    await insertForm(
      database.db,
      newForm({
        id: "s-a",
        ownerId: owner,
        status: "completed",
        submittedAt: minutes(1).toISOString(),
        completedAt: minutes(2).toISOString(),
        listed: {
          driverSignedName: "Łukasz Wójcik",
          plantNumber: "EX-9",
          customerId: "c-1",
          orderNumber: "P-9",
          date: "2025-03-08",
        },
        fields: { company: "Not in a summary" },
      }),
      T0,
    );
    expect(await listFormSummaries(database.db, "timesheet", owner)).toEqual([
      {
        id: "s-a",
        status: "completed",
        date: "2025-03-08",
        plantNumber: "EX-9",
        driverSignedName: "Łukasz Wójcik",
        customerId: "c-1",
        orderNumber: "P-9",
        createdAt: T0.toISOString(),
        updatedAt: T0.toISOString(),
        submittedAt: minutes(1).toISOString(),
        completedAt: minutes(2).toISOString(),
        // An individual's form: no company state.
        company: null,
      },
    ]);
    expect(await listFormSummaries(database.db, "check-sheet", owner)).toEqual([]);
  });

  // SQLite only: its plan is fixed by the query, while PostgreSQL's planner picks by table statistics, and on a
  // test table of a few rows it rightly prefers a scan.
  it.runIf(name === "sqlite")(
    "reads a page of summaries through the list indexes, seeking to the cursor",
    async () => {
      const { plugin, queries } = capturingPlugin(database);
      const after = { updatedAt: T0.toISOString(), id: "x" };
      for (const [statuses, index] of [
        [["draft"], "forms_owner_kind_status_updated_id_idx"],
        [undefined, "forms_owner_kind_updated_id_idx"],
      ] as const) {
        await listFormSummaries(database.db.withPlugin(plugin), "check-sheet", OWNER, {
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
          `SEARCH forms USING INDEX ${index} (owner_id=? AND kind=?${statuses ? " AND status=?" : ""} AND (updated_at,id)<(?,?))`,
        ]);
      }
    },
  );

  it("reads a form by its view token without an owner, and keeps tokens unique", async () => {
    await updateForm(
      database.db,
      "check-sheet",
      OWNER,
      "cs-3",
      { viewToken: "token-abc" },
      { now: minutes(10) },
    );
    expect(await getFormByViewToken(database.db, "token-abc")).toMatchObject({
      id: "cs-3",
      kind: "check-sheet",
    });
    expect(await getFormByViewToken(database.db, "token-xyz")).toBeUndefined();
    const error = await updateForm(
      database.db,
      "check-sheet",
      OWNER,
      "cs-2",
      { viewToken: "token-abc" },
      { now: T0 },
    ).catch((e: unknown) => e);
    expect(isUniqueViolation(error)).toBe(true);
  });

  it("keeps anonymous forms out of every owner's reach", async () => {
    await insertForm(database.db, newForm({ id: "anon-1", ownerId: null, status: "completed" }), T0);
    expect(await getForm(database.db, "timesheet", OWNER, "anon-1")).toBeUndefined();
    expect(await getOwnForm(database.db, OWNER, "anon-1")).toBeUndefined();
    expect(await ids("timesheet", OWNER)).not.toContain("anon-1");
  });

  it("deletes an owner's form and only that", async () => {
    expect(await deleteForm(database.db, "check-sheet", OWNER, "cs-1")).toBe(true);
    expect(await getForm(database.db, "check-sheet", OWNER, "cs-1")).toBeUndefined();
    expect(await deleteForm(database.db, "check-sheet", OWNER, "cs-1")).toBe(false);
    expect(await ids("check-sheet", OWNER)).toEqual(["cs-3", "cs-2"]);
    expect(await ids("check-sheet", OTHER)).toEqual(["cs-other"]);
  });

  it("reads an organisation's forms on each owner's own spans, owners sharing dates or not", async () => {
    const third = "owner-c";
    await addOwner(third);
    for (const id of ["org-spans", "org-other"]) {
      await insertOrganisation(database.db, { id, name: id, createdAt: T0.toISOString() });
    }
    const made: Array<[string, string, string, string]> = [
      // [id, owner, date, organisation]
      ["sp-a1", OWNER, "2025-03-03", "org-spans"],
      ["sp-a2", OWNER, "2025-03-17", "org-spans"],
      ["sp-a3", OWNER, "2025-03-10", "org-spans"],
      ["sp-b1", OTHER, "2025-03-03", "org-spans"],
      ["sp-b2", OTHER, "2025-03-17", "org-spans"],
      ["sp-c1", third, "2025-03-17", "org-spans"],
      ["sp-c2", third, "2025-03-03", "org-other"],
    ];
    for (const [id, ownerId, date, organisationId] of made) {
      await insertForm(
        database.db,
        newForm({ id, ownerId, kind: "check-sheet", organisationId, listed: { ...NOT_LISTED, date } }),
        T0,
      );
    }
    const read = await listOrganisationFormsInSpans(database.db, "org-spans", [
      { ownerId: OWNER, from: "2025-03-01", to: "2025-03-05" },
      { ownerId: OTHER, from: "2025-03-01", to: "2025-03-05" },
      { ownerId: OWNER, from: "2025-03-15", to: "2025-03-18" },
      { ownerId: third, from: "2025-03-01", to: "2025-03-18" },
    ]);
    expect(read.map((form) => form.id).sort()).toEqual(["sp-a1", "sp-a2", "sp-b1", "sp-c1"]);
    expect(await listOrganisationFormsInSpans(database.db, "org-spans", [])).toEqual([]);
  });

  it("refuses a form whose owner does not exist", async () => {
    await expect(insertForm(database.db, newForm({ id: "ts-x", ownerId: "ghost" }), T0)).rejects.toThrow();
  });
});

describe.each(testDatabases())("an owner's last order number per customer on $name", ({ open }) => {
  const database = useTestDatabase(open);
  const listed = (customerId: string, orderNumber: string): ListedColumns => ({
    ...NOT_LISTED,
    customerId,
    orderNumber,
  });
  const add = (
    id: string,
    ownerId: string,
    at: number,
    customerId: string,
    orderNumber: string,
    kind: FormKind = "timesheet",
  ) =>
    insertForm(
      database().db,
      newForm({ id, ownerId, kind, listed: listed(customerId, orderNumber) }),
      minutes(at),
    );

  it("is the number of their newest form with the customer and a number, of either kind", async () => {
    const { db } = database();
    for (const id of [OWNER, OTHER]) {
      await insertAccount(db, { id, fullName: id, email: `${id}@example.com`, passwordHash: "h" });
    }
    expect(await lastOrderNumbers(db, OWNER)).toEqual(new Map());
    await add("f1", OWNER, 1, "acme", "P-1");
    await add("f2", OWNER, 2, "acme", "P-2", "check-sheet");
    // A newer form of the customer without a number leaves the last number as it was.
    await add("f3", OWNER, 3, "acme", "");
    await add("f4", OWNER, 4, "bolt", "S-9");
    await add("f5", OWNER, 5, "", "M-5");
    // Another driver's numbers are theirs.
    await add("f6", OTHER, 6, "acme", "PO-6");
    // Two made in the same instant: the one with the larger id counts, the same on both databases.
    await add("f7", OTHER, 7, "bolt", "HS-1");
    await add("f8", OTHER, 7, "bolt", "HS-2");
    expect(await lastOrderNumbers(db, OWNER)).toEqual(
      new Map([
        ["acme", "P-2"],
        ["bolt", "S-9"],
      ]),
    );
    expect(await lastOrderNumbers(db, OTHER)).toEqual(
      new Map([
        ["acme", "PO-6"],
        ["bolt", "HS-2"],
      ]),
    );
  });

  it("follows an edit of the newest form's number", async () => {
    const { db } = database();
    expect(
      await updateForm(db, "timesheet", OWNER, "f1", { listed: listed("acme", "P-3") }, { now: minutes(10) }),
    ).toBe(true);
    // f1 is older than f2: editing it changes nothing.
    expect((await lastOrderNumbers(db, OWNER)).get("acme")).toBe("P-2");
    await updateForm(db, "check-sheet", OWNER, "f2", { listed: listed("acme", "P-4") }, { now: minutes(11) });
    expect((await lastOrderNumbers(db, OWNER)).get("acme")).toBe("P-4");
  });
});
