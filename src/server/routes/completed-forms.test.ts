import { describe, expect, it } from "vitest";
import { CompletedFormResponseSchema } from "../../domain/api/api";
import { testDatabases } from "../db/test-databases";
import { CLIENT_SIGNATURE, OPERATOR_SIGNATURE } from "../pdf/pdf-fixtures";
import { combinedFormOf, FORM_HEADER, weekApproval } from "../test-support/signed-week";
import { storedImageRef } from "../test-support/stored-image-ref";
import { useTestApp } from "../test-support/test-app";

const NOW = "2025-06-07T15:00:00.000Z";

const signed = {
  operatorSignature: OPERATOR_SIGNATURE,
  operatorSignedName: "Dave Digger",
  clientSignature: CLIENT_SIGNATURE,
  clientSignedName: "Fiona Foreman",
};
const approval = weekApproval();

describe.each(testDatabases())("the completed view of a combined set on $name", ({ open }) => {
  const testApp = useTestApp(open, { now: () => new Date(NOW) });
  const { call, newDriver, createDraft: create, viewTokenOf: viewToken } = testApp;

  /** A signed week: the timesheet and two check sheets. */
  async function week() {
    const cookie = await newDriver();
    const timesheetId = await create("timesheets", cookie, {
      ...FORM_HEADER,
      ...signed,
      weekEnding: "2025-06-07",
      mondayStart: "07:00",
      mondayFinish: "16:30",
      signatureDate: "2025-06-07",
      submissionEmails: ["site.office@buildco.co.uk"],
    });
    const later = await create("check-sheets", cookie, {
      ...FORM_HEADER,
      ...signed,
      checkDate: "2025-06-05",
    });
    const earlier = await create("check-sheets", cookie, {
      ...FORM_HEADER,
      ...signed,
      checkDate: "2025-06-03",
    });
    return { cookie, timesheetId, sheetIds: [earlier, later], combinedId: `combined-${timesheetId}` };
  }

  async function view(id: string, cookie?: string, token?: string) {
    const res = await call("GET", `/api/completed-forms/${id}${token ? `?token=${token}` : ""}`, cookie);
    return {
      status: res.statusCode,
      body: res.statusCode === 200 ? CompletedFormResponseSchema.parse(res.json()) : null,
    };
  }

  it("gives a timesheet approved on the dashboard with its check sheets and the sign-off", async () => {
    const w = await week();
    expect((await view(w.timesheetId, w.cookie)).body?.set).toBeUndefined();

    const res = await call("POST", "/api/supervisor-email-dispatch", w.cookie, {
      combinedFormData: combinedFormOf(w, approval),
      emailAddresses: ["site.office@buildco.co.uk"],
      supervisorApproval: approval,
      supervisorRating: { rating: "happy", notes: "", ratedAt: NOW },
    });
    expect(res.statusCode, res.body).toBe(200);

    const owner = await view(w.timesheetId, w.cookie);
    expect(owner.body?.type).toBe("timesheet");
    expect(owner.body?.set?.id).toBe(w.combinedId);
    const sheets = owner.body?.set?.checkSheets.map((sheet) => [sheet.id, sheet.checkDate, sheet.status]);
    expect(sheets?.sort((a, b) => String(a[1]).localeCompare(String(b[1])))).toEqual([
      [w.sheetIds[0], "2025-06-03", "completed"],
      [w.sheetIds[1], "2025-06-05", "completed"],
    ]);
    // Stored as images beside the set, answered as their addresses.
    expect(owner.body?.set?.approval).toEqual({
      ...approval,
      clientSignature: storedImageRef(CLIENT_SIGNATURE),
      foremanSignature: storedImageRef(OPERATOR_SIGNATURE),
    });

    // The mailed link's token shows the same set without an account; another account sees nothing.
    const token = await viewToken(w.timesheetId);
    expect((await view(w.timesheetId, undefined, token)).body?.set).toEqual(owner.body?.set);
    expect((await view(w.timesheetId, await newDriver())).status).toBe(404);
    // A check sheet of the set is not a set of its own.
    expect((await view(w.sheetIds[0] as string, w.cookie)).body).toMatchObject({ type: "check-sheet" });
    expect((await view(w.sheetIds[0] as string, w.cookie)).body?.set).toBeUndefined();
  });

  it("says which characters of a form its PDF prints as boxes", async () => {
    const cookie = await newDriver();
    const typed = { ...FORM_HEADER, clientCompany: "BuildCo 한국", siteLocation: "Łódź 😀 𓀀" };
    const odd = await create("check-sheets", cookie, { ...typed, ...signed, checkDate: "2025-06-05" });
    const plain = await create("check-sheets", cookie, {
      ...FORM_HEADER,
      ...signed,
      checkDate: "2025-06-05",
    });
    const found = (await view(odd, cookie)).body?.form.unprintableCharacters;
    expect(new Set(found as string[])).toEqual(new Set(["한", "국", "𓀀"]));
    expect((await view(plain, cookie)).body?.form.unprintableCharacters).toEqual([]);
  });

  it("gives a set approved with Get Approval without a sign-off", async () => {
    const w = await week();
    const res = await call("POST", "/api/combined-submission", w.cookie, {
      combinedId: w.combinedId,
      timesheet: { id: w.timesheetId },
      checkSheets: w.sheetIds.map((id) => ({ id })),
    });
    expect(res.statusCode, res.body).toBe(200);
    const { body } = await view(w.timesheetId, w.cookie);
    expect(body?.set?.checkSheets).toHaveLength(2);
    expect(body?.set?.approval).toBeNull();
  });
});
