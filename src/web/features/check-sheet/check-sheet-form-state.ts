import {
  applyCheckSheetInput,
  type CheckSheetFields,
  type CheckSheetInput,
  CheckSheetInputSchema,
  emptyCheckSheet,
} from "../../../domain/check-sheet";
import { MAX_PHOTOS } from "../../../domain/constants";
import { turnOnEmailSubmission } from "../../../domain/dispatch";
import { IdSchema } from "../../../domain/form-fields";
import { type FormMemory, useLastEntry as fillFromLastEntry } from "../../../domain/form-memory";
import { isOpenStatus } from "../../../domain/form-status";
import { messages } from "../../../domain/messages";
import type { Rating } from "../../../domain/rating";
import { isPresent } from "../../../domain/signatures";
import { CHECK_SHEET_STEPS, checkSheetResumeStep, type WizardStep } from "../../../domain/wizard";

/**
 * Everything the check sheet wizard holds, in one plain object a reducer changes: what a later offline store
 * needs to keep to bring the driver back exactly where they were.
 */
export interface CheckSheetFormState {
  /** Made on this device, so the sheet has its id before the server ever sees it. */
  id: string;
  form: CheckSheetFields;
  step: WizardStep;
  /** The client's confidential rating; not a field of the stored check sheet. */
  rating: Rating | null;
  /** Bumped by every change to the form, so a saver can tell whether there is anything new to save. */
  version: number;
}

export type CheckSheetFormAction =
  | { type: "change"; fields: CheckSheetInput }
  | { type: "useLastEntry"; memory: FormMemory }
  | { type: "addPhoto"; url: string }
  | { type: "removePhoto"; url: string }
  | { type: "rate"; rating: Rating }
  | { type: "goToStep"; step: WizardStep };

const LAST_STEP = CHECK_SHEET_STEPS.length;

export interface CheckSheetStart {
  customerId?: string | null;
  orderNumber?: string | null;
}

/** A blank check sheet at step 1, dated `today`, for the customer and order number chosen before the wizard. */
export function newCheckSheetState(
  id: string,
  today: string,
  start: CheckSheetStart = {},
): CheckSheetFormState {
  return {
    id,
    form: {
      ...emptyCheckSheet(today),
      customerId: start.customerId ?? "",
      orderNumber: start.orderNumber ?? "",
    },
    step: 1,
    rating: null,
    version: 0,
  };
}

const StoredCheckSheetSchema = CheckSheetInputSchema.extend({ id: IdSchema });

export type OpenedCheckSheet = { ok: true; state: CheckSheetFormState } | { ok: false; problem: string };

/**
 * A saved check sheet as GET /api/check-sheets/{id} answers it, opened for editing at the step the spec
 * gives. A completed (signed and sent) sheet cannot be edited, so it does not open.
 */
export function openCheckSheetDraft(record: unknown, today: string): OpenedCheckSheet {
  const parsed = StoredCheckSheetSchema.safeParse(record);
  if (!parsed.success) return { ok: false, problem: messages.invalidResponseFormat };
  const form = applyCheckSheetInput(emptyCheckSheet(today), parsed.data);
  if (!isOpenStatus(form.status)) return { ok: false, problem: messages.formLocked };
  return {
    ok: true,
    state: { id: parsed.data.id, form, step: checkSheetResumeStep(form), rating: null, version: 0 },
  };
}

function withForm(state: CheckSheetFormState, form: CheckSheetFields): CheckSheetFormState {
  return form === state.form ? state : { ...state, form, version: state.version + 1 };
}

function sameFields(a: CheckSheetFields, b: CheckSheetFields): boolean {
  return (Object.keys(a) as (keyof CheckSheetFields)[]).every((key) => a[key] === b[key]);
}

export function checkSheetFormReducer(
  state: CheckSheetFormState,
  action: CheckSheetFormAction,
): CheckSheetFormState {
  switch (action.type) {
    case "change":
      return withForm(state, applyCheckSheetInput(state.form, action.fields));
    case "useLastEntry": {
      const filled = fillFromLastEntry(state.form, action.memory);
      return sameFields(filled, state.form) ? state : withForm(state, filled);
    }
    case "addPhoto": {
      // Uploads finish one after another; each lands on the list as it stands, never past the limit.
      const { photos } = state.form;
      if (photos.includes(action.url) || photos.length >= MAX_PHOTOS) return state;
      return withForm(state, { ...state.form, photos: [...photos, action.url] });
    }
    case "removePhoto": {
      const photos = state.form.photos.filter((url) => url !== action.url);
      return photos.length === state.form.photos.length ? state : withForm(state, { ...state.form, photos });
    }
    case "rate":
      return { ...withForm(state, turnOnEmailSubmission(state.form)), rating: action.rating };
    case "goToStep": {
      const step = Math.min(LAST_STEP, Math.max(1, Math.trunc(action.step)));
      if (step === state.step) return state;
      // The driver is the operator: the signature step starts with the name given on step 1.
      const { operatorSignedName, driverSignedName } = state.form;
      const prefill = step === LAST_STEP && !isPresent(operatorSignedName) && isPresent(driverSignedName);
      const moved = { ...state, step };
      return prefill
        ? withForm(moved, { ...state.form, operatorSignedName: driverSignedName.trim() })
        : moved;
    }
  }
}
