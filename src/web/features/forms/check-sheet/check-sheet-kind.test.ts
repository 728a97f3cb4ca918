import { describe, expect, it } from "vitest";
import { messages } from "../../../../domain/text/messages";
import { SAMPLE_SIGNATURE } from "../../../../test-support/sample-signature";
import { type FormStartFields, formReducer, newFormState, openDraft } from "../wizard/form-state";
import { CHECK_SHEET_WIZARD } from "./check-sheet-kind";

// The one wizard's state, on the check sheet's spec.
const newCheckSheetState = (id: string, today: string, start?: FormStartFields) =>
  newFormState(CHECK_SHEET_WIZARD, id, today, start);
const checkSheetFormReducer = formReducer(CHECK_SHEET_WIZARD);
const openCheckSheetDraft = (record: unknown, today: string) => openDraft(CHECK_SHEET_WIZARD, record, today);

const ID = "2f6d0b1e-7c3a-4e59-8a1d-3b9c5e7f1a2b";
const TODAY = "2026-11-22";
const photo = (n: number) => `/api/photos/0c9e4f7a-1b2d-4e3f-9a8b-7c6d5e4f3a${String(n).padStart(2, "0")}`;

describe("newCheckSheetState", () => {
  it("starts blank at step 1, dated today, with the chosen customer and order number", () => {
    const state = newCheckSheetState(ID, TODAY, { customerId: "pennine-groundworks", orderNumber: "P-123" });
    expect(state).toMatchObject({ id: ID, step: 1, rating: null, version: 0 });
    expect(state.form).toMatchObject({
      checkDate: TODAY,
      customerId: "pennine-groundworks",
      orderNumber: "P-123",
      status: "draft",
      defectSteering: null,
      photos: [],
    });
  });
});

describe("checkSheetFormReducer", () => {
  const start = newCheckSheetState(ID, TODAY);

  it("records each check as pass, defect or N/A, counting every change", () => {
    const passed = checkSheetFormReducer(start, { type: "change", fields: { defectTyres: true } });
    const failed = checkSheetFormReducer(passed, { type: "change", fields: { defectLights: false } });
    const cleared = checkSheetFormReducer(failed, { type: "change", fields: { defectTyres: null } });
    expect(failed.form).toMatchObject({ defectTyres: true, defectLights: false });
    expect(cleared.form).toMatchObject({ defectTyres: null, defectLights: false });
    expect(cleared.version).toBe(3);
  });

  it("adds photos once each, up to five, and removes them", () => {
    let state = start;
    for (let n = 1; n <= 6; n++) state = checkSheetFormReducer(state, { type: "addPhoto", url: photo(n) });
    expect(state.form.photos).toEqual([photo(1), photo(2), photo(3), photo(4), photo(5)]);
    expect(checkSheetFormReducer(state, { type: "addPhoto", url: photo(6) })).toBe(state);
    const fewer = checkSheetFormReducer(state, { type: "removePhoto", url: photo(2) });
    expect(fewer.form.photos).toEqual([photo(1), photo(3), photo(4), photo(5)]);
    expect(checkSheetFormReducer(fewer, { type: "addPhoto", url: photo(1) })).toBe(fewer);
    expect(checkSheetFormReducer(fewer, { type: "removePhoto", url: photo(2) })).toBe(fewer);
  });
});

describe("openCheckSheetDraft", () => {
  const record = {
    ...newCheckSheetState(ID, "2026-11-20").form,
    id: ID,
    createdAt: "2026-11-20T07:00:00.000Z",
    updatedAt: "2026-11-20T07:10:00.000Z",
    completedAt: null,
  };

  it("resumes at the step the spec gives", () => {
    const at = (fields: object) => {
      const opened = openCheckSheetDraft({ ...record, ...fields }, TODAY);
      return opened.ok ? opened.state.step : opened.problem;
    };
    expect(at({})).toBe(1);
    expect(at({ plantNumber: "EX-001" })).toBe(2);
    expect(at({ plantNumber: "EX-001", defectBrakes: false })).toBe(3);
    expect(at({ defectsNotes: "Cracked mirror" })).toBe(3);
    expect(at({ defectBrakes: true, operatorSignature: SAMPLE_SIGNATURE })).toBe(4);
  });

  it("keeps the sheet's id, date and fields", () => {
    const opened = openCheckSheetDraft({ ...record, company: "Acme Plant", photos: [photo(1)] }, TODAY);
    if (!opened.ok) throw new Error(opened.problem);
    expect(opened.state).toMatchObject({ id: ID, version: 0, rating: null });
    expect(opened.state.form).toMatchObject({
      checkDate: "2026-11-20",
      company: "Acme Plant",
      photos: [photo(1)],
    });
  });

  it("refuses a completed sheet and an answer that is not a check sheet", () => {
    expect(openCheckSheetDraft({ ...record, status: "completed" }, TODAY)).toEqual({
      ok: false,
      problem: messages.formLocked,
      locked: true,
    });
    expect(openCheckSheetDraft({ id: "nope" }, TODAY)).toEqual({
      ok: false,
      problem: messages.invalidResponseFormat,
    });
  });
});

describe("what a check sheet with a defect needs before it is sent", () => {
  it("asks whether the machine is safe to use before the signatures", () => {
    const signed = {
      ...newCheckSheetState(ID, TODAY).form,
      operatorSignature: SAMPLE_SIGNATURE,
      operatorSignedName: "Dave Digger",
      clientSignature: SAMPLE_SIGNATURE,
      clientSignedName: "Chris Client",
      signatureDate: TODAY,
    };
    const defect = { ...signed, defectTyres: false };
    expect(CHECK_SHEET_WIZARD.approval?.problem(defect)).toBe(messages.machineSafeRequired);
    expect(CHECK_SHEET_WIZARD.oneStepProblem(defect, "happy")).toBe(messages.machineSafeRequired);
    expect(CHECK_SHEET_WIZARD.approval?.problem({ ...defect, machineSafe: "no" })).toBeNull();
    expect(CHECK_SHEET_WIZARD.approval?.problem(signed)).toBeNull();
  });
});
