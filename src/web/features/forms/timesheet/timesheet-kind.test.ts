import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { weeklyTotal } from "../../../../domain/hours/hours";
import type { TimesheetFields } from "../../../../domain/hours/timesheet";
import { messages } from "../../../../domain/text/messages";
import { DAYS } from "../../../../domain/time/days";
import { SAMPLE_SIGNATURE } from "../../../../test-support/sample-signature";
import {
  type FormAction,
  type FormStartFields,
  formReducer,
  newFormState,
  openDraft as openFormDraft,
} from "../wizard/form-state";
import { TIMESHEET_WIZARD, type TimesheetAction } from "./timesheet-kind";

// The one wizard's state, on the timesheet's spec.
const TODAY = "2025-03-10";
const newTimesheetState = (id: string, start?: FormStartFields) =>
  newFormState(TIMESHEET_WIZARD, id, TODAY, start);
const timesheetFormReducer = formReducer(TIMESHEET_WIZARD);
const openDraft = (record: unknown) => openFormDraft(TIMESHEET_WIZARD, record, TODAY);
type TimesheetFormAction = FormAction<TimesheetFields, TimesheetAction>;

const ID = "8b0f6c2e-3a41-4f7e-9d2b-6f1e2a3b4c5d";

describe("newTimesheetState", () => {
  it("starts blank at step 1 with the chosen customer and order number", () => {
    const state = newTimesheetState(ID, { customerId: "pennine-groundworks", orderNumber: "P-123" });
    expect(state).toMatchObject({ id: ID, step: 1, rating: null, version: 0 });
    expect(state.form.customerId).toBe("pennine-groundworks");
    expect(state.form.orderNumber).toBe("P-123");
    expect(state.form.status).toBe("draft");
  });
});

describe("timesheetFormReducer", () => {
  const start = newTimesheetState(ID);

  it("works the day's net hours and the total out on every change", () => {
    const next = timesheetFormReducer(start, {
      type: "change",
      fields: { mondayStart: "08:00", mondayFinish: "17:00", mondayBreak: 45 },
    });
    expect(next.form.mondayNetHours).toBe(8.3);
    expect(next.form.totalHours).toBe(8.3);
    expect(next.version).toBe(1);
  });

  it("adds and clears the standard shift", () => {
    const added = timesheetFormReducer(start, { type: "addStandardShift", day: "tuesday" });
    expect(added.form).toMatchObject({ tuesdayStart: "07:00", tuesdayFinish: "16:30", tuesdayNetHours: 9 });
    expect(added.form.totalHours).toBe(9);
    const cleared = timesheetFormReducer(added, { type: "clearDay", day: "tuesday" });
    expect(cleared.form.tuesdayStart).toBe("");
    expect(cleared.form.totalHours).toBe(0);
    expect(cleared.version).toBe(2);
  });

  it("keeps the total equal to the sum of the days, whatever the driver does", () => {
    const time = fc
      .tuple(fc.integer({ min: 0, max: 23 }), fc.constantFrom(0, 15, 30, 45))
      .map(([h, m]) => `${String(h).padStart(2, "0")}:${String(m).padStart(2, "0")}`);
    const day = fc.constantFrom(...DAYS);
    const action: fc.Arbitrary<TimesheetFormAction> = fc.oneof(
      day.map((d) => ({ type: "addStandardShift" as const, day: d })),
      day.map((d) => ({ type: "clearDay" as const, day: d })),
      fc.tuple(day, time, time, fc.option(fc.integer({ min: 0, max: 120 }))).map(([d, s, f, b]) => ({
        type: "change" as const,
        fields: { [`${d}Start`]: s, [`${d}Finish`]: f, [`${d}Break`]: b },
      })),
    );
    fc.assert(
      fc.property(fc.array(action, { maxLength: 20 }), (actions) => {
        const end = actions.reduce(timesheetFormReducer, start);
        expect(end.form.totalHours ?? 0).toBe(weeklyTotal(end.form));
      }),
    );
  });
});

describe("openDraft", () => {
  const record = {
    ...newTimesheetState(ID).form,
    id: ID,
    createdAt: "2025-03-10T08:00:00.000Z",
    updatedAt: "2025-03-10T09:00:00.000Z",
    submittedAt: null,
    completedAt: null,
    company: "Acme Plant",
  };

  it("resumes at the step the spec gives", () => {
    const opened = openDraft(record);
    expect(opened.ok && opened.state.step).toBe(2);
    const withMonday = openDraft({ ...record, mondayStart: "07:00", mondayFinish: "16:30" });
    expect(withMonday.ok && withMonday.state.step).toBe(3);
    const signed = openDraft({ ...record, mondayStart: "07:00", operatorSignature: SAMPLE_SIGNATURE });
    expect(signed.ok && signed.state.step).toBe(4);
  });

  it("keeps the draft's id and fields, recomputing its hours", () => {
    const opened = openDraft({ ...record, mondayStart: "08:00", mondayFinish: "17:00", mondayBreak: 45 });
    if (!opened.ok) throw new Error(opened.problem);
    expect(opened.state.id).toBe(ID);
    expect(opened.state.form.company).toBe("Acme Plant");
    expect(opened.state.form.totalHours).toBe(8.3);
    expect(opened.state.version).toBe(0);
  });

  it("opens a draft saved before hours by kind without them, so its words and fingerprint stay as they were", () => {
    const { hireDays: _days, hireTerms: _terms, ...before } = record;
    const opened = openDraft({
      ...before,
      mondayStart: "07:00",
      mondayFinish: "16:30",
      mondayWorking: "Bulk dig",
    });
    if (!opened.ok) throw new Error(opened.problem);
    expect(opened.state.form).not.toHaveProperty("hireDays");
    expect(opened.state.form).not.toHaveProperty("hireTerms");
    expect(opened.state.form.mondayWorking).toBe("Bulk dig");
    const ours = openDraft({ ...record, mondayStart: "07:00", mondayFinish: "16:30" });
    expect(ours.ok && ours.state.form.hireDays?.monday.worked).toBe(9);
  });

  it("refuses a completed timesheet and an answer that is not a timesheet", () => {
    expect(openDraft({ ...record, status: "completed" })).toEqual({
      ok: false,
      problem: messages.formLocked,
      locked: true,
    });
    expect(openDraft({ id: "nope" })).toEqual({ ok: false, problem: messages.invalidResponseFormat });
  });
});
