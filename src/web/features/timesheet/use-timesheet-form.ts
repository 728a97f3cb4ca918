import { useCallback, useReducer } from "react";
import { formatDisplayDate } from "../../../domain/iso-date";
import { messages } from "../../../domain/messages";
import type { TimesheetFields, TimesheetInput } from "../../../domain/timesheet";
import type { WizardStep } from "../../../domain/wizard";
import { useSession } from "../../lib/session-store";
import { useDraftSaver } from "../../lib/use-draft-saver";
import { useFormMemory } from "../../lib/use-form-memory";
import { useLocalFormCopy } from "../../offline/use-local-form";
import { type TimesheetFormState, timesheetFormReducer } from "./timesheet-form-state";

/** The form kind of the device's copies of timesheets. */
export const TIMESHEET_LOCAL_KIND = "timesheet";

/** What the waiting list calls a timesheet. */
export function timesheetLabel(form: TimesheetFields): string {
  return form.weekEnding ? `Timesheet, week ending ${formatDisplayDate(form.weekEnding)}` : "Timesheet";
}

export interface TimesheetFormOptions {
  /** The server already holds it (an opened draft, or a device copy that was saved). */
  stored: boolean;
  /** The version the server has, for a form brought back from the device's copy. */
  savedVersion?: number;
  /** Whose form it is: the driver signed in when it was started, or null. */
  owner: string | null;
  /** formStartKey() of its customer and order number. */
  start: string;
}

/**
 * The timesheet wizard's state and what acts on it: the form reducer, the remembered values, the copy kept on
 * this device as it is typed, and drafts for account holders (saved on Next Step, every 30 s when changed, and
 * on 'Save as Draft').
 */
export function useTimesheetForm(initial: TimesheetFormState, options: TimesheetFormOptions) {
  const session = useSession();
  const accountHolder = session !== null;
  const [state, dispatch] = useReducer(timesheetFormReducer, initial);
  const { memory, remember } = useFormMemory();
  const drafts = useDraftSaver({
    collection: "/api/timesheets",
    enabled: accountHolder,
    stored: options.stored,
    savedVersion: options.savedVersion,
    snapshot: { id: state.id, body: state.form, version: state.version },
    failureNotice: messages.draftSaveFailed,
    label: `${timesheetLabel(state.form)} (draft)`,
  });
  const localCopy = useLocalFormCopy({
    kind: TIMESHEET_LOCAL_KIND,
    id: state.id,
    state,
    owner: options.owner,
    start: options.start,
    stored: drafts.stored,
    savedVersion: drafts.savedVersion,
  });

  const change = useCallback((fields: TimesheetInput) => dispatch({ type: "change", fields }), []);

  /** Leaving a step remembers what was typed; going forward also saves the draft. */
  const goToStep = (step: WizardStep) => {
    remember(state.form);
    dispatch({ type: "goToStep", step });
    if (step > state.step) void drafts.save("step");
  };

  return {
    state,
    dispatch,
    change,
    goToStep,
    memory,
    remember,
    accountHolder,
    saving: drafts.saving,
    saveDraft: () => drafts.save("draft"),
    localCopy,
  };
}

export type TimesheetFormApi = ReturnType<typeof useTimesheetForm>;
