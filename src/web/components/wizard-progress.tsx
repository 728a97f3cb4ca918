import { useEffect, useRef } from "react";
import { stepOfLabel, type WizardStep } from "../../domain/forms/wizard";
import { useT } from "../lib/i18n";
import { ProgressBar } from "./progress-bar";

interface WizardProgressProps {
  step: WizardStep;
  /** The step titles, in order. */
  steps: readonly string[];
  /** Percent complete, worked out by the wizard's domain rule. */
  percent: number;
}

/**
 * 'Step n of N', the progress bar and the step's title. On each step change the page goes back to the top
 * and focus moves to the new title, so a screen reader starts reading the new step.
 */
export function WizardProgress({ step, steps, percent }: WizardProgressProps) {
  const t = useT();
  const heading = useRef<HTMLHeadingElement>(null);
  const shownStep = useRef(step);

  useEffect(() => {
    if (shownStep.current === step) return;
    shownStep.current = step;
    window.scrollTo({ top: 0 });
    heading.current?.focus({ preventScroll: true });
  }, [step]);

  return (
    <div className="mb-5">
      <div className="flex items-baseline justify-between text-sm font-semibold text-slate-700 dark:text-slate-300">
        <span>{stepOfLabel(step, steps.length, t)}</span>
        <span>{t("wizard.percentComplete", { ratio: percent / 100 })}</span>
      </div>
      <ProgressBar label={t("wizard.progressLabel")} percent={percent} className="mt-1.5" />
      <h2 ref={heading} tabIndex={-1} className="mt-4 text-xl font-bold outline-none">
        {steps[step - 1]}
      </h2>
    </div>
  );
}
