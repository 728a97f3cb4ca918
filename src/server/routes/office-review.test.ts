import { randomUUID } from "node:crypto";
import { CompiledQuery, sql } from "kysely";
import { describe, expect, it } from "vitest";
import {
  matchesReviewFilters,
  type ReviewPage,
  type ReviewStateFilter,
  type ReviewTextFilters,
  type ReviewTimesheet,
} from "../../domain/company/office-review";
import { emptyOffHireNote } from "../../domain/hire/off-hire-note";
import { addDays } from "../../domain/time/iso-date";
import { SAMPLE_SIGNATURE } from "../../test-support/sample-signature";
import { listOrganisationTimesheetsByWeek, reviewPageQuery } from "../db/forms-repository";
import { testDatabases } from "../db/test-databases";
import { signedCheckSheet, signedTimesheet } from "../pdf/pdf-fixtures";
import { pdfText } from "../pdf/pdf-text";
import { databaseSnapshot } from "../test-support/database-snapshot";
import { type Company, organisationHelpers, type Person } from "../test-support/organisation-world";
import { signedWeek } from "../test-support/signed-week";
import { useTestApp } from "../test-support/test-app";

const NOW = new Date("2025-06-20T09:00:00.000Z");

describe.each(testDatabases())("the office review list on $name", ({ open }) => {
  const testApp = useTestApp(open, { now: () => NOW });
  const { call, createDraft } = testApp;
  const { company, member, person } = organisationHelpers(testApp);

  /** A week the driver submitted: Monday 07:00 to 16:30 with half an hour's break (9 hours). */
  async function submittedWeek(who: Person, fields: Record<string, unknown> = {}): Promise<string> {
    return createDraft("timesheets", who.cookie, {
      weekEnding: "2025-06-14",
      driverSignedName: "Dave Digger",
      plantNumber: "EX-042",
      siteLocation: "Riverside",
      clientCompany: "BuildCo",
      mondayStart: "07:00",
      mondayFinish: "16:30",
      mondayBreak: 30,
      status: "ready_for_approval",
      ...fields,
    });
  }

  /** A daily check the driver submitted, with `defects` items marked as defects. */
  function checkSheet(who: Person, checkDate: string, defects: number, fields: Record<string, unknown> = {}) {
    const marked = ["defectTyres", "defectLights", "defectMirrors"].slice(0, defects);
    return createDraft("check-sheets", who.cookie, {
      checkDate,
      driverSignedName: "dave  digger",
      plantNumber: "ex-042",
      status: "ready_for_approval",
      operatorSignature: SAMPLE_SIGNATURE,
      operatorSignedName: "Dave Digger",
      clientSignature: SAMPLE_SIGNATURE,
      clientSignedName: "Fiona Foreman",
      signatureDate: checkDate,
      ...Object.fromEntries(marked.map((field) => [field, false])),
      ...fields,
    });
  }

  const review = async (of: Company, who: Person, query = "") => {
    const res = await call("GET", `/api/organisations/${of.id}/review${query}`, who.cookie);
    return { status: res.statusCode, page: res.json() as ReviewPage, body: res.body };
  };

  it("lists each submitted timesheet with its hours, its paired check sheets' defects and its forms' ids", async () => {
    const acme = await company();
    const supervisor = await member(acme, "supervisor");
    const dave = await member(acme, "driver");
    const week = await submittedWeek(dave);
    const monday = await checkSheet(dave, "2025-06-09", 2);
    const friday = await checkSheet(dave, "2025-06-13", 1);
    // Another plant's check, a check of the week after, and a draft week: none of them on this row.
    await checkSheet(dave, "2025-06-10", 3, { plantNumber: "DUMP-7" });
    await checkSheet(dave, "2025-06-16", 3);
    await createDraft("timesheets", dave.cookie, { weekEnding: "2025-06-21", plantNumber: "EX-042" });

    for (const who of [supervisor, acme.admin]) {
      const { status, page } = await review(acme, who);
      expect(status).toBe(200);
      expect(page).toEqual({
        items: [
          {
            timesheetId: week,
            checkSheetIds: [monday, friday],
            driverName: "Dave Digger",
            plantNumber: "EX-042",
            customer: "BuildCo",
            customerId: "",
            site: "Riverside",
            weekEnding: "2025-06-14",
            totalHours: 9,
            chargeable: null,
            meterMismatch: null,
            defects: 3,
            offHire: null,
            status: "ready_for_approval",
            approvedAt: null,
            week: { state: "submitted", resubmitted: false },
            waitingOnDriver: 0,
          },
        ],
        nextCursor: null,
      });
    }
  });

  it("shows beside a week the driver's off-hire note for its plant that ends it, which the office can open", async () => {
    const acme = await company();
    const supervisor = await member(acme, "supervisor");
    const dave = await member(acme, "driver");
    const week = await submittedWeek(dave);
    const offHire = (offHireDate: string, offHireTime: string, fields: Record<string, unknown> = {}) =>
      call("POST", "/api/one-step-completion/off-hire", dave.cookie, {
        offHireData: {
          ...emptyOffHireNote(offHireDate),
          status: undefined,
          submittedAt: undefined,
          id: randomUUID(),
          offHireTime,
          driverSignedName: "Dave Digger",
          plantNumber: "ex-042 ",
          operatorSignature: SAMPLE_SIGNATURE,
          operatorSignedName: "Dave Digger",
          clientSignature: SAMPLE_SIGNATURE,
          clientSignedName: "Fiona Foreman",
          signatureDate: offHireDate,
          submissionEmails: ["site@buildco.co.uk"],
          ...fields,
        },
        supervisorRating: "happy",
      });
    // Another plant's, and one of the week after: neither ends this week.
    for (const sent of [
      await offHire("2025-06-12", "10:00", { plantNumber: "DUMP-7" }),
      await offHire("2025-06-16", "08:00"),
      await offHire("2025-06-13", "15:45"),
    ]) {
      expect(sent.statusCode, sent.body).toBe(200);
    }
    const note = await testApp.database.db
      .selectFrom("forms")
      .where("kind", "=", "off-hire")
      .where("form_date", "=", "2025-06-13")
      .select("id")
      .executeTakeFirstOrThrow();

    const { page } = await review(acme, supervisor);
    expect(page.items.find((row) => row.timesheetId === week)?.offHire).toEqual({
      id: note.id,
      date: "2025-06-13",
      time: "15:45",
    });
    const opened = await call("GET", `/api/completed-forms/${note.id}`, supervisor.cookie);
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json()).toMatchObject({ type: "off-hire", form: { offHireTime: "15:45" } });
  });

  it("filters in the database exactly as the review's rule says, typed wildcards taken as text", async () => {
    const acme = await company();
    const drivers = [await member(acme, "driver"), await member(acme, "driver")];
    const typed = [
      {
        driverSignedName: "Dave Digger",
        plantNumber: "EX-042",
        siteLocation: "Riverside",
        clientCompany: "BuildCo",
      },
      {
        driverSignedName: "  dave   DIGGER ",
        plantNumber: "ex-042",
        siteLocation: "100% Wharf_2",
        clientCompany: "A\\B Ltd",
      },
      {
        driverSignedName: "Łukasz Wróbel",
        plantNumber: "EX-0420",
        siteLocation: "Dock_side",
        clientCompany: "Build%Co",
      },
      { driverSignedName: "Dave", plantNumber: "DUMP 7", siteLocation: "riverside wharf", clientCompany: "" },
    ];
    const made: Array<{ id: string } & (typeof typed)[number]> = [];
    for (const [index, fields] of typed.entries()) {
      made.push({ id: await submittedWeek(drivers[index % 2]!, fields), ...fields });
    }
    const filters: ReviewTextFilters[] = [
      { driver: "dave digger" },
      { driver: "DAVE" },
      { driver: "łukasz   WRÓBEL" },
      { driver: "%" },
      { plant: "EX-042" },
      { plant: "dump   7" },
      { plant: "_" },
      { site: "riverside" },
      { site: "%" },
      { site: "_" },
      { site: "0% w" },
      { site: "k_s" },
      { customer: "build" },
      { customer: "%co" },
      { customer: "a\\b" },
      { customer: "\\" },
      { driver: "dave", site: "WHARF" },
    ];
    for (const filter of filters) {
      const query = new URLSearchParams(Object.entries(filter) as Array<[string, string]>).toString();
      const { status, page } = await review(acme, acme.admin, `?${query}`);
      expect(status, query).toBe(200);
      const expected = made
        .filter((week) => matchesReviewFilters({ ...week, customerId: "" } as ReviewTimesheet, filter))
        .map((week) => week.id);
      expect(page.items.map((item) => item.timesheetId).sort(), JSON.stringify(filter)).toEqual(
        expected.sort(),
      );
    }
  });

  it("reads a page filtered by the start of a driver's name or plant number in one query, on one range of its index", async () => {
    const acme = await company();
    const week = await submittedWeek(await member(acme, "driver"));
    // 40 drivers on 40 machines, 50 weeks each: enough rows for the planner to weigh its indexes.
    const { db } = testApp.database;
    const row = await db.selectFrom("forms").selectAll().where("id", "=", week).executeTakeFirstOrThrow();
    const copies = Array.from({ length: 2000 }, (_, i) => ({
      ...row,
      id: randomUUID(),
      driver_key: `driver ${i % 40}`,
      plant_key: `ex-${i % 40}`,
      form_date: addDays("2025-06-14", -7 * Math.floor(i / 40)),
    }));
    for (let at = 0; at < copies.length; at += 200)
      await db
        .insertInto("forms")
        .values(copies.slice(at, at + 200))
        .execute();
    await sql`analyze`.execute(db);

    const postgres = testApp.database.dialect === "postgres";
    const cases: Array<[ReviewTextFilters, string, ReviewStateFilter | undefined]> = [
      [{ driver: "Driver 7" }, "forms_organisation_kind_driver_date_idx", undefined],
      [{ plant: "EX-7" }, "forms_organisation_kind_plant_date_idx", undefined],
      // A state filter keeps the same ranges.
      [{ driver: "Driver 7" }, "forms_organisation_kind_driver_date_idx", "submitted"],
      [{}, "forms_organisation_kind_date_id_idx", "submitted"],
    ];
    for (const [filters, index, state] of cases) {
      const query = reviewPageQuery(db, acme.id, { limit: 51, filters, state }).compile();
      const explain = postgres ? "explain " : "explain query plan ";
      const plan = (
        await db.executeQuery(CompiledQuery.raw(`${explain}${query.sql}`, [...query.parameters]))
      ).rows
        .map((line) => Object.values(line as Record<string, unknown>).join(" "))
        .join("\n");
      const named = `${JSON.stringify(filters)} ${state}`;
      // The filter is a range of the index: no scan of the company's weeks (only what was read is sorted).
      expect(plan, named).toContain(index);
      expect(plan, named).not.toMatch(/Seq Scan|SCAN (forms|c|o)\b/);
      // Each row's check sheets, and the timesheets before it, are read by a range of an index too.
      if (state && postgres) expect(plan, named).toMatch(/SubPlan[\s\S]*Index (Only )?Scan using/);
      if (state && !postgres) expect(plan, named).toMatch(/SEARCH c USING INDEX[\s\S]*SEARCH o USING INDEX/);
      if (!postgres && index !== "forms_organisation_kind_date_id_idx")
        expect(plan, named).toMatch(/driver_key>\? AND driver_key<\?|plant_key>\? AND plant_key<\?/);
      const read = await listOrganisationTimesheetsByWeek(db, acme.id, { limit: 51, filters, state });
      expect(read, named).toHaveLength(state && index === "forms_organisation_kind_date_id_idx" ? 51 : 50);
      expect(read.map((form) => form.date)).toEqual([...read.map((form) => form.date)].sort().reverse());
    }
  });

  it("filters by week, driver, plant, site, customer and status, and pages newest week first", async () => {
    const acme = await company();
    const dave = await member(acme, "driver");
    const sam = await member(acme, "driver");
    const weeks = [];
    for (const weekEnding of ["2025-05-31", "2025-06-07", "2025-06-14"]) {
      weeks.push(await submittedWeek(dave, { weekEnding }));
    }
    const sams = await submittedWeek(sam, {
      driverSignedName: "Sam Shovel",
      plantNumber: "DUMP-7",
      siteLocation: "Dockside",
      clientCompany: "Harbour Works",
    });
    const ids = async (query: string) =>
      (await review(acme, acme.admin, query)).page.items.map((i) => i.timesheetId);

    expect(await ids("?week=2025-06-07")).toEqual([weeks[1]]);
    expect(await ids("?driver=sam%20shovel")).toEqual([sams]);
    expect(await ids("?driver=sam")).toEqual([sams]);
    expect(await ids("?driver=shovel")).toEqual([]);
    expect(await ids("?plant=dump-7")).toEqual([sams]);
    expect(await ids("?plant=dump")).toEqual([sams]);
    expect(await ids("?plant=7")).toEqual([]);
    expect(await ids("?site=DOCK")).toEqual([sams]);
    expect(await ids("?customer=harbour")).toEqual([sams]);
    expect(await ids("?status=approved")).toEqual([]);
    expect((await ids("?status=submitted")).sort()).toEqual([...weeks, sams].sort());
    expect((await ids("?driver=%20DAVE%20%20digger")).length).toBe(3);

    const first = (await review(acme, acme.admin, "?driver=dave%20digger&limit=2")).page;
    expect(first.items.map((i) => i.timesheetId)).toEqual([weeks[2], weeks[1]]);
    expect(first.nextCursor).not.toBeNull();
    const second = (
      await review(acme, acme.admin, `?driver=dave%20digger&limit=2&cursor=${first.nextCursor}`)
    ).page;
    expect(second).toEqual({ items: [expect.objectContaining({ timesheetId: weeks[0] })], nextCursor: null });

    // Without a text filter a page reads only its rows and one more: the pages still add up to every week, once.
    const unfiltered = (await review(acme, acme.admin, "?limit=2")).page;
    expect(unfiltered.items).toHaveLength(2);
    expect(unfiltered.nextCursor).not.toBeNull();
    const rest = (await review(acme, acme.admin, `?limit=2&cursor=${unfiltered.nextCursor}`)).page;
    expect(rest.nextCursor).toBeNull();
    expect([...unfiltered.items, ...rest.items].map((i) => i.timesheetId).sort()).toEqual(
      [...weeks, sams].sort(),
    );
    expect(rest.items.map((i) => i.timesheetId)).toEqual([weeks[1], weeks[0]]);
  });

  it("shows only the company's own submitted timesheets: no drafts, no other company's, no individual's", async () => {
    const acme = await company();
    const rival = await company("Rival Haulage Ltd");
    const dave = await member(acme, "driver");
    const rivalDriver = await member(rival, "driver");
    await createDraft("timesheets", dave.cookie, { weekEnding: "2025-06-14", plantNumber: "EX-042" });
    await submittedWeek(rivalDriver);
    await submittedWeek(await person());
    expect((await review(acme, acme.admin)).page.items).toEqual([]);
    expect((await review(rival, rival.admin)).page.items).toHaveLength(1);
  });

  it("refuses drivers, strangers and bad or oversized filters, changing nothing", async () => {
    const acme = await company();
    const dave = await member(acme, "driver");
    const rival = await company("Rival Haulage Ltd");
    await submittedWeek(dave);
    const before = await databaseSnapshot(testApp.database, { except: ["rate_limits"] });
    expect((await review(acme, dave)).status).toBe(403);
    expect((await review(acme, rival.admin)).status).toBe(404);
    expect((await call("GET", `/api/organisations/${acme.id}/review`)).statusCode).toBe(401);
    for (const query of [
      `?driver=${"x".repeat(5000)}`,
      `?customer=${"<script>".repeat(20)}`,
      "?week=2025-02-30",
      "?status=draft",
      // The driver's own statuses, which this filter took before it spoke the company's words.
      "?status=ready_for_approval",
      "?status=completed",
      "?status=dispatched",
      "?status=archived",
      "?status=Sent%20back",
      "?limit=0",
      "?limit=1000",
      "?cursor=nonsense",
      `?cursor=${Buffer.from(JSON.stringify(["2025-06-14", "not-an-id"])).toString("base64url")}`,
    ]) {
      expect((await review(acme, acme.admin, query)).status, query.slice(0, 40)).toBe(400);
    }
    expect(await databaseSnapshot(testApp.database, { except: ["rate_limits"] })).toEqual(before);
  });

  describe("approving and sending back", () => {
    const decide = (of: Company, who: Person, timesheetId: string, action: string, payload: object) =>
      call("POST", `/api/organisations/${of.id}/review/${timesheetId}/${action}`, who.cookie, payload);
    const auditOf = (formId: string) =>
      testApp.database.db
        .selectFrom("audit_events")
        .select(["action", "account_id", "details"])
        .where("form_id", "=", formId)
        .execute();
    /** A form's audit trail holds these events: on the test's fixed clock they share a time, so in any order. */
    const expectAudit = async (formId: string, events: readonly object[]) => {
      const trail = await auditOf(formId);
      expect(trail).toHaveLength(events.length);
      expect(trail).toEqual(expect.arrayContaining(events.map((event) => expect.objectContaining(event))));
    };

    it("records who approved the week, when and the rating, locks every form of its set, and answers 409 to a second approval", async () => {
      const acme = await company();
      const supervisor = await member(acme, "supervisor");
      const dave = await member(acme, "driver");
      const week = await submittedWeek(dave);
      const monday = await checkSheet(dave, "2025-06-09", 1);

      const res = await decide(acme, supervisor, week, "approve", { rating: "happy", notes: "Tidy week" });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({
        timesheetId: week,
        formIds: [week, monday],
        approvedAt: NOW.toISOString(),
        approvedBy: supervisor.id,
        rating: "happy",
      });
      expect((await review(acme, acme.admin)).page.items).toEqual([
        expect.objectContaining({ timesheetId: week, approvedAt: NOW.toISOString() }),
      ]);
      for (const id of [week, monday]) {
        await expectAudit(id, [
          { action: "submit", account_id: dave.id, details: null },
          { action: "review-approve", account_id: supervisor.id },
        ]);
      }
      // The driver can change neither form of an approved week.
      for (const [kind, id] of [
        ["timesheets", week],
        ["check-sheets", monday],
      ] as const) {
        const save = await call("PUT", `/api/${kind}/${id}`, dave.cookie, { plantNumber: "EX-999" });
        expect(save.statusCode, save.body).toBe(409);
        expect(save.json().message).toMatch(/approved by your company/);
        // Nor take it from the company by deleting it.
        const remove = await call("DELETE", `/api/${kind}/${id}`, dave.cookie);
        expect(remove.statusCode, remove.body).toBe(409);
        expect(remove.json().message).toMatch(/approved by your company/);
      }
      // Approving again, or sending back an approved week, answers 409 and changes nothing.
      const before = await databaseSnapshot(testApp.database, { except: ["rate_limits"] });
      expect((await decide(acme, acme.admin, week, "approve", { rating: "unhappy" })).statusCode).toBe(409);
      expect((await decide(acme, acme.admin, week, "send-back", { reason: "Wrong plant" })).statusCode).toBe(
        409,
      );
      expect(await databaseSnapshot(testApp.database, { except: ["rate_limits"] })).toEqual(before);
    });

    it("lets one of two approvals at once through, and answers the other 409", async () => {
      const acme = await company();
      const supervisor = await member(acme, "supervisor");
      const dave = await member(acme, "driver");
      const week = await submittedWeek(dave);
      await checkSheet(dave, "2025-06-09", 1);
      const answers = await Promise.all([
        decide(acme, supervisor, week, "approve", { rating: "happy" }),
        decide(acme, acme.admin, week, "approve", { rating: "okay" }),
      ]);
      expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 409]);
      const approvals = (await auditOf(week)).filter((event) => event.action === "review-approve");
      expect(approvals).toHaveLength(1);
    });

    it("sends one form back to its driver as a draft with the reason their own read shows, or the whole week", async () => {
      const acme = await company();
      const dave = await member(acme, "driver");
      const week = await submittedWeek(dave);
      const monday = await checkSheet(dave, "2025-06-09", 1);
      const reason = "Monday's <b>finish</b> time looks wrong";

      const one = await decide(acme, acme.admin, week, "send-back", { reason, formId: monday });
      expect(one.statusCode, one.body).toBe(200);
      expect(one.json()).toMatchObject({ formIds: [monday] });
      const check = (await call("GET", `/api/check-sheets/${monday}`, dave.cookie)).json();
      expect(check).toMatchObject({ status: "draft", sentBack: { reason, at: NOW.toISOString() } });
      expect((await call("GET", `/api/timesheets/${week}`, dave.cookie)).json()).not.toHaveProperty(
        "sentBack",
      );

      const all = await decide(acme, acme.admin, week, "send-back", { reason: "Please check the hours" });
      expect(all.statusCode, all.body).toBe(200);
      const sheet = (await call("GET", `/api/timesheets/${week}`, dave.cookie)).json();
      expect(sheet).toMatchObject({ status: "draft", sentBack: { reason: "Please check the hours" } });
      await expectAudit(week, [{ action: "submit", account_id: dave.id }, { action: "send-back" }]);
      // The driver edits and submits again, which the trail keeps with what changed; a draft is not reviewed.
      const edit = await call("PUT", `/api/timesheets/${week}`, dave.cookie, {
        status: "ready_for_approval",
      });
      expect(edit.statusCode, edit.body).toBe(200);
      await expectAudit(week, [
        { action: "submit", account_id: dave.id, details: null },
        { action: "send-back" },
        { action: "submit", account_id: dave.id, details: JSON.stringify({ resubmitted: [] }) },
      ]);
      expect((await review(acme, acme.admin)).page.items.map((i) => i.timesheetId)).toEqual([week]);
    });

    it("lets an admin reopen an approved week with a reason: the driver may edit it again, the audit keeps why and what was undone, and it can be approved anew", async () => {
      const acme = await company();
      const supervisor = await member(acme, "supervisor");
      const dave = await member(acme, "driver");
      const week = await submittedWeek(dave);
      const monday = await checkSheet(dave, "2025-06-09", 1);
      expect((await decide(acme, supervisor, week, "approve", { rating: "happy" })).statusCode).toBe(200);

      const reason = "Friday's finish was 16:30, not 17:30 <script>";
      const res = await decide(acme, acme.admin, week, "reopen", { reason: `  ${reason} ` });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({
        timesheetId: week,
        formIds: [week, monday],
        reopenedAt: NOW.toISOString(),
        reason,
      });
      const adminName = (await call("GET", "/api/drivers/me", acme.admin.cookie)).json().fullName as string;
      for (const [kind, id] of [
        ["timesheets", week],
        ["check-sheets", monday],
      ] as const) {
        expect((await call("GET", `/api/${kind}/${id}`, dave.cookie)).json()).toMatchObject({
          amendedAfterApproval: { reason, at: NOW.toISOString(), by: adminName },
        });
        await expectAudit(id, [
          { action: "submit", account_id: dave.id },
          { action: "review-approve", account_id: supervisor.id },
          { action: "review-reopen", account_id: acme.admin.id },
        ]);
      }
      const reopened = (await auditOf(week)).find((event) => event.action === "review-reopen");
      expect(JSON.parse(reopened!.details as string)).toMatchObject({
        reason,
        undone: { approvedAt: NOW.toISOString() },
      });
      expect((await review(acme, acme.admin)).page.items).toEqual([
        expect.objectContaining({ timesheetId: week, approvedAt: null }),
      ]);
      const edit = await call("PUT", `/api/timesheets/${week}`, dave.cookie, { mondayFinish: "16:00" });
      expect(edit.statusCode, edit.body).toBe(200);
      // Reopening an open week answers 409; approving it before the driver submits it again, 409 too.
      expect((await decide(acme, acme.admin, week, "reopen", { reason: "Again" })).statusCode).toBe(409);
      const early = await decide(acme, supervisor, week, "approve", { rating: "okay" });
      expect(early.statusCode).toBe(409);
      expect(early.json().message).toMatch(/timesheet of the week ending 14\/06\/2025 is reopened/);
      for (const [kind, id] of [
        ["timesheets", week],
        ["check-sheets", monday],
      ] as const) {
        const resubmit = await call("PUT", `/api/${kind}/${id}`, dave.cookie, {
          status: "ready_for_approval",
        });
        expect(resubmit.statusCode, resubmit.body).toBe(200);
      }
      expect((await call("GET", `/api/timesheets/${week}`, dave.cookie)).json().companyState).toEqual({
        state: "submitted",
        resubmitted: { at: NOW.toISOString(), changes: ["mondayFinish", "mondayNetHours", "totalHours"] },
        reason: null,
      });
      // Approving it again locks it again.
      expect((await decide(acme, supervisor, week, "approve", { rating: "okay" })).statusCode).toBe(200);
      expect(
        (await call("PUT", `/api/timesheets/${week}`, dave.cookie, { mondayBreak: 45 })).statusCode,
      ).toBe(409);
    });

    it("filters by the week's state in the company's words, in the database, exactly as each row says it", async () => {
      const acme = await company();
      const dave = await member(acme, "driver");
      const erin = await member(acme, "driver");
      const weekEnding = (n: number) => addDays("2025-06-14", -7 * n)!;
      const monday = (n: number) => addDays(weekEnding(n), -5)!;
      const sendBack = async (timesheetId: string, formId?: string) =>
        expect(
          (await decide(acme, acme.admin, timesheetId, "send-back", { reason: "Why?", formId })).statusCode,
        ).toBe(200);
      const approve = async (timesheetId: string) =>
        expect((await decide(acme, acme.admin, timesheetId, "approve", { rating: "happy" })).statusCode).toBe(
          200,
        );

      // Submitted: the timesheet and its check sheet in.
      const submitted = await submittedWeek(dave, { weekEnding: weekEnding(0) });
      await checkSheet(dave, monday(0), 0);
      // Sent back: the timesheet; and a week whose only check sheet went back.
      const sentBack = await submittedWeek(dave, { weekEnding: weekEnding(1) });
      await sendBack(sentBack);
      const checkSentBack = await submittedWeek(dave, { weekEnding: weekEnding(2) });
      const returnedCheck = await checkSheet(dave, monday(2), 1);
      await sendBack(checkSentBack, returnedCheck);
      // A second timesheet of that driver, plant and week: pairing gives the check sheet to one of them only, so
      // the other is submitted, not sent back.
      const duplicate = await submittedWeek(dave, { weekEnding: weekEnding(2) });
      // Approved; and approved, then reopened by an admin.
      const approved = await submittedWeek(dave, { weekEnding: weekEnding(3) });
      await checkSheet(dave, monday(3), 0);
      await approve(approved);
      const reopened = await submittedWeek(dave, { weekEnding: weekEnding(4) });
      await approve(reopened);
      expect((await decide(acme, acme.admin, reopened, "reopen", { reason: "Hours?" })).statusCode).toBe(200);
      // An approved timesheet with a check sheet submitted since: the week waits on the office again.
      const approvedThenChecked = await submittedWeek(erin, {
        weekEnding: weekEnding(0),
        plantNumber: "DUMP-7",
      });
      await approve(approvedThenChecked);
      await checkSheet(erin, monday(0), 0, { driverSignedName: "Dave Digger", plantNumber: "DUMP-7" });
      // A check sheet still a draft: the week is a draft, which no state filter offers.
      const draftWeek = await submittedWeek(erin, { weekEnding: weekEnding(1), plantNumber: "DUMP-7" });
      await checkSheet(erin, monday(1), 0, {
        plantNumber: "DUMP-7",
        driverSignedName: "Dave Digger",
        status: "draft",
      });

      const rows = (await review(acme, acme.admin)).page.items;
      // Made at the same time, the two timesheets are taken in order of id: one has the check sheet.
      const [claimed, unclaimed] = [checkSentBack, duplicate].sort();
      expect(rows.find((row) => row.timesheetId === claimed)?.checkSheetIds).toEqual([returnedCheck]);
      expect(Object.fromEntries(rows.map((row) => [row.timesheetId, row.week.state]))).toEqual({
        [submitted]: "submitted",
        [sentBack]: "sent_back",
        [claimed!]: "sent_back",
        [unclaimed!]: "submitted",
        [approved]: "approved",
        [reopened]: "reopened",
        [approvedThenChecked]: "submitted",
        [draftWeek]: "draft",
      });
      for (const state of ["submitted", "sent_back", "reopened", "approved"] as const) {
        const { status, page } = await review(acme, acme.admin, `?status=${state}`);
        expect(status, state).toBe(200);
        expect(
          page.items.map((row) => row.timesheetId),
          state,
        ).toEqual(rows.filter((row) => row.week.state === state).map((row) => row.timesheetId));
        // Paged one at a time, the same weeks in the same order.
        const paged: string[] = [];
        let cursor: string | null = null;
        do {
          const next: ReviewPage = (
            await review(acme, acme.admin, `?status=${state}&limit=1${cursor ? `&cursor=${cursor}` : ""}`)
          ).page;
          paged.push(...next.items.map((row) => row.timesheetId));
          cursor = next.nextCursor;
        } while (cursor !== null);
        expect(paged, state).toEqual(page.items.map((row) => row.timesheetId));
      }
      expect((await review(acme, acme.admin, "?status=sent_back&driver=dave")).page.items).toHaveLength(2);
    });

    it("lets one of two reopens at once through, and refuses a supervisor, a driver, another company and no reason", async () => {
      const acme = await company();
      const supervisor = await member(acme, "supervisor");
      const dave = await member(acme, "driver");
      const rival = await company("Rival Haulage Ltd");
      const week = await submittedWeek(dave);
      expect((await decide(acme, supervisor, week, "approve", { rating: "happy" })).statusCode).toBe(200);
      const before = await databaseSnapshot(testApp.database, { except: ["rate_limits"] });
      const attempts: Array<[Person, Company, object, number]> = [
        [supervisor, acme, { reason: "Mine to reopen" }, 403],
        [dave, acme, { reason: "Let me fix it" }, 403],
        [rival.admin, rival, { reason: "Theirs" }, 404],
        [rival.admin, acme, { reason: "Theirs" }, 404],
        [acme.admin, acme, { reason: "   " }, 400],
        [acme.admin, acme, {}, 400],
        [acme.admin, acme, { reason: "x".repeat(10_000) }, 400],
      ];
      for (const [who, of, payload, status] of attempts) {
        const res = await decide(of, who, week, "reopen", payload);
        expect(res.statusCode, JSON.stringify(payload).slice(0, 60)).toBe(status);
      }
      expect(await databaseSnapshot(testApp.database, { except: ["rate_limits"] })).toEqual(before);

      const answers = await Promise.all([
        decide(acme, acme.admin, week, "reopen", { reason: "Wrong plant" }),
        decide(acme, acme.admin, week, "reopen", { reason: "Wrong site" }),
      ]);
      expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 409]);
      expect((await auditOf(week)).filter((event) => event.action === "review-reopen")).toHaveLength(1);
    });

    it("prints 'amended after approval' with the reason on the next PDF, in the driver's own words and letters", async () => {
      const acme = await company();
      const dave = await member(acme, "driver");
      const week = await createDraft("timesheets", dave.cookie, {
        ...signedWeek({ weekEnding: "2025-06-14", signatureDate: "2025-06-14" }),
        status: "ready_for_approval",
      });
      expect((await decide(acme, acme.admin, week, "approve", { rating: "happy" })).statusCode).toBe(200);
      // Locked, the driver cannot complete it in their own flow either.
      const complete = (timesheetData: object) =>
        call("POST", "/api/timesheets/one-step-completion", dave.cookie, {
          timesheetData,
          supervisorRating: "happy",
        });
      const weekData = { ...signedWeek({ weekEnding: "2025-06-14", signatureDate: "2025-06-14" }), id: week };
      const refused = await complete(weekData);
      expect(refused.statusCode, refused.body).toBe(409);
      expect(refused.json().message).toMatch(/approved by your company/);

      const reason = "Łukasz Wróbel drove on Friday; Siôn's hours moved to his own sheet";
      expect((await decide(acme, acme.admin, week, "reopen", { reason })).statusCode).toBe(200);
      await testApp.drainOutbox();
      const done = await complete({ ...weekData, fridayStart: "07:00", fridayFinish: "12:00" });
      expect(done.statusCode, done.body).toBe(200);
      const [mail] = await testApp.drainOutbox();
      const attachment = mail!.attachments[0] as { contentBase64: string };
      const text = (await pdfText(Buffer.from(attachment.contentBase64, "base64"))).replace(/\s+/g, " ");
      const adminName = (await call("GET", "/api/drivers/me", acme.admin.cookie)).json().fullName as string;
      expect(text).toContain(
        `Amended after approval: reopened by ${adminName} on 20/06/2025, 10:00 BST. Reason: ${reason}`,
      );
    });

    it("refuses the driver's own on-site Get Approval of a week the company approved, until an admin reopens it", async () => {
      const acme = await company();
      const dave = await member(acme, "driver");
      const timesheetId = await createDraft("timesheets", dave.cookie, {
        ...signedTimesheet(),
        status: "ready_for_approval",
      });
      const sheetId = await createDraft(
        "check-sheets",
        dave.cookie,
        // Submitted: the office approves only a week whose forms are all in.
        signedCheckSheet("2025-06-03", { status: "ready_for_approval", photos: [] }),
      );
      const submission = {
        combinedId: `combined-${timesheetId}`,
        timesheet: { id: timesheetId },
        checkSheets: [{ id: sheetId }],
      };
      expect((await decide(acme, acme.admin, timesheetId, "approve", { rating: "happy" })).statusCode).toBe(
        200,
      );
      await testApp.drainOutbox();

      const refused = await call("POST", "/api/combined-submission", dave.cookie, submission);
      expect(refused.statusCode, refused.body).toBe(409);
      expect(refused.json().message).toMatch(/approved by your company/);
      expect(await testApp.drainOutbox()).toEqual([]);

      expect(
        (await decide(acme, acme.admin, timesheetId, "reopen", { reason: "Client to sign" })).statusCode,
      ).toBe(200);
      // The driver is told by mail that the week is back with them.
      expect((await testApp.drainOutbox()).map((mail) => mail.subject)).toEqual([
        "Your company reopened your week on Plant Sheets",
      ]);
      const approved = await call("POST", "/api/combined-submission", dave.cookie, submission);
      expect(approved.statusCode, approved.body).toBe(200);
      // The pack it mails says the week was amended after approval, and why.
      const [mail] = await testApp.drainOutbox();
      const attachment = mail!.attachments[0] as { contentBase64: string };
      const text = (await pdfText(Buffer.from(attachment.contentBase64, "base64"))).replace(/\s+/g, " ");
      expect(text).toMatch(/Amended after approval: reopened by .+ Reason: Client to sign/);
    });

    it("refuses a driver, another company's timesheet, a form outside the set and bad reasons, changing nothing", async () => {
      const acme = await company();
      const dave = await member(acme, "driver");
      const rival = await company("Rival Haulage Ltd");
      const rivalDriver = await member(rival, "driver");
      const week = await submittedWeek(dave);
      const rivalWeek = await submittedWeek(rivalDriver);
      const draft = await createDraft("timesheets", dave.cookie, { weekEnding: "2025-06-21" });
      const stray = await checkSheet(dave, "2025-06-30", 1);
      const before = await databaseSnapshot(testApp.database, { except: ["rate_limits"] });
      const attempts: Array<[Person, Company, string, string, object, number]> = [
        [dave, acme, week, "approve", { rating: "happy" }, 403],
        [dave, acme, week, "send-back", { reason: "Mine" }, 403],
        [acme.admin, acme, rivalWeek, "approve", { rating: "happy" }, 404],
        [acme.admin, rival, rivalWeek, "approve", { rating: "happy" }, 404],
        [rival.admin, rival, week, "send-back", { reason: "Theirs" }, 404],
        [acme.admin, acme, draft, "approve", { rating: "happy" }, 409],
        [acme.admin, acme, week, "send-back", { reason: "Not this", formId: stray }, 404],
        [acme.admin, acme, week, "approve", { rating: "ecstatic" }, 400],
        [acme.admin, acme, week, "approve", {}, 400],
        [acme.admin, acme, week, "send-back", { reason: "x".repeat(10_000) }, 400],
        [acme.admin, acme, week, "send-back", { reason: "   " }, 400],
        [acme.admin, acme, week, "send-back", { reason: "Why", formId: "not-an-id" }, 400],
      ];
      for (const [who, of, id, action, payload, status] of attempts) {
        const res = await decide(of, who, id, action, payload);
        expect(res.statusCode, `${action} ${JSON.stringify(payload).slice(0, 60)}`).toBe(status);
      }
      expect(await databaseSnapshot(testApp.database, { except: ["rate_limits"] })).toEqual(before);
    });
  });
});
