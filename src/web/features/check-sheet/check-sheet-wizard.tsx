import { CHECK_SHEET_STEPS, checkSheetProgress } from "../../../domain/wizard";
import { DriverCompanyStep } from "../../components/driver-company-step";
import { FormStartSummary } from "../../components/form-start-summary";
import { TextField } from "../../components/text-field";
import { VehicleInfoStep } from "../../components/vehicle-info-step";
import { WizardNav } from "../../components/wizard-nav";
import { WizardProgress } from "../../components/wizard-progress";
import type { CheckSheetFormState } from "./check-sheet-form-state";
import { PhotoStep } from "./photo-step";
import { SafetyCheckStep } from "./safety-check-step";
import { SignatureStep } from "./signature-step";
import { type CheckSheetFormOptions, useCheckSheetForm } from "./use-check-sheet-form";
import { useCheckSheetSubmit } from "./use-check-sheet-submit";

interface CheckSheetWizardProps {
  initial: CheckSheetFormState;
  options: CheckSheetFormOptions;
  /** Where the app goes 2 s after a successful submission. */
  goHome: (accountHolder: boolean) => void;
  /** A one-step submission made without signal: it waits on this phone. */
  onSavedOnPhone: () => void;
}

/** The 5-step Daily Plant Defect Check (spec section 2). */
export function CheckSheetWizard({ initial, options, goHome, onSavedOnPhone }: CheckSheetWizardProps) {
  const api = useCheckSheetForm(initial, options);
  const submission = useCheckSheetSubmit(api, () => goHome(api.accountHolder), onSavedOnPhone);
  const { state, change, memory, dispatch } = api;
  const { step, form } = state;
  const last = step === CHECK_SHEET_STEPS.length;

  return (
    <>
      <WizardProgress step={step} steps={CHECK_SHEET_STEPS} percent={checkSheetProgress(step)} />
      {step === 1 ? (
        <DriverCompanyStep
          values={form}
          onChange={change}
          memory={memory}
          onUseLastEntry={() => dispatch({ type: "useLastEntry", memory })}
          job={
            <FormStartSummary
              form="check-sheet"
              start={{ customerId: form.customerId || null, orderNumber: form.orderNumber || null }}
            />
          }
          dateField={
            <TextField
              label="Check Date"
              type="date"
              value={form.checkDate}
              onValueChange={(checkDate) => change({ checkDate })}
              hint="The day the machine is checked."
            />
          }
        />
      ) : null}
      {step === 2 ? <VehicleInfoStep values={form} onChange={change} memory={memory} /> : null}
      {step === 3 ? <SafetyCheckStep form={api} /> : null}
      {step === 4 ? <PhotoStep form={api} /> : null}
      {last ? <SignatureStep form={api} submission={submission} /> : null}
      <WizardNav
        step={step}
        onPrevious={() => api.goToStep(step - 1)}
        onNext={last ? submission.submit : () => api.goToStep(step + 1)}
        nextLabel={last ? "Submit Check Sheet" : "Next Step"}
        nextDisabled={last && (submission.submitting || submission.submitted)}
        nextIcon={last ? null : undefined}
        status={api.saving ? "Saving..." : null}
      />
    </>
  );
}
