import type { Day } from "../../../domain/days";
import { turnOnEmailSubmission } from "../../../domain/dispatch";
import { IdSchema } from "../../../domain/form-fields";
import { type FormMemory, useLastEntry as fillFromLastEntry } from "../../../domain/form-memory";
import { isOpenStatus } from "../../../domain/form-status";
import { applyStandardShift, clearDay } from "../../../domain/hours";
import { messages } from "../../../domain/messages";
import type { Rating } from "../../../domain/rating";
import { isPresent } from "../../../domain/signatures";
import {
  applyTimesheetInput,
  emptyTimesheet,
  type TimesheetFields,
  type TimesheetInput,
  TimesheetInputSchema,
} from "../../../domain/timesheet";
import { TIMESHEET_STEPS, timesheetResumeStep, type WizardStep } from "../../../domain/wizard";

/**
 * Everything the timesheet wizard holds, in one plain object a reducer changes: what a later offline store
 * needs to keep to bring the driver back exactly where they were.
 */
export interface TimesheetFormState {
  /** Made on this device, so the form has its id before the server ever sees it. */
  id: string;
  form: TimesheetFields;
  step: WizardStep;
  /** The client's confidential rating; not a field of the stored timesheet. */
  rating: Rating | null;
  /** Bumped by every change to the form, so a saver can tell whether there is anything new to save. */
  version: number;
}

export type TimesheetFormAction =
  | { type: "change"; fields: TimesheetInput }
  | { type: "addStandardShift"; day: Day }
  | { type: "clearDay"; day: Day }
  | { type: "useLastEntry"; memory: FormMemory }
  | { type: "rate"; rating: Rating }
  | { type: "goToStep"; step: WizardStep };

const LAST_STEP = TIMESHEET_STEPS.length;

export interface FormStartFields {
  customerId?: string | null;
  orderNumber?: string | null;
}

/** A blank timesheet at step 1, for the customer and order number chosen before the wizard. */
export function newTimesheetState(id: string, start: FormStartFields = {}): TimesheetFormState {
  return {
    id,
    form: { ...emptyTimesheet(), customerId: start.customerId ?? "", orderNumber: start.orderNumber ?? "" },
    step: 1,
    rating: null,
    version: 0,
  };
}

const StoredTimesheetSchema = TimesheetInputSchema.extend({ id: IdSchema });

export type OpenedDraft = { ok: true; state: TimesheetFormState } | { ok: false; problem: string };

/**
 * A saved draft as GET /api/timesheets/{id} answers it, opened for editing at the step the spec gives.
 * A completed (signed and sent) timesheet cannot be edited, so it does not open.
 */
export function openDraft(record: unknown): OpenedDraft {
  const parsed = StoredTimesheetSchema.safeParse(record);
  if (!parsed.success) return { ok: false, problem: messages.invalidResponseFormat };
  const form = applyTimesheetInput(emptyTimesheet(), parsed.data);
  if (!isOpenStatus(form.status)) return { ok: false, problem: messages.formLocked };
  return {
    ok: true,
    state: { id: parsed.data.id, form, step: timesheetResumeStep(form), rating: null, version: 0 },
  };
}

function withForm(state: TimesheetFormState, form: TimesheetFields): TimesheetFormState {
  return form === state.form ? state : { ...state, form, version: state.version + 1 };
}

function sameFields(a: TimesheetFields, b: TimesheetFields): boolean {
  return (Object.keys(a) as (keyof TimesheetFields)[]).every((key) => a[key] === b[key]);
}

export function timesheetFormReducer(
  state: TimesheetFormState,
  action: TimesheetFormAction,
): TimesheetFormState {
  switch (action.type) {
    case "change":
      return withForm(state, applyTimesheetInput(state.form, action.fields));
    case "addStandardShift":
      return withForm(state, applyStandardShift(state.form, action.day));
    case "clearDay":
      return withForm(state, clearDay(state.form, action.day));
    case "useLastEntry": {
      const filled = fillFromLastEntry(state.form, action.memory);
      return sameFields(filled, state.form) ? state : withForm(state, filled);
    }
    case "rate":
      return { ...withForm(state, turnOnEmailSubmission(state.form)), rating: action.rating };
    case "goToStep": {
      const step = Math.min(LAST_STEP, Math.max(1, Math.trunc(action.step)));
      if (step === state.step) return state;
      // The driver is the operator: the signature step starts with the name given on step 1.
      const { operatorSignedName, driverSignedName } = state.form;
      const prefill = step === LAST_STEP && !isPresent(operatorSignedName) && isPresent(driverSignedName);
      const moved = { ...state, step };
      return prefill
        ? withForm(moved, { ...state.form, operatorSignedName: driverSignedName.trim() })
        : moved;
    }
  }
}
