import { describe, expect, it } from "vitest";
import { emptyFormMemory } from "../../../rules/form-memory";
import { CHECK_SHEET_WIZARD } from "../check-sheet/check-sheet-kind";
import { TIMESHEET_WIZARD } from "../timesheet/timesheet-kind";
import { formReducer, newFormState } from "./form-state";
import type { AnyWizardKind } from "./wizard-kind";

const ID = "8b0f6c2e-3a41-4f7e-9d2b-6f1e2a3b4c5d";
const TODAY = "2026-11-22";

// What the one reducer does alike for every form type, checked on each.
describe.each<[string, AnyWizardKind]>([
  ["timesheet", TIMESHEET_WIZARD],
  ["check sheet", CHECK_SHEET_WIZARD],
])("the one wizard's reducer, on the %s", (_name, kind) => {
  const reduce = formReducer(kind);
  const start = newFormState(kind, ID, TODAY);
  const last = kind.spec.steps.length;

  it("fills only empty fields from the last entry, and counts no change when there is nothing to fill", () => {
    const memory = { ...emptyFormMemory(), companies: ["Acme Plant"], driverNames: ["Sam Driver"] };
    const typed = reduce(start, { type: "change", fields: { company: "Own Co" } });
    const filled = reduce(typed, { type: "useLastEntry", memory });
    expect(filled.form).toMatchObject({ company: "Own Co", driverSignedName: "Sam Driver" });
    expect(reduce(filled, { type: "useLastEntry", memory })).toBe(filled);
    expect(reduce(start, { type: "useLastEntry", memory: emptyFormMemory() })).toBe(start);
  });

  it("turns email submission on with one empty row when a rating is chosen", () => {
    const rated = reduce(start, { type: "rate", rating: "happy" });
    expect(rated.rating).toBe("happy");
    expect(rated.form).toMatchObject({ submitViaEmail: true, submissionEmails: [""] });
  });

  it("moves between its steps only, without counting a form change", () => {
    expect(reduce(start, { type: "goToStep", step: 3 })).toMatchObject({ step: 3, version: 0 });
    expect(reduce(start, { type: "goToStep", step: 9 }).step).toBe(last);
    expect(reduce(start, { type: "goToStep", step: 0 }).step).toBe(1);
  });

  it("starts the signature step with the driver's name as the operator's printed name", () => {
    const named = reduce(start, { type: "change", fields: { driverSignedName: " Sam Driver " } });
    expect(reduce(named, { type: "goToStep", step: last }).form.operatorSignedName).toBe("Sam Driver");
    const ownName = reduce(named, { type: "change", fields: { operatorSignedName: "S. Driver" } });
    expect(reduce(ownName, { type: "goToStep", step: last }).form.operatorSignedName).toBe("S. Driver");
    expect(reduce(named, { type: "goToStep", step: last - 1 }).form.operatorSignedName).toBe("");
  });

  it("dates the signatures the day the signature step opens, keeping a date already given", () => {
    expect(reduce(start, { type: "goToStep", step: last, today: "2026-11-27" }).form.signatureDate).toBe(
      "2026-11-27",
    );
    expect(reduce(start, { type: "goToStep", step: last - 1, today: "2026-11-27" }).form.signatureDate).toBe(
      "",
    );
    const dated = reduce(start, { type: "change", fields: { signatureDate: "2026-11-23" } });
    expect(reduce(dated, { type: "goToStep", step: last, today: "2026-11-27" }).form.signatureDate).toBe(
      "2026-11-23",
    );
  });
});

describe("a new form", () => {
  it("starts a timesheet on the week being worked, and a check sheet dated today", () => {
    // 2026-11-22 is a Sunday: its week ends on the Saturday after.
    expect(newFormState(TIMESHEET_WIZARD, ID, TODAY).form.weekEnding).toBe("2026-11-28");
    expect(newFormState(CHECK_SHEET_WIZARD, ID, TODAY).form).toMatchObject({ checkDate: TODAY });
  });

  it("starts with the account's name and company, as part of the blank form (nothing to keep or restore)", () => {
    const account = { driverName: "Dave Digger", companyName: "Acme Plant Hire" };
    for (const kind of [TIMESHEET_WIZARD, CHECK_SHEET_WIZARD] as AnyWizardKind[]) {
      const state = newFormState(kind, ID, TODAY, {}, account);
      expect(state.form).toMatchObject({ driverSignedName: "Dave Digger", company: "Acme Plant Hire" });
      expect(state.version).toBe(0);
    }
  });
});
