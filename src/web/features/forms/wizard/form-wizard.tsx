import { useEffect, useRef } from "react";
import { stepProgress } from "../../../../domain/forms/form-spec";
import { DriverCompanyStep } from "../../../components/driver-company-step";
import { FormStartSummary } from "../../../components/form-start-summary";
import { VehicleInfoStep } from "../../../components/vehicle-info-step";
import { WizardNav } from "../../../components/wizard-nav";
import { WizardProgress } from "../../../components/wizard-progress";
import { useT } from "../../../lib/i18n";
import { useIsCompanyMember } from "../../../lib/use-my-organisation";
import type { FormState } from "./form-state";
import { SignatureStep } from "./signature-step";
import { type OnFinished, useFormSubmit } from "./use-form-submit";
import {
  type FormWizardApi,
  type FormWizardOptions,
  useFormWizard,
  type WizardFields,
} from "./use-form-wizard";
import { useStepHistory } from "./use-step-history";
import type { WizardKind } from "./wizard-kind";

interface FormWizardProps<F extends WizardFields, X extends { type: string }> {
  kind: WizardKind<F, X>;
  initial: FormState<F>;
  /** Whether the server holds it, whose it is, and what it was started for. */
  options: FormWizardOptions;
  onFinished: OnFinished<F>;
  /** The driver carried on with the form (a change, or a step): a restored form's notice has done its work. */
  onCarryOn?: () => void;
}

/** The steps every form has: who and where (with the form's own date), the machine, and the signatures. */
function CommonStep<F extends WizardFields, X extends { type: string }>({
  id,
  wizard,
}: {
  id: string;
  wizard: FormWizardApi<F, X>;
}) {
  const { kind, state, changeCommon, memory, dispatch } = wizard;
  const { form } = state;
  if (id === "driver") {
    const DateField = kind.dateField;
    return (
      <DriverCompanyStep
        values={form}
        onChange={changeCommon}
        memory={memory}
        onUseLastEntry={() => dispatch({ type: "useLastEntry", memory })}
        job={
          <FormStartSummary
            form={kind.spec.kind}
            start={{ customerId: form.customerId || null, orderNumber: form.orderNumber || null }}
          />
        }
        dateField={<DateField wizard={wizard} />}
      />
    );
  }
  if (id === "vehicle") {
    const Extras = kind.vehicleExtras;
    return (
      <VehicleInfoStep values={form} onChange={changeCommon} memory={memory}>
        {Extras ? <Extras wizard={wizard} /> : null}
      </VehicleInfoStep>
    );
  }
  const Own = kind.ownSteps[id];
  return Own ? <Own wizard={wizard} /> : null;
}

/** The one wizard of every form type (spec section 2): its progress, the step on screen, and the step bar. */
export function FormWizard<F extends WizardFields, X extends { type: string }>({
  kind,
  initial,
  options,
  onFinished,
  onCarryOn,
}: FormWizardProps<F, X>) {
  const t = useT();
  const wizard = useFormWizard(kind, initial, options);
  const submission = useFormSubmit(wizard, onFinished);
  const { step, version, id } = wizard.state;
  const steps = kind.spec.steps;
  const last = step === steps.length;
  const history = useStepHistory(id, step, wizard.goToStep);
  const carriedOn = step !== initial.step || version !== initial.version;
  const companyMember = useIsCompanyMember();
  const carryOn = useRef(onCarryOn);
  carryOn.current = onCarryOn;
  useEffect(() => {
    if (carriedOn) carryOn.current?.();
  }, [carriedOn]);

  return (
    <>
      <WizardProgress
        step={step}
        steps={steps.map((s) => t(s.titleKey))}
        percent={stepProgress(kind.spec, step)}
      />
      {last ? (
        <SignatureStep wizard={wizard} submission={submission} />
      ) : (
        <CommonStep id={steps[step - 1]?.id ?? "driver"} wizard={wizard} />
      )}
      <WizardNav
        step={step}
        onPrevious={() => history.back(step - 1)}
        onNext={last ? submission.submit : () => history.forward(step + 1)}
        nextLabel={
          last
            ? companyMember && kind.submitLabel
              ? t("wizard.submitToOffice")
              : kind.submitLabel && t(kind.submitLabel)
            : t("wizard.next")
        }
        nextDisabled={last && (submission.submitting || submission.submitted)}
        nextIcon={last ? null : undefined}
        status={wizard.saving ? t("wizard.saving") : null}
      />
    </>
  );
}
