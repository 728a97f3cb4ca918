import { useCallback, useReducer } from "react";
import type { BaseFormFields } from "../../../../domain/forms/form-spec";
import type { WizardStep } from "../../../../domain/forms/wizard";
import type { EmailSubmissionFields } from "../../../../domain/sets/dispatch";
import { localIsoDate } from "../../../../domain/time/iso-date";
import type { DriverCompanyValues } from "../../../components/driver-company-step";
import type { VehicleValues } from "../../../components/vehicle-info-step";
import { useT } from "../../../lib/i18n";
import { useSession } from "../../../lib/session-store";
import { useFormMemory } from "../../../lib/use-form-memory";
import { useLocalFormCopy } from "../../../offline/use-local-form";
import type { RememberedFields } from "../../../rules/form-memory";
import { type FormState, formReducer } from "./form-state";
import { useDraftSaver } from "./use-draft-saver";
import type { WizardKind } from "./wizard-kind";

/** The fields the one wizard's common steps (driver, vehicle, signatures) read and write. */
export type WizardFields = BaseFormFields &
  DriverCompanyValues &
  VehicleValues &
  RememberedFields &
  EmailSubmissionFields & {
    operatorSignedAt?: string | null;
    clientSignedName: string;
    clientSignedAt?: string | null;
    signatureDate: string;
  };

/** A save's body of a form type: any of its fields, and the id made on the phone. */
export type FormInput<F> = Partial<F> & { id?: string };

export interface FormWizardOptions {
  /** The server already holds it (an opened draft, or a device copy that was saved). */
  stored: boolean;
  /** The version the server has, for a form brought back from the device's copy. */
  savedVersion?: number;
  /** Whose form it is: the account signed in when it was started (its id), or null. */
  owner: string | null;
  /** formStartKey() of its customer and order number. */
  start: string;
}

/**
 * A wizard's state and what acts on it, for any form type: the one reducer, the remembered values, the copy kept
 * on this device as it is typed, and drafts for account holders (saved on Next Step, every 30 s when changed, and
 * on 'Save as Draft').
 */
export function useFormWizard<F extends WizardFields, X extends { type: string }>(
  kind: WizardKind<F, X>,
  initial: FormState<F>,
  options: FormWizardOptions,
) {
  const t = useT();
  const session = useSession();
  const accountHolder = session !== null;
  const [reducer] = useReducerOnce(kind);
  const [state, dispatch] = useReducer(reducer, initial);
  const { memory, remember } = useFormMemory();
  const drafts = useDraftSaver({
    spec: kind.spec,
    enabled: accountHolder,
    stored: options.stored,
    savedVersion: options.savedVersion,
    snapshot: { id: state.id, body: state.form, version: state.version },
    failureNotice: kind.saveFailure,
    label: t("wizard.draftLabel", { label: kind.label(state.form, t) }),
  });
  const localCopy = useLocalFormCopy({
    kind: kind.spec.kind,
    id: state.id,
    state,
    owner: options.owner,
    start: options.start,
    stored: drafts.stored,
    savedVersion: drafts.savedVersion,
  });

  const change = useCallback((fields: Partial<F>) => dispatch({ type: "change", fields }), []);
  /** The common steps' fields, which every form type has. */
  const changeCommon = useCallback(
    (fields: Partial<WizardFields>) => dispatch({ type: "change", fields: fields as Partial<F> }),
    [],
  );

  /** Leaving a step remembers what was typed; going forward also saves the draft. */
  const goToStep = (step: WizardStep) => {
    remember(state.form);
    dispatch({ type: "goToStep", step, today: localIsoDate(new Date()) });
    if (step > state.step) void drafts.save("step");
  };

  return {
    kind,
    state,
    dispatch,
    change,
    changeCommon,
    goToStep,
    memory,
    remember,
    accountHolder,
    saving: drafts.saving,
    save: drafts.save,
    saveDraft: () => drafts.save("draft"),
    localCopy,
  };
}

const reducers = new WeakMap<object, unknown>();

/** One reducer per form type, made once: useReducer wants the same function on every render. */
function useReducerOnce<F extends WizardFields, X extends { type: string }>(
  kind: WizardKind<F, X>,
): [ReturnType<typeof formReducer<F, X>>] {
  let reducer = reducers.get(kind) as ReturnType<typeof formReducer<F, X>> | undefined;
  if (!reducer) {
    reducer = formReducer(kind);
    reducers.set(kind, reducer);
  }
  return [reducer];
}

export type FormWizardApi<F extends WizardFields, X extends { type: string }> = ReturnType<
  typeof useFormWizard<F, X>
>;
