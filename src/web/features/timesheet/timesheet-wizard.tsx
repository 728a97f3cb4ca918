import type { TimesheetFields } from "../../../domain/timesheet";
import { TIMESHEET_STEPS, timesheetProgress } from "../../../domain/wizard";
import { WizardNav } from "../../components/wizard-nav";
import { WizardProgress } from "../../components/wizard-progress";
import { DriverStep } from "./driver-step";
import { SignatureStep } from "./signature-step";
import type { TimesheetFormState } from "./timesheet-form-state";
import { useTimesheetForm } from "./use-timesheet-form";
import { VehicleStep } from "./vehicle-step";
import { WeekStep } from "./week-step";

interface TimesheetWizardProps {
  initial: TimesheetFormState;
  /** True for an opened draft: the server already holds it. */
  stored: boolean;
  onCompleted: (form: TimesheetFields) => void;
}

/** The 4-step weekly timesheet (spec section 2). */
export function TimesheetWizard({ initial, stored, onCompleted }: TimesheetWizardProps) {
  const api = useTimesheetForm(initial, { stored });
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
