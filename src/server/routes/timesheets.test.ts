import { randomUUID } from "node:crypto";
import { beforeEach, describe, expect, it } from "vitest";
import type { HireDays } from "../../domain/hire/day-kinds";
import { emptyTimesheet } from "../../domain/hours/timesheet";
import { SAMPLE_SIGNATURE } from "../../test-support/sample-signature";
import { testDatabases } from "../db/test-databases";
import { pdfText } from "../pdf/pdf-text";
import { printedFingerprint } from "../test-support/printed-fingerprint";
import { signedWeek } from "../test-support/signed-week";
import { storedImageRef } from "../test-support/stored-image-ref";
import { useTestApp } from "../test-support/test-app";

/** A week a driver could really send, worked Monday and Tuesday, addressed to two offices and a blank line. */
const twoDayWeek = (overrides: Record<string, unknown> = {}) =>
  signedWeek({
    tuesdayStart: "08:00",
    tuesdayFinish: "17:00",
    tuesdayBreak: 45,
    submissionEmails: ["site.office@buildco.co.uk", " ", "accounts@buildco.co.uk"],
    ...overrides,
  });

describe.each(testDatabases())("timesheets on $name", ({ open }) => {
  const testApp = useTestApp(open, { now: () => new Date("2025-06-07T15:00:00.000Z") });
  const { call, newDriver, drainOutbox } = testApp;

  beforeEach(async () => {
    await drainOutbox();
  });

  it("lists drafts one page at a time when asked, and as a plain array otherwise", async () => {
    const cookie = await newDriver();
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const id = randomUUID();
      ids.push(id);
      expect(
        (await call("POST", "/api/timesheets", cookie, { id, company: `Company ${i}` })).statusCode,
      ).toBe(201);
    }
    // Saved at the same instant: newest first means ties by id, descending.
    const expected = [...ids].sort().reverse();

    const all = await call("GET", "/api/timesheets?status=draft", cookie);
    expect(all.json().map((f: { id: string }) => f.id)).toEqual(expected);

    const first = await call("GET", "/api/timesheets?status=draft&limit=2", cookie);
    expect(first.statusCode).toBe(200);
    const firstPage = first.json();
    expect(firstPage.items.map((f: { id: string }) => f.id)).toEqual(expected.slice(0, 2));
    // A page holds summaries made from the row's columns; the whole form is read by id.
    expect(firstPage.items[0]).toEqual({
      id: expected[0],
      status: "draft",
      weekEnding: null,
      plantNumber: "",
      driverSignedName: "",
      customerId: "",
      orderNumber: "",
      createdAt: "2025-06-07T15:00:00.000Z",
      updatedAt: "2025-06-07T15:00:00.000Z",
      submittedAt: null,
      completedAt: null,
    });
    expect(firstPage.nextCursor).toEqual(expect.any(String));

    const second = await call(
      "GET",
      `/api/timesheets?status=draft&limit=2&cursor=${encodeURIComponent(firstPage.nextCursor)}`,
      cookie,
    );
    expect(second.json()).toMatchObject({ nextCursor: null });
    expect(second.json().items.map((f: { id: string }) => f.id)).toEqual(expected.slice(2));

    for (const bad of ["limit=0", "limit=101", "limit=two", "cursor=bm90LWEtY3Vyc29y", "cursor=%25%25"]) {
      expect((await call("GET", `/api/timesheets?${bad}`, cookie)).statusCode).toBe(400);
    }
  });

  it("needs an account for drafts", async () => {
    expect((await call("GET", "/api/timesheets")).statusCode).toBe(401);
    expect((await call("POST", "/api/timesheets", undefined, { company: "A" })).statusCode).toBe(401);
  });

  it("creates with the client's id, replays as a no-op, and works out the hours", async () => {
    const cookie = await newDriver();
    const id = randomUUID();
    const draft = { id, company: "Acme", mondayStart: "07:00" };
    const created = await call("POST", "/api/timesheets", cookie, draft);
    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual({ id });
    const replay = await call("POST", "/api/timesheets", cookie, draft);
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual({ id });

    const update = await call("PUT", `/api/timesheets/${id}`, cookie, {
      mondayFinish: "16:30",
      tuesdayStart: "08:00",
      tuesdayFinish: "17:00",
      tuesdayBreak: 45,
    });
    expect(update.statusCode).toBe(200);
    const read = (await call("GET", `/api/timesheets/${id}`, cookie)).json();
    expect(read).toMatchObject({
      id,
      status: "draft",
      company: "Acme",
      mondayNetHours: 9,
      tuesdayNetHours: 8.3,
    });
    expect(read.totalHours).toBe(17.3);

    const drafts = (await call("GET", "/api/timesheets?status=draft", cookie)).json();
    expect(drafts.map((t: { id: string }) => t.id)).toEqual([id]);
    expect((await call("GET", "/api/timesheets?status=completed", cookie)).json()).toEqual([]);
  });

  it("refuses bad input and changes nothing", async () => {
    const cookie = await newDriver();
    const id = randomUUID();
    await call("POST", "/api/timesheets", cookie, { id, company: "Acme" });
    for (const body of [
      { mondayStart: "25:00" },
      { mondayBreak: -5 },
      { operatorSignature: "data:text/plain,hi" },
    ]) {
      expect((await call("PUT", `/api/timesheets/${id}`, cookie, body)).statusCode).toBe(400);
    }
    expect((await call("PUT", `/api/timesheets/${id}`, cookie, { id: randomUUID() })).statusCode).toBe(400);
    expect((await call("GET", "/api/timesheets/not-a-uuid", cookie)).statusCode).toBe(400);
    expect((await call("GET", "/api/timesheets?status=bogus", cookie)).statusCode).toBe(400);
    expect((await call("GET", `/api/timesheets/${id}`, cookie)).json()).toMatchObject({
      company: "Acme",
      mondayStart: "",
      mondayBreak: null,
    });
  });

  it("refuses a week sent for approval whose hours by kind are wrong, saying which and why, and keeps the draft", async () => {
    const cookie = await newDriver();
    const id = randomUUID();
    // Sent without hours by kind, as an app from before sends it: stored without them, its words kept.
    await call("POST", "/api/timesheets", cookie, { id, ...signedWeek({ mondayWorking: "Bulk dig" }) });
    expect((await call("GET", `/api/timesheets/${id}`, cookie)).json()).not.toHaveProperty("hireDays");
    const hireDays = emptyTimesheet().hireDays as HireDays;
    // Monday's 9 hours cannot hold 6 standing and 5 broken down.
    const wrong = {
      ...hireDays.monday,
      standing: 6,
      breakdown: 5,
      standingReason: "weather",
      breakdownReason: "engine",
    };
    const refused = await call("PUT", `/api/timesheets/${id}`, cookie, {
      status: "ready_for_approval",
      hireDays: { ...hireDays, monday: wrong },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      key: "hire.problem.doNotAddUp",
      params: { kinds: 11, day: 9, weekday: "monday" },
    });
    // A draft may hold it while the driver works it out; nothing else is refused for it.
    const draft = await call("PUT", `/api/timesheets/${id}`, cookie, {
      hireDays: { ...hireDays, monday: wrong },
    });
    expect(draft.statusCode).toBe(200);
    const missingReason = { ...hireDays.monday, standing: 2 };
    const noReason = await call("PUT", `/api/timesheets/${id}`, cookie, {
      status: "ready_for_approval",
      hireDays: { ...hireDays, monday: missingReason },
    });
    expect(noReason.json()).toMatchObject({ key: "hire.problem.standingReason" });
    for (const bad of [
      { ...hireDays.monday, standing: -1 },
      { ...hireDays.monday, breakdown: 25 },
      { ...hireDays.monday, standingReason: "<b>weather</b>" },
      { ...hireDays.monday, note: "x".repeat(501) },
      { ...hireDays.monday, breakdownFrom: { date: "2025-13-01", time: "12:00", item: "Hydraulics" } },
    ]) {
      const answer = await call("PUT", `/api/timesheets/${id}`, cookie, {
        hireDays: { ...hireDays, monday: bad },
      });
      expect(answer.statusCode).toBe(400);
    }
    const kept = (await call("GET", `/api/timesheets/${id}`, cookie)).json();
    expect(kept.status).toBe("draft");
    // The worked hours follow the times: what the standing and breakdown leave of Monday's 9 hours.
    expect(kept.hireDays.monday).toMatchObject({ standing: 6, breakdown: 5, worked: 0 });
    const fixed = await call("PUT", `/api/timesheets/${id}`, cookie, {
      status: "ready_for_approval",
      hireDays: { ...hireDays, monday: { ...wrong, standing: 1, breakdown: 2 } },
    });
    expect(fixed.statusCode).toBe(200);
    expect((await call("GET", `/api/timesheets/${id}`, cookie)).json().hireDays.monday.worked).toBe(6);
  });

  it("refuses a week sent with an hour meter going backwards, and keeps the readings as a draft", async () => {
    const cookie = await newDriver();
    const id = randomUUID();
    const hireDays = emptyTimesheet().hireDays as HireDays;
    await call("POST", "/api/timesheets", cookie, {
      id,
      ...signedWeek(),
      hireDays,
      meterStart: "4521.5",
      meterEnd: "",
    });
    const backwards = await call("PUT", `/api/timesheets/${id}`, cookie, {
      status: "ready_for_approval",
      meterEnd: "4500",
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json()).toMatchObject({ key: "meter.backwards", params: { start: 4521.5, end: 4500 } });
    const notANumber = await call("PUT", `/api/timesheets/${id}`, cookie, {
      status: "ready_for_approval",
      meterEnd: "=HYPERLINK(1)",
    });
    expect(notANumber.json()).toMatchObject({ key: "meter.notANumber" });
    expect(
      (await call("PUT", `/api/timesheets/${id}`, cookie, { meterEnd: "x".repeat(51) })).statusCode,
    ).toBe(400);
    expect((await call("GET", `/api/timesheets/${id}`, cookie)).json()).toMatchObject({
      status: "draft",
      meterStart: "4521.5",
      meterEnd: "",
    });
    const sent = await call("PUT", `/api/timesheets/${id}`, cookie, {
      status: "ready_for_approval",
      meterEnd: "4530.5",
    });
    expect(sent.statusCode, sent.body).toBe(200);
  });

  it("never shows or changes another account's timesheet", async () => {
    const owner = await newDriver();
    const other = await newDriver();
    const id = randomUUID();
    await call("POST", "/api/timesheets", owner, { id, company: "Acme" });
    expect((await call("GET", `/api/timesheets/${id}`, other)).statusCode).toBe(404);
    expect((await call("PUT", `/api/timesheets/${id}`, other, { company: "Stolen" })).statusCode).toBe(404);
    expect((await call("DELETE", `/api/timesheets/${id}`, other)).statusCode).toBe(404);
    expect((await call("POST", "/api/timesheets", other, { id, company: "Stolen" })).statusCode).toBe(409);
    expect((await call("GET", "/api/timesheets", other)).json()).toEqual([]);
    expect((await call("GET", `/api/timesheets/${id}`, owner)).json()).toMatchObject({ company: "Acme" });
  });

  it("sets statuses by saving only as the spec allows", async () => {
    const cookie = await newDriver();
    const id = randomUUID();
    await call("POST", "/api/timesheets", cookie, { id });
    const approve = await call("PUT", `/api/timesheets/${id}`, cookie, { status: "approved" });
    expect(approve.statusCode).toBe(400);
    expect((await call("POST", "/api/timesheets", cookie, { status: "archived" })).statusCode).toBe(400);
    // Only what has been sent is archived (the supervisor tests archive dispatched sets).
    const archive = await call("PUT", `/api/timesheets/${id}`, cookie, { status: "archived" });
    expect(archive.statusCode).toBe(409);
    expect(archive.json().message).toBe("Only forms that have been dispatched or completed can be archived.");
    expect((await call("GET", `/api/timesheets/${id}`, cookie)).json()).toMatchObject({ status: "draft" });
  });

  it("deletes a draft", async () => {
    const cookie = await newDriver();
    const id = randomUUID();
    await call("POST", "/api/timesheets", cookie, { id });
    expect((await call("DELETE", `/api/timesheets/${id}`, cookie)).statusCode).toBe(204);
    expect((await call("GET", `/api/timesheets/${id}`, cookie)).statusCode).toBe(404);
  });

  describe("one-step completion", () => {
    const submit = (payload: object, cookie?: string) =>
      call("POST", "/api/timesheets/one-step-completion", cookie, payload);

    it("keeps when each signature was drawn, refusing times in the future or long before the week", async () => {
      const cookie = await newDriver();
      const id = randomUUID();
      // A draft as saved before drawn-at times were kept: it opens and saves as ever.
      expect((await call("POST", "/api/timesheets", cookie, { id, ...twoDayWeek() })).statusCode).toBe(201);
      const old = (await call("GET", `/api/timesheets/${id}`, cookie)).json();
      expect(old.operatorSignature).toBe(storedImageRef(SAMPLE_SIGNATURE));
      expect(old).not.toHaveProperty("operatorSignedAt");

      const save = (fields: object) => call("PUT", `/api/timesheets/${id}`, cookie, fields);
      // The server's clock is 15:00; a phone's may run up to five minutes fast.
      const future = await save({ operatorSignedAt: "2025-06-07T15:05:01.000Z" });
      expect(future.statusCode).toBe(400);
      expect(future.json().message).toBe(
        "The operator signature's time is in the future. Please check the phone's date and time, then sign again.",
      );
      const early = await save({ clientSignedAt: "2025-05-30T23:59:59.000Z" });
      expect(early.statusCode).toBe(400);
      expect(early.json().message).toBe(
        "The client signature was drawn more than 7 days before the form's date. Please sign again.",
      );
      expect((await save({ clientSignedAt: "yesterday" })).statusCode).toBe(400);
      expect(
        (
          await save({
            operatorSignedAt: "2025-06-07T15:04:59.000Z",
            clientSignedAt: "2025-05-31T00:00:00.000Z",
          })
        ).statusCode,
      ).toBe(200);
      expect((await call("GET", `/api/timesheets/${id}`, cookie)).json()).toMatchObject({
        operatorSignedAt: "2025-06-07T15:04:59.000Z",
        clientSignedAt: "2025-05-31T00:00:00.000Z",
      });
      // A stored time is not checked again when the form is saved with it later.
      expect((await save({ ...twoDayWeek(), operatorSignedAt: "2025-06-07T15:04:59.000Z" })).statusCode).toBe(
        200,
      );

      const future2 = await submit(
        {
          timesheetData: { ...twoDayWeek(), id, operatorSignedAt: "2025-06-08T15:00:00.000Z" },
          supervisorRating: "happy",
        },
        cookie,
      );
      expect(future2.statusCode).toBe(400);
      expect(await drainOutbox()).toEqual([]);
      const done = await submit(
        {
          timesheetData: { ...twoDayWeek(), id, clientSignedAt: "2025-06-07T14:58:30.000Z" },
          supervisorRating: "happy",
        },
        cookie,
      );
      expect(done.statusCode).toBe(200);
      const mails = await drainOutbox();
      const attachment = mails[0]!.attachments[0] as { contentBase64: string };
      const text = (await pdfText(Buffer.from(attachment.contentBase64, "base64"))).replace(/\s+/g, " ");
      expect(text).toContain("NAME Dave Digger DATE 07/06/2025 DRAWN 07/06/2025, 16:04:59 BST");
      expect(text).toContain("NAME Fiona Foreman DATE 07/06/2025 DRAWN 07/06/2025, 15:58:30 BST");
      const view = (await call("GET", `/api/completed-forms/${id}`, cookie)).json();
      expect(view.form).toMatchObject({
        operatorSignedAt: "2025-06-07T15:04:59.000Z",
        clientSignedAt: "2025-06-07T14:58:30.000Z",
      });
    });

    it("refuses a submission the submit button would not allow, with the spec's message", async () => {
      const noRating = await submit({ timesheetData: twoDayWeek() });
      expect(noRating.statusCode).toBe(400);
      const unsigned = await submit({
        timesheetData: twoDayWeek({ clientSignature: "" }),
        supervisorRating: "happy",
      });
      expect(unsigned.statusCode).toBe(400);
      const noEmail = await submit({
        timesheetData: twoDayWeek({ submissionEmails: [" "] }),
        supervisorRating: "happy",
      });
      expect(noEmail.statusCode).toBe(400);
      expect(noEmail.json().message).toContain("Please add at least one email address for submission.");
      expect(await drainOutbox()).toEqual([]);
    });

    it("mails an anonymous week as a PDF to each address and keeps nothing", async () => {
      const before = await testApp.database.db
        .selectFrom("forms")
        .select(({ fn }) => fn.countAll().as("n"))
        .executeTakeFirstOrThrow();
      const res = await submit({
        timesheetData: twoDayWeek(),
        supervisorRating: "happy",
        supervisorNotes: "",
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        success: true,
        message: "Timesheet submitted, rating submitted confidentially. Email sent to client!",
        id: null,
        recipients: ["site.office@buildco.co.uk", "accounts@buildco.co.uk"],
      });
      const after = await testApp.database.db
        .selectFrom("forms")
        .select(({ fn }) => fn.countAll().as("n"))
        .executeTakeFirstOrThrow();
      expect(Number(after.n)).toBe(Number(before.n));

      const mails = await drainOutbox();
      expect(mails.map((m) => m.to).sort()).toEqual([
        ["accounts@buildco.co.uk"],
        ["site.office@buildco.co.uk"],
      ]);
      const mail = mails[0]!;
      expect(mail.subject).toBe("Weekly Timesheet - EX-042 - 07/06/2025");
      expect(mail.text).toContain("not kept online");
      expect(mail.text).not.toContain("/completed-form/");
      const attachment = mail.attachments[0]!;
      expect(attachment).toMatchObject({
        contentType: "application/pdf",
        filename: "timesheet-ex-042-2025-06-07.pdf",
      });
      const text = await pdfText(
        Buffer.from((attachment as { contentBase64: string }).contentBase64, "base64"),
      );
      for (const expected of ["Dave Digger", "EX-042", "8.3", "17.3", "Fiona Foreman", "Excellent"]) {
        expect(text).toContain(expected);
      }
    });

    it("completes an account holder's draft, links the read-only view, and locks it", async () => {
      const { cookie, email } = await testApp.newAccount();
      const id = randomUUID();
      await call("POST", "/api/timesheets", cookie, { id, company: "Acme Plant Hire" });
      const res = await submit(
        { timesheetData: { ...twoDayWeek(), id }, supervisorRating: "okay", supervisorNotes: "Tidy work" },
        cookie,
      );
      expect(res.statusCode).toBe(200);
      // The account holder gets a copy of every form they complete.
      expect(res.json()).toMatchObject({
        success: true,
        id,
        recipients: ["site.office@buildco.co.uk", "accounts@buildco.co.uk", email],
      });

      const stored = (await call("GET", `/api/timesheets/${id}`, cookie)).json();
      expect(stored).toMatchObject({
        status: "completed",
        supervisorRating: "okay",
        supervisorNotes: "Tidy work",
      });
      expect(stored.completedAt).toBe("2025-06-07T15:00:00.000Z");
      const audit = await testApp.database.db
        .selectFrom("audit_events")
        .selectAll()
        .where("form_id", "=", id)
        .execute();
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({ form_type: "timesheet", action: "complete", ip: "127.0.0.1" });
      expect(audit[0]!.account_id).not.toBeNull();

      const mails = await drainOutbox();
      expect(mails).toHaveLength(3);
      const link = mails[0]!.text!.match(/http:\/\/sheets\.test\/completed-form\/\S+/)?.[0];
      expect(link).toBeDefined();
      const url = new URL(link!);
      const token = url.searchParams.get("token");
      const view = await call("GET", `/api/completed-forms/${id}?token=${token}`);
      expect(view.statusCode).toBe(200);
      expect(view.json()).toMatchObject({ type: "timesheet", form: { id, plantNumber: "EX-042" } });
      // The view shows the fingerprint the emailed PDF prints, so a changed copy can be told apart.
      const attachment = mails[0]!.attachments[0] as { contentBase64: string };
      expect(view.json().form.signedContentFingerprint).toBe(
        await printedFingerprint(Buffer.from(attachment.contentBase64, "base64")),
      );
      // The rating was given in confidence: the client's copy holds it, the driver's own copy does not, and
      // both print the same fingerprint of what was signed.
      const pdfTo = async (to: string) => {
        const sent = mails.find((mail) => mail.to.includes(to))!.attachments[0] as { contentBase64: string };
        return Buffer.from(sent.contentBase64, "base64");
      };
      const clientCopy = await pdfText(await pdfTo("site.office@buildco.co.uk"));
      expect(clientCopy).toContain("Average");
      expect(clientCopy).toContain("Tidy work");
      const driverCopy = await pdfText(await pdfTo(email));
      for (const hidden of ["Average", "Tidy work", "Rating", "RATING"])
        expect(driverCopy).not.toContain(hidden);
      expect(driverCopy).toContain("EX-042");
      expect(await printedFingerprint(await pdfTo(email))).toBe(view.json().form.signedContentFingerprint);
      expect((await call("GET", `/api/completed-forms/${id}?token=${"x".repeat(43)}`)).statusCode).toBe(404);
      expect((await call("GET", `/api/completed-forms/${id}`)).statusCode).toBe(404);
      expect((await call("GET", `/api/completed-forms/${id}`, cookie)).json()).toMatchObject({
        type: "timesheet",
      });

      expect((await call("PUT", `/api/timesheets/${id}`, cookie, { company: "Changed" })).statusCode).toBe(
        409,
      );
      const again = await submit(
        { timesheetData: { ...twoDayWeek(), id }, supervisorRating: "happy" },
        cookie,
      );
      expect(again.statusCode).toBe(409);
      expect(await drainOutbox()).toEqual([]);
      // A completed form can be filed away.
      expect((await call("PUT", `/api/timesheets/${id}`, cookie, { status: "archived" })).statusCode).toBe(
        200,
      );
      expect((await call("GET", `/api/timesheets/${id}`, cookie)).json()).toMatchObject({
        status: "archived",
      });
    });

    it("cannot complete another account's timesheet", async () => {
      const owner = await newDriver();
      const other = await newDriver();
      const id = randomUUID();
      await call("POST", "/api/timesheets", owner, { id, company: "Acme" });
      const res = await submit({ timesheetData: { ...twoDayWeek(), id }, supervisorRating: "happy" }, other);
      expect(res.statusCode).toBe(409);
      expect((await call("GET", `/api/timesheets/${id}`, owner)).json()).toMatchObject({ status: "draft" });
      expect(await drainOutbox()).toEqual([]);
    });
  });
});
