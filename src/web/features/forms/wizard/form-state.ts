import { IdSchema } from "../../../../domain/forms/form-fields";
import { formFromInput } from "../../../../domain/forms/form-spec";
import { isOpenStatus } from "../../../../domain/forms/form-status";
import { isPresent } from "../../../../domain/forms/signatures";
import type { WizardStep } from "../../../../domain/forms/wizard";
import { turnOnEmailSubmission } from "../../../../domain/sets/dispatch";
import type { Rating } from "../../../../domain/sets/rating";
import { messages } from "../../../../domain/text/messages";
import { type FormMemory, useLastEntry as fillFromLastEntry } from "../../../rules/form-memory";
import { type AccountValues, accountAndCalendarValues, blankFieldsFilled } from "../../../rules/form-prefill";
import type { WizardFields } from "./use-form-wizard";
import type { WizardKind } from "./wizard-kind";

/**
 * Everything a wizard holds, in one plain object a reducer changes: what the device's copy keeps to bring the
 * driver back exactly where they were. The same for every form type.
 */
export interface FormState<F> {
  /** Made on this device, so the form has its id before the server ever sees it. */
  id: string;
  form: F;
  step: WizardStep;
  /** The client's confidential rating; not a field of the stored form. */
  rating: Rating | null;
  /** Bumped by every change to the form, so a saver can tell whether there is anything new to save. */
  version: number;
}

/** What every wizard does to its state; a form type adds its own actions (X). */
export type FormAction<F, X> =
  | { type: "change"; fields: Partial<F> }
  | { type: "useLastEntry"; memory: FormMemory }
  | { type: "rate"; rating: Rating }
  /** `today` dates the signatures when the signature step opens without a date. */
  | { type: "goToStep"; step: WizardStep; today?: string }
  | X;

export interface FormStartFields {
  customerId?: string | null;
  orderNumber?: string | null;
}

// biome-ignore lint/suspicious/noExplicitAny: the kind's own actions do not matter to these.
type KindOf<F extends WizardFields> = WizardKind<F, any>;

/**
 * A blank form at step 1, dated `today`, for the customer and order number chosen before the wizard, with the
 * driver's name, company and week ending filled in from the account and the calendar.
 */
export function newFormState<F extends WizardFields>(
  kind: KindOf<F>,
  id: string,
  today: string,
  start: FormStartFields = {},
  account: AccountValues = {},
): FormState<F> {
  const empty = kind.spec.empty(today);
  // Part of the blank form, not a change: an untouched new form is still not kept or offered back.
  const known = accountAndCalendarValues(today, account, { weekEnding: "weekEnding" in empty });
  return {
    id,
    form: {
      ...empty,
      ...blankFieldsFilled(empty, known),
      customerId: start.customerId ?? "",
      orderNumber: start.orderNumber ?? "",
    },
    step: 1,
    rating: null,
    version: 0,
  };
}

export type OpenedDraft<F> = { ok: true; state: FormState<F> } | { ok: false; problem: string };

/**
 * A saved draft as GET /api/{forms}/{id} answers it, opened for editing at the step the spec gives. A completed
 * (signed and sent) form cannot be edited, so it does not open: `locked` says so.
 */
export function openDraft<F extends WizardFields>(
  kind: KindOf<F>,
  record: unknown,
  today: string,
): OpenedDraft<F> & { locked?: boolean } {
  const { spec } = kind;
  const parsed = spec.inputSchema.safeParse(record);
  const id = IdSchema.safeParse((record as { id?: unknown } | null)?.id);
  if (!parsed.success || !id.success) return { ok: false, problem: messages.invalidResponseFormat };
  const form = formFromInput(spec, parsed.data, today);
  if (!isOpenStatus(form.status)) return { ok: false, problem: messages.formLocked, locked: true };
  return { ok: true, state: { id: id.data, form, step: spec.resumeStep(form), rating: null, version: 0 } };
}

function withForm<F>(state: FormState<F>, form: F): FormState<F> {
  return form === state.form ? state : { ...state, form, version: state.version + 1 };
}

function sameFields<F extends object>(a: F, b: F): boolean {
  return (Object.keys(a) as (keyof F)[]).every((key) => a[key] === b[key]);
}

/** The one reducer of every wizard: the common actions here, the form type's own by its `reduce`. */
export function formReducer<F extends WizardFields, X extends { type: string }>(kind: WizardKind<F, X>) {
  const lastStep = kind.spec.steps.length;
  return (state: FormState<F>, action: FormAction<F, X>): FormState<F> => {
    switch (action.type) {
      case "change":
        return withForm(state, kind.spec.apply(state.form, (action as { fields: Partial<F> }).fields));
      case "useLastEntry": {
        const filled = fillFromLastEntry(state.form, (action as { memory: FormMemory }).memory);
        return sameFields(filled, state.form) ? state : withForm(state, filled);
      }
      case "rate":
        return {
          ...withForm(state, turnOnEmailSubmission(state.form)),
          rating: (action as { rating: Rating }).rating,
        };
      case "goToStep": {
        const step = Math.min(lastStep, Math.max(1, Math.trunc((action as { step: WizardStep }).step)));
        if (step === state.step) return state;
        // The driver is the operator: the signature step starts with the name given on step 1, and dated the
        // day it is signed.
        const { operatorSignedName, driverSignedName, signatureDate } = state.form;
        const moved = { ...state, step };
        if (step !== lastStep) return moved;
        const today = (action as { today?: string }).today;
        const filled: Partial<WizardFields> = {};
        if (!isPresent(operatorSignedName) && isPresent(driverSignedName)) {
          filled.operatorSignedName = driverSignedName.trim();
        }
        if (!isPresent(signatureDate) && today) filled.signatureDate = today;
        return Object.keys(filled).length > 0 ? withForm(moved, { ...state.form, ...filled }) : moved;
      }
      default:
        return withForm(state, kind.reduce(state.form, action as X));
    }
  };
}
