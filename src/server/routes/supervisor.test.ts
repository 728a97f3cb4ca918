import { randomUUID } from "node:crypto";
import { beforeEach, describe, expect, it } from "vitest";
import type { OutboxMessage } from "../db/outbox-repository";
import { testDatabases } from "../db/test-databases";
import { CLIENT_SIGNATURE, OPERATOR_SIGNATURE } from "../pdf/pdf-fixtures";
import { pdfImages } from "../pdf/pdf-images";
import { pdfText } from "../pdf/pdf-text";
import { organisationHelpers } from "../test-support/organisation-world";
import { combinedFormOf, FORM_HEADER, signedWeek, weekApproval } from "../test-support/signed-week";
import { storedImageRef } from "../test-support/stored-image-ref";
import { useTestApp } from "../test-support/test-app";

const USER_AGENT = "PlantSheetsTest/1.0";
const NOW = "2025-06-07T15:00:00.000Z";

/** A week signed by operator and client, each in a hand of their own, addressed to the client's office. */
const signedTimesheet = (overrides: Record<string, unknown> = {}) =>
  signedWeek({ operatorSignature: OPERATOR_SIGNATURE, clientSignature: CLIENT_SIGNATURE, ...overrides });

/** A day's check signed by operator and client with printed names (still a draft). */
function signedCheckSheet(checkDate: string, overrides: Record<string, unknown> = {}) {
  return {
    ...FORM_HEADER,
    checkDate,
    defectTyres: false,
    defectLights: true,
    defectsNotes: `Walk-round on ${checkDate}`,
    operatorSignature: OPERATOR_SIGNATURE,
    operatorSignedName: "Dave Digger",
    clientSignature: CLIENT_SIGNATURE,
    clientSignedName: "Fiona Foreman",
    signatureDate: checkDate,
    ...overrides,
  };
}

const approval = weekApproval("Good week on site");
const rating = { rating: "happy", notes: "Careful operator", ratedAt: "2025-06-07T14:56:00.000Z" };

function attachment(mail: OutboxMessage): Buffer {
  const [file] = mail.attachments;
  if (!file || !("contentBase64" in file)) throw new Error("no inline attachment");
  expect(file.contentType).toBe("application/pdf");
  return Buffer.from(file.contentBase64, "base64");
}

const flat = async (pdf: Buffer) => (await pdfText(pdf)).replace(/\s+/g, " ");

