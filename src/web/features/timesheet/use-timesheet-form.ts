import { useCallback, useReducer } from "react";
import { messages } from "../../../domain/messages";
import type { TimesheetInput } from "../../../domain/timesheet";
import type { WizardStep } from "../../../domain/wizard";
import { useSession } from "../../lib/session-store";
import { useDraftSaver } from "../../lib/use-draft-saver";
import { useFormMemory } from "../../lib/use-form-memory";
import { type TimesheetFormState, timesheetFormReducer } from "./timesheet-form-state";

/**
 * The timesheet wizard's state and what acts on it: the form reducer, the remembered values, and drafts for
 * account holders (saved on Next Step, every 30 s when changed, and on 'Save as Draft').
 */
export function useTimesheetForm(initial: TimesheetFormState, options: { stored: boolean }) {
  const session = useSession();
  const accountHolder = session !== null;
  const [state, dispatch] = useReducer(timesheetFormReducer, initial);
  const { memory, remember } = useFormMemory();
  const drafts = useDraftSaver({
    collection: "/api/timesheets",
    enabled: accountHolder,
    stored: options.stored,
    snapshot: { id: state.id, body: state.form, version: state.version },
    failureNotice: messages.draftSaveFailed,
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
  };
}

export type TimesheetFormApi = ReturnType<typeof useTimesheetForm>;
