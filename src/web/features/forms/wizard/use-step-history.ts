import { useCallback, useEffect, useRef } from "react";
import type { WizardStep } from "../../../../domain/forms/wizard";

interface StepEntry {
  wizardForm: string;
  wizardStep: WizardStep;
}

function stepEntry(value: unknown): StepEntry | null {
  const entry = value as Partial<StepEntry> | null;
  return typeof entry?.wizardForm === "string" && typeof entry.wizardStep === "number"
    ? (entry as StepEntry)
    : null;
}

/**
 * Each wizard step is an entry of the browser's history: the phone's Back button goes to the previous step, and
 * Forward to the next again. Back from the first step leaves the wizard (the form stays on the phone). The
 * entries carry the form's id, so an entry of another form (one submitted before) moves nothing.
 */
export function useStepHistory(formId: string, step: WizardStep, goToStep: (step: WizardStep) => void) {
  // How many entries this wizard pushed and has not gone back over: Previous goes back over them first.
  const pushed = useRef(0);
  const go = useRef(goToStep);
  go.current = goToStep;

  // biome-ignore lint/correctness/useExhaustiveDependencies: the entry is marked once, for the step it opened at
  useEffect(() => {
    window.history.replaceState({ ...window.history.state, wizardForm: formId, wizardStep: step }, "");
    const onPop = (event: PopStateEvent) => {
      const entry = stepEntry(event.state);
      if (!entry || entry.wizardForm !== formId) return;
      pushed.current = Math.max(0, pushed.current - 1);
      go.current(entry.wizardStep);
    };
    window.addEventListener("popstate", onPop);
    return () => window.removeEventListener("popstate", onPop);
  }, [formId]);

  /** Next Step: a new history entry for the step. */
  const forward = useCallback(
    (next: WizardStep) => {
      go.current(next);
      pushed.current += 1;
      window.history.pushState({ ...window.history.state, wizardForm: formId, wizardStep: next }, "");
    },
    [formId],
  );

  /** Previous: back over the entry of this step, or, on a form opened at a later step, just one step back. */
  const back = useCallback(
    (previous: WizardStep) => {
      if (pushed.current > 0) {
        window.history.back();
        return;
      }
      go.current(previous);
      window.history.replaceState({ ...window.history.state, wizardForm: formId, wizardStep: previous }, "");
    },
    [formId],
  );

  return { forward, back };
}