describe.each(testDatabases())("supervisor area on $name", ({ open }) => {
  const testApp = useTestApp(open, { now: () => new Date(NOW), headers: { "user-agent": USER_AGENT } });
  const { call, newAccount: newDriver, drainOutbox, createDraft: create, uploadPhoto } = testApp;

  beforeEach(async () => {
    await drainOutbox();
  });

  /** A driver's week: a timesheet and two check sheets, the first with a photo. */
  async function week(
    options: { timesheet?: Record<string, unknown>; sheets?: Record<string, unknown>[] } = {},
  ) {
    const driver = await newDriver();
    const photo = await uploadPhoto(driver.cookie);
    const timesheetId = await create("timesheets", driver.cookie, signedTimesheet(options.timesheet));
    const sheetIds = [
      await create(
        "check-sheets",
        driver.cookie,
        signedCheckSheet("2025-06-03", { photos: [photo], ...options.sheets?.[0] }),
      ),
      await create("check-sheets", driver.cookie, signedCheckSheet("2025-06-05", options.sheets?.[1])),
    ];
    const combinedId = `combined-${timesheetId}`;
    const submission = {
      combinedId,
      timesheet: { id: timesheetId },
      checkSheets: sheetIds.map((id) => ({ id })),
    };
    return { ...driver, timesheetId, sheetIds, combinedId, submission };
  }

  async function statuses(cookie: string, timesheetId: string, sheetIds: readonly string[]) {
    const ts = (await call("GET", `/api/timesheets/${timesheetId}`, cookie)).json().status;
    const cs = [];
    for (const id of sheetIds) cs.push((await call("GET", `/api/check-sheets/${id}`, cookie)).json().status);
    return [ts, ...cs];
  }

  async function auditOf(formId: string) {
    return testApp.database.db
      .selectFrom("audit_events")
      .selectAll()
      .where("form_id", "=", formId)
      .orderBy("created_at")
      .orderBy("action")
      .execute();
  }

  const dispatchBody = (combinedId: string, emailAddresses = ["site.office@buildco.co.uk"]) => ({
    combinedId,
    emailAddresses,
    message: "Please file with the June invoices.",
  });

  /** The set's dispatch from the supervisor screen, to the client's office, by the driver who made it. */
  const dispatchSet = (w: { cookie: string; combinedId: string }) =>
    call("POST", "/api/supervisor/email-dispatch", w.cookie, dispatchBody(w.combinedId));
  /** How many mails were ever queued, sent or not. */
  const mailCount = async () =>
    Number(
      (
        await testApp.database.db
          .selectFrom("mail_outbox")
          .select(({ fn }) => fn.countAll().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );

  const dashboardBody = (w: Awaited<ReturnType<typeof week>>, emailAddresses: string[]) => ({
    combinedFormData: { ...combinedFormOf(w, approval), type: "combined" },
    emailAddresses,
    supervisorApproval: approval,
    supervisorRating: rating,
  });

  /** The dashboard's approval and dispatch of a week in one step, sent by the driver of `cookie`. */
  const dispatchFromDashboard = (cookie: string, body: object) =>
    call("POST", "/api/supervisor-email-dispatch", cookie, body);

  it("needs an account for every call", async () => {
    const id = `combined-${randomUUID()}`;
    for (const [url, body] of [
      ["/api/combined-submission", { combinedId: id }],
      ["/api/supervisor/email-dispatch", dispatchBody(id)],
      ["/api/supervisor-email-dispatch", {}],
      [`/api/combined-forms/${id}/complete`, { status: "completed" }],
    ] as const) {
      expect((await call("POST", url, undefined, body)).statusCode).toBe(401);
    }
    expect((await call("GET", "/api/collations")).statusCode).toBe(401);
  });

  describe("Get Approval (POST /api/combined-submission)", () => {
    it("approves a green set read from the database and mails the pack to client and supervisor", async () => {
      const w = await week();
      // The copies sent are ignored: only the ids count.
      const res = await call("POST", "/api/combined-submission", w.cookie, {
        ...w.submission,
        timesheet: { id: w.timesheetId, plantNumber: "FORGED-1" },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({
        success: true,
        message: "Combined forms submitted successfully! Email sent to client and supervisor.",
        key: "supervisor.combinedSubmitted",
        recipients: 2,
        recipientAddresses: ["site.office@buildco.co.uk", w.email],
      });
      expect(await statuses(w.cookie, w.timesheetId, w.sheetIds)).toEqual([
        "approved",
        "approved",
        "approved",
      ]);

      const mails = await drainOutbox();
      expect(mails.map((m) => m.to[0]).sort()).toEqual(["site.office@buildco.co.uk", w.email].sort());
      // Nobody has signed the pack yet: the mail and the PDF say it is for approval, never "signed".
      expect(mails[0]!.subject).toBe("Weekly Pack for approval - EX-042 - 07/06/2025");
      expect(mails[0]!.text).toContain(
        "This Weekly Pack is for approval: the client and the foreman have not signed it yet.",
      );
      expect(mails[0]!.text).not.toMatch(/signed Weekly Pack|has been submitted/);
      expect(mails[0]!.html).not.toContain("A signed");
      const text = await flat(attachment(mails[0]!));
      expect(text).toContain("Weekly Pack: For Approval");
      expect(text).toContain("not yet signed by the client representative or the foreman");
      expect(text).not.toContain("Supervisor Approval");
      expect(text).toContain("Weekly Timesheet");
      expect(text).toContain("Walk-round on 2025-06-03");
      expect(text).toContain("Walk-round on 2025-06-05");
      expect(text).not.toContain("FORGED-1");

      for (const id of [w.timesheetId, ...w.sheetIds]) {
        const rows = await auditOf(id);
        expect(rows).toHaveLength(1);
        expect(rows[0]).toMatchObject({ action: "approve", ip: "127.0.0.1", user_agent: USER_AGENT });
        expect(rows[0]!.account_id).not.toBeNull();
        expect(JSON.parse(rows[0]!.details ?? "{}")).toMatchObject({ combinedId: w.combinedId });
      }
      // Approved forms are no longer edited by saving.
      const edit = await call("PUT", `/api/check-sheets/${w.sheetIds[0]}`, w.cookie, {
        defectsNotes: "later",
      });
      expect(edit.statusCode).toBe(409);
    });

    it("refuses a set that is not green, changes nothing and sends nothing", async () => {
      const w = await week({ sheets: [{}, { clientSignature: "" }] });
      const res = await call("POST", "/api/combined-submission", w.cookie, w.submission);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toContain("Ready for Client/Foreman Approval");
      expect(await statuses(w.cookie, w.timesheetId, w.sheetIds)).toEqual(["draft", "draft", "draft"]);
      expect(await drainOutbox()).toEqual([]);
      expect(await auditOf(w.timesheetId)).toEqual([]);
    });

    it("approves a fully signed set whose check sheets were submitted the normal way", async () => {
      const w = await week({ sheets: [{ status: "ready_for_approval" }, { status: "ready_for_approval" }] });
      const res = await call("POST", "/api/combined-submission", w.cookie, w.submission);
      expect(res.statusCode, res.body).toBe(200);
      expect(await statuses(w.cookie, w.timesheetId, w.sheetIds)).toEqual([
        "approved",
        "approved",
        "approved",
      ]);
    });

    it("refuses a set that is not what the pairing rule makes of the forms", async () => {
      const w = await week();
      const partial = { ...w.submission, checkSheets: [{ id: w.sheetIds[0] }] };
      const res = await call("POST", "/api/combined-submission", w.cookie, partial);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(
        "These forms no longer make up this set. Please refresh and try again.",
      );
      // A check sheet of another plant does not belong to this week's set.
      const stranger = await create(
        "check-sheets",
        w.cookie,
        signedCheckSheet("2025-06-04", { plantNumber: "DZ-9" }),
      );
      const padded = { ...w.submission, checkSheets: [...w.submission.checkSheets, { id: stranger }] };
      expect((await call("POST", "/api/combined-submission", w.cookie, padded)).statusCode).toBe(409);
      expect(await statuses(w.cookie, w.timesheetId, w.sheetIds)).toEqual(["draft", "draft", "draft"]);
    });

    it("answers 404 for another account's set, and refuses approving twice", async () => {
      const w = await week();
      const other = await newDriver();
      expect((await call("POST", "/api/combined-submission", other.cookie, w.submission)).statusCode).toBe(
        404,
      );
      expect((await call("POST", "/api/combined-submission", w.cookie, w.submission)).statusCode).toBe(200);
      const again = await call("POST", "/api/combined-submission", w.cookie, w.submission);
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe("These forms have already been approved.");
    });
  });

  describe("Email Dispatch (POST /api/supervisor/email-dispatch)", () => {
    it("refuses a draft set", async () => {
      const w = await week();
      const res = await dispatchSet(w);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe("These forms must be approved before they can be dispatched.");
      expect(await drainOutbox()).toEqual([]);
    });

    it("mails one pack with the approval and rating to every recipient and marks the set dispatched", async () => {
      const w = await week();
      const approved = await call("POST", "/api/combined-submission", w.cookie, {
        ...w.submission,
        supervisorApproval: approval,
        supervisorRating: rating,
      });
      expect(approved.statusCode, approved.body).toBe(200);
      await drainOutbox();

      const other = await newDriver();
      const body = dispatchBody(w.combinedId, ["site.office@buildco.co.uk", "accounts@buildco.co.uk"]);
      expect((await call("POST", "/api/supervisor/email-dispatch", other.cookie, body)).statusCode).toBe(404);

      const res = await call("POST", "/api/supervisor/email-dispatch", w.cookie, body);
      expect(res.statusCode, res.body).toBe(200);
      // The account holder gets a copy, and the answer names every recipient.
      const everyone = ["site.office@buildco.co.uk", "accounts@buildco.co.uk", w.email];
      expect(res.json()).toEqual({
        success: true,
        message: `Forms dispatched successfully to 3 recipients: ${everyone.join(", ")}!`,
        key: "dispatch.dispatched",
        params: { count: 3, addresses: everyone.join(", ") },
        recipients: 3,
        recipientAddresses: everyone,
      });
      expect(await statuses(w.cookie, w.timesheetId, w.sheetIds)).toEqual([
        "dispatched",
        "dispatched",
        "dispatched",
      ]);

      const mails = await drainOutbox();
      expect(mails.map((m) => m.to[0]).sort()).toEqual([...everyone].sort());
      expect(mails[0]!.subject).toBe("Weekly Pack approved and signed - EX-042 - 07/06/2025");
      expect(mails[0]!.text).toContain(
        "This Weekly Pack has been approved and signed by Colin Client (client representative) and Frank Foreman (foreman).",
      );
      expect(mails[0]!.text).toContain("Please file with the June invoices.");
      const link = mails[0]!.text!.match(/http:\/\/sheets\.test\/completed-form\/\S+/)?.[0];
      expect(link).toContain(w.timesheetId);
      const pdf = attachment(mails[0]!);
      const text = await flat(pdf);
      expect(text).toContain("Weekly Pack: Approved");
      expect(text).toContain("Weekly Pack approved and signed by Colin Client and Frank Foreman.");
      expect(text).toContain("Weekly Timesheet WEEK ENDING 07/06/2025");
      expect(text).toContain("Daily Plant Defect Check CHECK DATE 03/06/2025");
      expect(text).toContain("Daily Plant Defect Check CHECK DATE 05/06/2025");
      expect(text).toContain("Colin Client");
      expect(text).toContain("Frank Foreman");
      expect(text).toContain("RATING Excellent RATING NOTES Careful operator");
      // Client and foreman, two on the timesheet, two on each check sheet, and the one photo.
      expect((await pdfImages(pdf)).flat()).toHaveLength(2 + 2 + 2 * 2 + 1);

      const rows = await auditOf(w.sheetIds[1]!);
      expect(rows.map((r) => r.action).sort()).toEqual(["approve", "dispatch"]);

      const again = await call("POST", "/api/supervisor/email-dispatch", w.cookie, body);
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe("These forms have already been dispatched.");
    });
  });

  describe("completion (POST /api/combined-forms/{id}/complete)", () => {
    it("words each copy of the pack in its reader's language: the sender's in theirs, the others in their company's", async () => {
      const w = await week();
      const approved = await call("POST", "/api/combined-submission", w.cookie, {
        ...w.submission,
        supervisorApproval: approval,
        supervisorRating: rating,
      });
      expect(approved.statusCode, approved.body).toBe(200);
      expect((await call("PUT", "/api/drivers/me/language", w.cookie, { language: "pl" })).statusCode).toBe(
        204,
      );
      await drainOutbox();

      // Without a company, the client's copy stays English.
      expect((await dispatchSet(w)).statusCode).toBe(200);
      const mails = await drainOutbox();
      const own = mails.find((mail) => mail.to.includes(w.email))!;
      const client = mails.find((mail) => mail.to.includes("site.office@buildco.co.uk"))!;
      expect(own.subject).toBe("Pakiet tygodniowy zatwierdzony i podpisany - EX-042 - 07/06/2025");
      expect(own.text).toContain(
        "Ten pakiet tygodniowy zatwierdzili i podpisali Colin Client (przedstawiciel klienta) i Frank Foreman (brygadzista).",
      );
      expect(own.text).toContain("Arkusze kontroli: 2");
      expect(own.text).toContain("Zatwierdzili: Colin Client, Frank Foreman");
      expect(await flat(attachment(own))).toContain("Pakiet tygodniowy: zatwierdzony");
      expect(client.subject).toBe("Weekly Pack approved and signed - EX-042 - 07/06/2025");
      expect(await flat(attachment(client))).toContain("Weekly Pack: Approved");

      // In a company that works in Romanian, the client's copy is in Romanian; the sender's stays in theirs.
      const { company, member } = organisationHelpers(testApp);
      const w2 = await week();
      const acme = await company("Acme Plant Hire Ltd");
      // A driver joins by a join code: their role needs no id of theirs.
      await member(acme, "driver", { cookie: w2.cookie, email: w2.email, id: "" });
      expect(
        (await call("PUT", `/api/organisations/${acme.id}/language`, acme.admin.cookie, { language: "ro" }))
          .statusCode,
      ).toBe(200);
      const approved2 = await call("POST", "/api/combined-submission", w2.cookie, {
        ...w2.submission,
        supervisorApproval: approval,
        supervisorRating: rating,
      });
      expect(approved2.statusCode, approved2.body).toBe(200);
      const forClient = (await drainOutbox()).find((mail) => mail.to.includes("site.office@buildco.co.uk"))!;
      expect(forClient.subject).toBe("Pachet săptămânal aprobat și semnat - EX-042 - 07/06/2025");
      expect(await flat(attachment(forClient))).toContain("Pachet săptămânal: aprobat");
    });

    it("completes a dispatched set once, then the set is read-only", async () => {
      const w = await week();
      const complete = () =>
        call("POST", `/api/combined-forms/${w.combinedId}/complete`, w.cookie, { status: "completed" });
      expect((await complete()).statusCode).toBe(409);
      await call("POST", "/api/combined-submission", w.cookie, w.submission);
      const early = await complete();
      expect(early.statusCode).toBe(409);
      expect(early.json().message).toBe("These forms must be dispatched before they can be completed.");
      await dispatchSet(w);

      const other = await newDriver();
      const stolen = await call("POST", `/api/combined-forms/${w.combinedId}/complete`, other.cookie, {
        status: "completed",
      });
      expect(stolen.statusCode).toBe(404);
      expect(
        (await call("POST", `/api/combined-forms/${w.combinedId}/complete`, w.cookie, { status: "archived" }))
          .statusCode,
      ).toBe(400);

      const res = await complete();
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ id: w.combinedId, status: "completed" });
      expect(await statuses(w.cookie, w.timesheetId, w.sheetIds)).toEqual([
        "completed",
        "completed",
        "completed",
      ]);
      const twice = await complete();
      expect(twice.statusCode).toBe(409);
      expect(twice.json().message).toBe("These forms have already been completed and emailed.");

      const edit = await call("PUT", `/api/timesheets/${w.timesheetId}`, w.cookie, { company: "Changed" });
      expect(edit.statusCode).toBe(409);
      expect(edit.json().message).toBe("This form has been completed and can no longer be changed.");
      expect((await auditOf(w.timesheetId)).map((r) => r.action).sort()).toEqual([
        "approve",
        "complete",
        "dispatch",
      ]);
    });
  });

  describe("Email to Clients & Complete (POST /api/supervisor-email-dispatch)", () => {
    it("stores the approval and rating, mails the pack to every address and completes the set", async () => {
      // Submitted check sheets whose client has not signed yet: the set is orange, and ready on the dashboard.
      const w = await week({
        sheets: [
          { status: "ready_for_approval", clientSignature: "", clientSignedName: "" },
          { status: "ready_for_approval" },
        ],
      });
      const addresses = ["site.office@buildco.co.uk", "accounts@buildco.co.uk"];
      const other = await newDriver();
      expect((await dispatchFromDashboard(other.cookie, dashboardBody(w, addresses))).statusCode).toBe(404);

      const res = await dispatchFromDashboard(w.cookie, dashboardBody(w, addresses));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({
        success: true,
        message: `Forms approved and emailed to site.office@buildco.co.uk, accounts@buildco.co.uk, ${w.email} successfully!`,
        key: "approval.approvedAndEmailed",
        params: { addresses: [...addresses, w.email].join(", ") },
        recipients: 3,
        recipientAddresses: [...addresses, w.email],
      });
      expect(await statuses(w.cookie, w.timesheetId, w.sheetIds)).toEqual([
        "completed",
        "completed",
        "completed",
      ]);
      const stored = await testApp.database.db
        .selectFrom("supervisor_approvals")
        .selectAll()
        .where("id", "=", w.combinedId)
        .executeTakeFirstOrThrow();
      expect(stored).toMatchObject({
        timesheet_id: w.timesheetId,
        client_name: "Colin Client",
        client_signature: storedImageRef(CLIENT_SIGNATURE),
        foreman_name: "Frank Foreman",
        foreman_signature: storedImageRef(OPERATOR_SIGNATURE),
        approved_at: approval.approvedAt,
        notes: "Good week on site",
        rating: "happy",
        rating_notes: "Careful operator",
        rated_at: rating.ratedAt,
        status: "completed",
      });
      expect(JSON.parse(stored.check_sheet_ids).sort()).toEqual([...w.sheetIds].sort());

      const mails = await drainOutbox();
      // The account holder (the supervisor on this device) gets a copy of the completed pack.
      expect(mails.map((m) => m.to[0]).sort()).toEqual([...addresses, w.email].sort());
      for (const mail of mails) {
        const text = await flat(attachment(mail));
        expect(text).toContain("Weekly Timesheet WEEK ENDING 07/06/2025");
        expect(text).toContain("Walk-round on 2025-06-03");
        expect(text).toContain("Walk-round on 2025-06-05");
        expect(text).toContain("CLIENT REPRESENTATIVE NAME Colin Client DATE 07/06/2025");
        expect(text).toContain("FOREMAN NAME Frank Foreman DATE 07/06/2025");
        expect(text).toContain("RATING Excellent");
      }
      expect((await auditOf(w.timesheetId)).map((r) => r.action).sort()).toEqual([
        "approve",
        "complete",
        "dispatch",
      ]);

      // The emailed link opens the set's timesheet with its check sheets and approval, without logging in.
      const link = new URL(mails[0]!.text!.match(/http:\/\/sheets\.test\/completed-form\/\S+/)?.[0] ?? "");
      const view = await call(
        "GET",
        `/api/completed-forms/${w.timesheetId}?token=${link.searchParams.get("token")}`,
      );
      expect(view.statusCode).toBe(200);
      const { set } = view.json();
      expect(set).toMatchObject({
        id: w.combinedId,
        status: "completed",
        approval: { clientName: "Colin Client", foremanName: "Frank Foreman" },
        rating: { rating: "happy", notes: "Careful operator" },
      });
      expect(set.checkSheets.map((c: { id: string }) => c.id).sort()).toEqual([...w.sheetIds].sort());
      expect((await call("GET", "/api/combined-sets", w.cookie)).json()).toEqual([
        expect.objectContaining({ id: w.combinedId, timesheetId: w.timesheetId, status: "completed" }),
      ]);
      expect((await call("GET", "/api/combined-sets", other.cookie)).json()).toEqual([]);
      expect((await call("GET", "/api/combined-sets")).statusCode).toBe(401);
      const again = await dispatchFromDashboard(w.cookie, dashboardBody(w, addresses));
      expect(again.statusCode).toBe(409);
      const complete = await call("POST", `/api/combined-forms/${w.combinedId}/complete`, w.cookie, {
        status: "completed",
      });
      expect(complete.statusCode).toBe(409);
      expect(await drainOutbox()).toEqual([]);
    });

    it("completes a set approved earlier, as it was approved", async () => {
      const w = await week();
      await call("POST", "/api/combined-submission", w.cookie, w.submission);
      await drainOutbox();
      const res = await dispatchFromDashboard(w.cookie, dashboardBody(w, ["a@buildco.co.uk"]));
      expect(res.statusCode, res.body).toBe(200);
      expect(await statuses(w.cookie, w.timesheetId, w.sheetIds)).toEqual([
        "completed",
        "completed",
        "completed",
      ]);
      // The client's copy and the account holder's.
      expect((await drainOutbox()).map((m) => m.to[0]).sort()).toEqual(["a@buildco.co.uk", w.email].sort());
    });

    it("refuses when the dispatch-readiness rule fails or the forms are not ready", async () => {
      const w = await week({ sheets: [{}, { operatorSignature: "" }] });
      const blankName = dashboardBody(w, ["a@buildco.co.uk"]);
      blankName.supervisorApproval = { ...approval, foremanName: "   " };
      const refused = await dispatchFromDashboard(w.cookie, blankName);
      expect(refused.statusCode).toBe(400);
      const noAddress = await dispatchFromDashboard(w.cookie, dashboardBody(w, [" "]));
      expect(noAddress.statusCode).toBe(400);
      expect(noAddress.json().message).toContain("Please enter at least one email address.");

      const unsigned = await dispatchFromDashboard(w.cookie, dashboardBody(w, ["a@buildco.co.uk"]));
      expect(unsigned.statusCode).toBe(409);
      expect(unsigned.json().message).toBe(
        "The timesheet needs the operator's and the client's signatures, and every check sheet the operator's, before approval.",
      );
      expect(await statuses(w.cookie, w.timesheetId, w.sheetIds)).toEqual(["draft", "draft", "draft"]);
      expect(await drainOutbox()).toEqual([]);
    });
  });

  describe("archive and delete", () => {
    async function dispatchedWeek() {
      const w = await week();
      await call("POST", "/api/combined-submission", w.cookie, w.submission);
      await dispatchSet(w);
      await drainOutbox();
      return w;
    }

    it("archives every member of a dispatched set, only from dispatched or completed", async () => {
      const w = await week();
      const draft = await call("PUT", `/api/timesheets/${w.timesheetId}`, w.cookie, { status: "archived" });
      expect(draft.statusCode).toBe(409);
      expect(draft.json().message).toBe("Only forms that have been dispatched or completed can be archived.");

      const d = await dispatchedWeek();
      const other = await newDriver();
      expect(
        (await call("PUT", `/api/timesheets/${d.timesheetId}`, other.cookie, { status: "archived" }))
          .statusCode,
      ).toBe(404);
      expect(
        (await call("PUT", `/api/timesheets/${d.timesheetId}`, d.cookie, { status: "archived" })).statusCode,
      ).toBe(200);
      for (const id of d.sheetIds) {
        expect(
          (await call("PUT", `/api/check-sheets/${id}`, d.cookie, { status: "archived" })).statusCode,
        ).toBe(200);
      }
      expect(await statuses(d.cookie, d.timesheetId, d.sheetIds)).toEqual([
        "archived",
        "archived",
        "archived",
      ]);
      // A retried archive changes nothing and succeeds; an edit is refused.
      expect(
        (await call("PUT", `/api/timesheets/${d.timesheetId}`, d.cookie, { status: "archived" })).statusCode,
      ).toBe(200);
      expect(
        (await call("PUT", `/api/check-sheets/${d.sheetIds[0]}`, d.cookie, { defectsNotes: "x" })).statusCode,
      ).toBe(409);
      const rows = (await auditOf(d.timesheetId)).filter((r) => r.action === "archive");
      expect(rows).toHaveLength(1);
      expect(JSON.parse(rows[0]!.details ?? "{}")).toEqual({ from: "dispatched" });
      const stored = await testApp.database.db
        .selectFrom("supervisor_approvals")
        .select("status")
        .where("id", "=", d.combinedId)
        .executeTakeFirstOrThrow();
      expect(stored.status).toBe("archived");
      const dispatchAgain = await dispatchSet(d);
      expect(dispatchAgain.statusCode).toBe(409);
      expect(dispatchAgain.json().message).toBe(
        "These forms have been archived and can no longer be changed.",
      );
    });

    it("deletes a dispatched set: the forms and the stored set go, the sent mail and the audit trail stay", async () => {
      const d = await dispatchedWeek();
      const sent = await mailCount();
      const other = await newDriver();
      expect((await call("DELETE", `/api/timesheets/${d.timesheetId}`, other.cookie)).statusCode).toBe(404);
      expect((await call("DELETE", `/api/timesheets/${d.timesheetId}`, d.cookie)).statusCode).toBe(204);
      for (const id of d.sheetIds) {
        expect((await call("DELETE", `/api/check-sheets/${id}`, d.cookie)).statusCode).toBe(204);
      }
      expect((await call("GET", `/api/timesheets/${d.timesheetId}`, d.cookie)).statusCode).toBe(404);
      const stored = await testApp.database.db
        .selectFrom("supervisor_approvals")
        .selectAll()
        .where("id", "=", d.combinedId)
        .executeTakeFirst();
      expect(stored).toBeUndefined();
      expect(await mailCount()).toBe(sent);
      for (const id of [d.timesheetId, ...d.sheetIds]) {
        const rows = await auditOf(id);
        const deleted = rows.find((r) => r.action === "delete");
        expect(deleted).toMatchObject({ ip: "127.0.0.1", user_agent: USER_AGENT });
        expect(JSON.parse(deleted!.details ?? "{}")).toMatchObject({ status: "dispatched" });
      }
      const dispatch = await dispatchSet(d);
      expect(dispatch.statusCode).toBe(404);
    });
  });

  describe("GET /api/collations", () => {
    it("builds the entries from the account's own open forms", async () => {
      const w = await week({ sheets: [{}, { operatorSignature: "" }] });
      const lonely = await create(
        "timesheets",
        w.cookie,
        signedTimesheet({ plantNumber: "DZ-9", clientSignature: "" }),
      );
      const other = await newDriver();
      await create("timesheets", other.cookie, signedTimesheet());

      const res = await call("GET", "/api/collations", w.cookie);
      expect(res.statusCode).toBe(200);
      const entries = res.json();
      expect(entries).toHaveLength(2);
      expect(entries).toContainEqual({
        id: w.combinedId,
        driverSignedName: "Dave Digger",
        plantNumber: "EX-042",
        collationDate: "2025-06-07",
        timesheetId: w.timesheetId,
        checkSheetId: w.sheetIds[0],
        checkSheetIds: w.sheetIds,
        status: "draft",
        timesheetComplete: true,
        checkSheetComplete: false,
        // The week as the screen shows it before anything is sent: the timesheet's one day, both sheets' tyres.
        days: expect.arrayContaining([{ day: "monday", label: "Mon", hours: 9 }]),
        totalHours: 9,
        defects: [
          {
            checkSheetId: w.sheetIds[0],
            checkDate: "2025-06-03",
            label: "Tyres",
            notes: "Walk-round on 2025-06-03",
          },
          {
            checkSheetId: w.sheetIds[1],
            checkDate: "2025-06-05",
            label: "Tyres",
            notes: "Walk-round on 2025-06-05",
          },
        ],
      });
      expect(entries).toContainEqual(
        expect.objectContaining({ id: `timesheet-${lonely}`, timesheetComplete: false, checkSheetId: null }),
      );
      expect((await call("GET", "/api/collations", other.cookie)).json()).toHaveLength(1);

      // Approved sets are past collation.
      const ready = await week();
      expect((await call("GET", "/api/collations", ready.cookie)).json()).toEqual([
        expect.objectContaining({ id: ready.combinedId, status: "ready_for_approval" }),
      ]);
      await call("POST", "/api/combined-submission", ready.cookie, ready.submission);
      expect((await call("GET", "/api/collations", ready.cookie)).json()).toEqual([]);
    });
  });
});
