import { describe, expect, it } from "vitest";
import type { ReviewPage, ReviewWeek } from "../../domain/company/office-review";
import { testDatabases } from "../db/test-databases";
import { signedCheckSheet } from "../pdf/pdf-fixtures";
import { pdfText } from "../pdf/pdf-text";
import { databaseSnapshot } from "../test-support/database-snapshot";
import { type Company, organisationHelpers, type Person } from "../test-support/organisation-world";
import { printedFingerprint } from "../test-support/printed-fingerprint";
import { signedWeek } from "../test-support/signed-week";
import { useTestApp } from "../test-support/test-app";

const NOW = new Date("2025-06-20T09:00:00.000Z");

/**
 * A company's week from the driver's finish to the office's approval (decision record 040): submitted to the
 * office, sent back (even once mailed to the client), fixed as a new signed version, resubmitted with what changed,
 * approved only whole, reopened to the driver, with the week's history.
 */
describe.each(testDatabases())(
  "a company's week, submitted, sent back and approved, on $name",
  ({ open }) => {
    // Time moves on with each step, as people work: the week's history is in the order things happened.
    let clock = NOW.getTime();
    const testApp = useTestApp(open, {
      now: () => {
        clock += 1_000;
        return new Date(clock);
      },
    });
    const { call } = testApp;
    const { company, member } = organisationHelpers(testApp);

    const weekData = (overrides: Record<string, unknown> = {}) =>
      signedWeek({ weekEnding: "2025-06-14", signatureDate: "2025-06-14", ...overrides });

    /** The driver's finish: "Submit to office", the one-step completion with the client's copy by mail. */
    async function submitToOffice(
      driver: Person,
      path: string,
      member: string,
      data: Record<string, unknown>,
    ) {
      const res = await call("POST", path, driver.cookie, { [member]: data, supervisorRating: "happy" });
      expect(res.statusCode, res.body).toBe(200);
      return res;
    }
    const submitTimesheet = (driver: Person, data: Record<string, unknown>) =>
      submitToOffice(driver, "/api/timesheets/one-step-completion", "timesheetData", data);
    const submitCheckSheet = (driver: Person, data: Record<string, unknown>) =>
      submitToOffice(driver, "/api/one-step-completion/check-sheet", "checkSheetData", data);
    const decide = (of: Company, who: Person, timesheetId: string, action: string, payload: object) =>
      call("POST", `/api/organisations/${of.id}/review/${timesheetId}/${action}`, who.cookie, payload);
    const weekOf = async (of: Company, who: Person, timesheetId: string) => {
      const res = await call("GET", `/api/organisations/${of.id}/review/${timesheetId}/week`, who.cookie);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as ReviewWeek;
    };

    /** A driver's week submitted to the office: a timesheet and a check sheet, each mailed to the client. */
    async function submittedWeek(acme: Company, dave: Person) {
      const timesheetId = (await submitTimesheet(dave, weekData())).json().id as string;
      const checkData = {
        ...signedCheckSheet("2025-06-10", { photos: [] }),
        plantNumber: "EX-042",
        submitViaEmail: true,
        submissionEmails: ["site.office@buildco.co.uk"],
      };
      const { status: _status, submittedAt: _submittedAt, ...checkFields } = checkData;
      const checkSheetId = (await submitCheckSheet(dave, checkFields)).json().id as string;
      const page = (
        await call("GET", `/api/organisations/${acme.id}/review`, acme.admin.cookie)
      ).json() as ReviewPage;
      expect(page.items).toEqual([
        expect.objectContaining({
          timesheetId,
          checkSheetIds: [checkSheetId],
          week: { state: "submitted", resubmitted: false },
        }),
      ]);
      await testApp.drainOutbox();
      return { timesheetId, checkSheetId, checkFields };
    }

    it("sends back a form mailed to the client, mails the driver, refuses approval until it is fixed, and prints the fixed version as amended", async () => {
      const acme = await company();
      const dave = await member(acme, "driver");
      const { timesheetId, checkSheetId, checkFields } = await submittedWeek(acme, dave);
      const firstPdf = await (async () => {
        const view = await call("GET", `/api/timesheets/${timesheetId}`, dave.cookie);
        expect(view.json()).toMatchObject({ status: "completed", companyState: { state: "submitted" } });
        return view;
      })();
      expect(firstPdf.statusCode).toBe(200);

      // Markup and a header in the reason stay inert: plain text in the body, never in a header.
      const reason = "Friday's finish <b>time</b>\r\nBcc: victim@example.org";
      const sent = await decide(acme, acme.admin, timesheetId, "send-back", { reason, formId: timesheetId });
      expect(sent.statusCode, sent.body).toBe(200);
      const mails = await testApp.drainOutbox();
      expect(mails).toHaveLength(1);
      const mail = mails[0]!;
      expect(mail.to).toEqual([dave.email]);
      expect(mail.subject).toBe("Your company sent forms back to you on Plant Sheets");
      expect(mail.text).toContain("Friday's finish <b>time</b>");
      expect(mail.html).toContain("Friday&#39;s finish &lt;b&gt;time&lt;/b&gt;");
      expect(mail.html).not.toContain("<b>time</b>");
      expect(JSON.stringify(mail)).not.toMatch(/"bcc"/i);

      // The driver reads it as sent back, with the reason, on the form and on the list.
      const own = (await call("GET", `/api/timesheets/${timesheetId}`, dave.cookie)).json();
      expect(own).toMatchObject({
        status: "draft",
        companyState: { state: "sent_back", reason: reason.trim(), resubmitted: null },
      });
      const list = (await call("GET", "/api/timesheets", dave.cookie)).json();
      const items = (Array.isArray(list) ? list : list.items) as Array<Record<string, unknown>>;
      expect(items.find((item) => item.id === timesheetId)).toMatchObject({
        companyState: { state: "sent_back", reason: reason.trim() },
      });
      // The week stays in the office's list, waiting on the driver.
      const page = (
        await call("GET", `/api/organisations/${acme.id}/review`, acme.admin.cookie)
      ).json() as ReviewPage;
      expect(page.items).toEqual([
        expect.objectContaining({
          timesheetId,
          week: { state: "sent_back", resubmitted: false },
          waitingOnDriver: 1,
        }),
      ]);
      // A check sheet of the week can still go back; then neither approval nor bulk approval goes through.
      const check = await decide(acme, acme.admin, timesheetId, "send-back", {
        reason: "Tyres?",
        formId: checkSheetId,
      });
      expect(check.statusCode, check.body).toBe(200);
      const before = await databaseSnapshot(testApp.database, { except: ["rate_limits"] });
      const refused = await decide(acme, acme.admin, timesheetId, "approve", { rating: "happy" });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe(
        "This week cannot be approved yet: the timesheet of the week ending 14/06/2025 is sent back; the check sheet of 10/06/2025 is sent back. The driver has to submit them first.",
      );
      expect(await databaseSnapshot(testApp.database, { except: ["rate_limits"] })).toEqual(before);
      // Sending back a form the driver holds: nothing to send.
      expect((await decide(acme, acme.admin, timesheetId, "send-back", { reason: "Again" })).statusCode).toBe(
        409,
      );

      // The driver fixes and submits both again: new signed versions, the timesheet's PDF amended.
      await testApp.drainOutbox();
      const earlier = own as Record<string, unknown>;
      await submitTimesheet(dave, weekData({ id: timesheetId, fridayStart: "07:00", fridayFinish: "15:30" }));
      const [clientCopy] = await testApp.drainOutbox();
      const pdf = Buffer.from(
        (clientCopy!.attachments[0] as { contentBase64: string }).contentBase64,
        "base64",
      );
      const text = (await pdfText(pdf)).replace(/\s+/g, " ");
      expect(text).toMatch(
        /Amended: this version replaces the signed version the company returned, whose SHA-256 of signed content was [0-9a-f]{64}/,
      );
      const replaced = /was ([0-9a-f]{64})/.exec(text)?.[1];
      expect(replaced).not.toBe(await printedFingerprint(pdf));
      expect(earlier.id).toBe(timesheetId);
      await submitCheckSheet(dave, { ...checkFields, id: checkSheetId, defectsNotes: "Tyres fine" });

      const resubmitted = (await call("GET", `/api/timesheets/${timesheetId}`, dave.cookie)).json();
      expect(resubmitted.companyState).toEqual({
        state: "submitted",
        resubmitted: {
          at: expect.any(String),
          changes: ["fridayFinish", "fridayNetHours", "fridayStart", "totalHours"],
        },
        reason: null,
      });
      const week = await weekOf(acme, acme.admin, timesheetId);
      expect(week.forms.map((form) => form.state.resubmitted?.changes)).toEqual([
        ["fridayFinish", "fridayNetHours", "fridayStart", "totalHours"],
        ["defectsNotes"],
      ]);
      expect(week.history.map((event) => [event.action, event.kind])).toEqual([
        ["submitted", "timesheet"],
        ["submitted", "check-sheet"],
        ["sent_back", "timesheet"],
        ["sent_back", "check-sheet"],
        ["resubmitted", "timesheet"],
        ["resubmitted", "check-sheet"],
      ]);
      expect(week.history[2]).toMatchObject({ reason: reason.trim(), by: expect.any(String) });

      const approved = await decide(acme, acme.admin, timesheetId, "approve", { rating: "happy" });
      expect(approved.statusCode, approved.body).toBe(200);
      expect((await weekOf(acme, acme.admin, timesheetId)).forms.map((form) => form.state.state)).toEqual([
        "approved",
        "approved",
      ]);
    });

    it("reopens an approved week to the driver with the reason and a mail, and keeps its history", async () => {
      const acme = await company();
      const dave = await member(acme, "driver");
      const { timesheetId, checkSheetId, checkFields } = await submittedWeek(acme, dave);
      expect((await decide(acme, acme.admin, timesheetId, "approve", { rating: "happy" })).statusCode).toBe(
        200,
      );
      const reopened = await decide(acme, acme.admin, timesheetId, "reopen", {
        reason: "Client disputes Monday",
      });
      expect(reopened.statusCode, reopened.body).toBe(200);
      const [mail] = await testApp.drainOutbox();
      expect(mail).toMatchObject({
        to: [dave.email],
        subject: "Your company reopened your week on Plant Sheets",
      });
      expect(mail!.text).toContain("Reason: Client disputes Monday");
      const own = (await call("GET", `/api/timesheets/${timesheetId}`, dave.cookie)).json();
      expect(own).toMatchObject({
        status: "draft",
        companyState: { state: "reopened", reason: "Client disputes Monday" },
      });
      // Editable again, and approved only once submitted again.
      expect((await decide(acme, acme.admin, timesheetId, "approve", { rating: "okay" })).statusCode).toBe(
        409,
      );
      await submitTimesheet(dave, weekData({ id: timesheetId, mondayFinish: "15:30" }));
      // The check sheet was reopened with it: the week is whole once it is submitted again too.
      expect(
        (await decide(acme, acme.admin, timesheetId, "approve", { rating: "okay" })).json().message,
      ).toMatch(/check sheet of 10\/06\/2025 is reopened/);
      await submitCheckSheet(dave, { ...checkFields, id: checkSheetId });
      expect((await decide(acme, acme.admin, timesheetId, "approve", { rating: "okay" })).statusCode).toBe(
        200,
      );
      const week = await weekOf(acme, acme.admin, timesheetId);
      expect(week.history.filter((e) => e.kind === "timesheet").map((e) => e.action)).toEqual([
        "submitted",
        "approved",
        "reopened",
        "resubmitted",
        "approved",
      ]);
      expect(week.history.find((e) => e.action === "reopened")?.reason).toBe("Client disputes Monday");
    });

    it("reopens one form of an approved week: only it goes back to the driver, the rest wait submitted", async () => {
      const acme = await company();
      const dave = await member(acme, "driver");
      const { timesheetId, checkSheetId } = await submittedWeek(acme, dave);
      expect((await decide(acme, acme.admin, timesheetId, "approve", { rating: "happy" })).statusCode).toBe(
        200,
      );
      const rival = await company("Rival Haulage Ltd");
      const rivalWeek = (await submitTimesheet(await member(rival, "driver"), weekData())).json()
        .id as string;
      const elsewhere = await decide(acme, acme.admin, timesheetId, "reopen", {
        reason: "Friday's break",
        formId: rivalWeek,
      });
      expect(elsewhere.statusCode).toBe(404);
      await testApp.drainOutbox();

      const reopened = await decide(acme, acme.admin, timesheetId, "reopen", {
        reason: "Friday's break was an hour",
        formId: timesheetId,
      });
      expect(reopened.statusCode, reopened.body).toBe(200);
      const mails = await testApp.drainOutbox();
      expect(mails).toHaveLength(1);
      expect(mails[0]!.text).toContain("Reason: Friday's break was an hour");
      expect(mails[0]!.text).not.toMatch(/check sheet/i);
      expect((await weekOf(acme, acme.admin, timesheetId)).forms.map((form) => form.state.state)).toEqual([
        "reopened",
        "submitted",
      ]);
      const check = (await call("GET", `/api/check-sheets/${checkSheetId}`, dave.cookie)).json();
      expect(check).toMatchObject({ status: "completed", companyState: { state: "submitted" } });
      // The timesheet fixed and submitted again, the week is whole: approved anew.
      await submitTimesheet(dave, weekData({ id: timesheetId, fridayBreak: 60 }));
      expect((await decide(acme, acme.admin, timesheetId, "approve", { rating: "okay" })).statusCode).toBe(
        200,
      );
      const week = await weekOf(acme, acme.admin, timesheetId);
      expect(week.forms.map((form) => form.state.state)).toEqual(["approved", "approved"]);
      expect(week.history.filter((e) => e.kind === "check-sheet").map((e) => e.action)).toEqual([
        "submitted",
        "approved",
        "approved",
      ]);
    });

    it("records a form submitted to the office by a plain save once, with the driver and time, and its resubmission", async () => {
      const acme = await company();
      const dave = await member(acme, "driver");
      const { fullName } = (await call("GET", "/api/drivers/me", dave.cookie)).json() as { fullName: string };
      const fields = { weekEnding: "2025-06-14", driverSignedName: "Dave Digger", plantNumber: "EX-042" };
      const timesheetId = await testApp.createDraft("timesheets", dave.cookie, fields);
      // A check sheet made already submitted is submitted for the first time too.
      const checkSheetId = await testApp.createDraft("check-sheets", dave.cookie, {
        ...signedCheckSheet("2025-06-10", { photos: [] }),
        plantNumber: "EX-042",
        status: "ready_for_approval",
      });
      const save = async (body: Record<string, unknown>) => {
        const res = await call("PUT", `/api/timesheets/${timesheetId}`, dave.cookie, body);
        expect(res.statusCode, res.body).toBe(200);
      };
      // Saving a draft records nothing; "Submit to office" by a plain save records the submission.
      await save({ ...fields, mondayStart: "07:00" });
      expect((await weekOf(acme, acme.admin, timesheetId)).history).toEqual([
        expect.objectContaining({ action: "submitted", formId: checkSheetId }),
      ]);
      await save({ status: "ready_for_approval" });
      const { submittedAt } = (await call("GET", `/api/timesheets/${timesheetId}`, dave.cookie)).json();
      const submitted = (await weekOf(acme, acme.admin, timesheetId)).history;
      expect(submitted).toHaveLength(2);
      expect(submitted[1]).toEqual({
        at: submittedAt,
        action: "submitted",
        formId: timesheetId,
        kind: "timesheet",
        date: "2025-06-14",
        by: fullName,
        reason: null,
        changes: null,
      });
      // Saved again while submitted, or taken back and submitted again by the driver: still one submission.
      await save({ status: "ready_for_approval", mondayFinish: "16:00" });
      await save({ status: "draft" });
      await save({ status: "ready_for_approval" });
      expect((await weekOf(acme, acme.admin, timesheetId)).history).toEqual(submitted);

      // Sent back and submitted again by a plain save: the resubmission, with what changed, is its own row.
      const sent = await decide(acme, acme.admin, timesheetId, "send-back", { reason: "Monday?" });
      expect(sent.statusCode, sent.body).toBe(200);
      await save({ status: "ready_for_approval", mondayFinish: "15:30" });
      const history = (await weekOf(acme, acme.admin, timesheetId)).history;
      // The week goes back at one time: its two rows in either order.
      expect(history.map((event) => [event.action, event.kind])).toEqual([
        ["submitted", "check-sheet"],
        ["submitted", "timesheet"],
        ...[history[2], history[3]].map((event) => ["sent_back", event?.kind]),
        ["resubmitted", "timesheet"],
      ]);
      expect(
        history
          .slice(2, 4)
          .map((event) => event.kind)
          .sort(),
      ).toEqual(["check-sheet", "timesheet"]);
      expect(history.at(-1)).toMatchObject({
        by: fullName,
        changes: ["mondayFinish", "mondayNetHours", "totalHours"],
      });
    });

    it("answers 404 for another company's week and forms, and changes nothing", async () => {
      const acme = await company();
      const dave = await member(acme, "driver");
      const rival = await company("Rival Haulage Ltd");
      const rivalDriver = await member(rival, "driver");
      const { timesheetId } = await submittedWeek(acme, dave);
      const rivalWeek = (await submitTimesheet(rivalDriver, weekData())).json().id as string;
      await testApp.drainOutbox();
      const before = await databaseSnapshot(testApp.database, { except: ["rate_limits"] });
      const week = (of: Company, who: Person, id: string) =>
        call("GET", `/api/organisations/${of.id}/review/${id}/week`, who.cookie);
      expect((await week(acme, acme.admin, rivalWeek)).statusCode).toBe(404);
      expect((await week(rival, acme.admin, timesheetId)).statusCode).toBe(404);
      expect((await week(acme, dave, timesheetId)).statusCode).toBe(403);
      const rivalForm = await decide(acme, acme.admin, timesheetId, "send-back", {
        reason: "x",
        formId: rivalWeek,
      });
      expect(rivalForm.statusCode).toBe(404);
      expect((await decide(acme, acme.admin, rivalWeek, "send-back", { reason: "x" })).statusCode).toBe(404);
      expect(await databaseSnapshot(testApp.database, { except: ["rate_limits"] })).toEqual(before);
      expect(await testApp.drainOutbox()).toEqual([]);
    });
  },
);
