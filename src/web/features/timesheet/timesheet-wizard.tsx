import type { TimesheetFields } from "../../../domain/timesheet";
import { TIMESHEET_STEPS, timesheetProgress } from "../../../domain/wizard";
import { WizardNav } from "../../components/wizard-nav";
import { WizardProgress } from "../../components/wizard-progress";
import { DriverStep } from "./driver-step";
import { SignatureStep, type TimesheetCompletion } from "./signature-step";
import type { TimesheetFormState } from "./timesheet-form-state";
import { type TimesheetFormOptions, useTimesheetForm } from "./use-timesheet-form";
import { VehicleStep } from "./vehicle-step";
import { WeekStep } from "./week-step";

interface TimesheetWizardProps {
  initial: TimesheetFormState;
  /** Whether the server holds it, whose it is, and what it was started for. */
  options: TimesheetFormOptions;
  onCompleted: (form: TimesheetFields, how: TimesheetCompletion) => void;
}

/** The 4-step weekly timesheet (spec section 2). */
export function TimesheetWizard({ initial, options, onCompleted }: TimesheetWizardProps) {
  const api = useTimesheetForm(initial, options);
  const { step } = api.state;
  const last = step === TIMESHEET_STEPS.length;

  return (
    <>
      <WizardProgress step={step} steps={TIMESHEET_STEPS} percent={timesheetProgress(step)} />
      {step === 1 ? <DriverStep form={api} /> : null}
      {step === 2 ? <VehicleStep form={api} /> : null}
      {step === 3 ? <WeekStep form={api} /> : null}
      {last ? <SignatureStep form={api} onCompleted={onCompleted} /> : null}
      <WizardNav
        step={step}
        onPrevious={() => api.goToStep(step - 1)}
        onNext={() => api.goToStep(step + 1)}
        nextLabel={last ? null : "Next Step"}
        status={api.saving ? "Saving..." : null}
      />
    </>
  );
}
