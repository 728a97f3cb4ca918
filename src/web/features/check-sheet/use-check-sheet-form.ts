import { useCallback, useReducer, useState } from "react";
import type { CheckSheetFields, CheckSheetInput } from "../../../domain/check-sheet";
import { formatDisplayDate } from "../../../domain/iso-date";
import { messages } from "../../../domain/messages";
import type { PhotoFile } from "../../../domain/photos";
import type { WizardStep } from "../../../domain/wizard";
import { appPaths } from "../../lib/app-paths";
import { useSession } from "../../lib/session-store";
import { type SaveReason, type SaveResult, useDraftSaver } from "../../lib/use-draft-saver";
import { useFormMemory } from "../../lib/use-form-memory";
import { useLocalFormCopy } from "../../offline/use-local-form";
import { type CheckSheetFormState, checkSheetFormReducer } from "./check-sheet-form-state";

/** The form kind of the device's copies of check sheets. */
export const CHECK_SHEET_LOCAL_KIND = "check-sheet";

/** What the waiting list calls a check sheet. */
export function checkSheetLabel(form: CheckSheetFields): string {
  return form.checkDate ? `Check sheet, ${formatDisplayDate(form.checkDate)}` : "Check sheet";
}

export interface CheckSheetFormOptions {
  /** The server already holds it (an opened draft, or a device copy that was saved). */
  stored: boolean;
  /** The version the server has, for a form brought back from the device's copy. */
  savedVersion?: number;
  /** Whose form it is: the driver signed in when it was started, or null. */
  owner: string | null;
  /** formStartKey() of its customer and order number. */
  start: string;
}

/** Where the driver fixes a check sheet the server refused later: the same start brings its copy back. */
export function checkSheetFixUrl(form: CheckSheetFields): string {
  return appPaths.form(
    "check-sheet",
    form.customerId ? { customerId: form.customerId, orderNumber: form.orderNumber || undefined } : undefined,
  );
}

/** Auto and Next Step saves say they failed saving the check sheet; the driver's own save names the draft. */
function saveFailure(message: string, reason: SaveReason) {
  if (reason === "submit") return messages.checkSheetSubmitFailed;
  return reason === "draft" ? messages.draftSaveFailed(message) : messages.checkSheetSaveFailed(message);
}

/**
 * The check sheet wizard's state and what acts on it: the form reducer, the remembered values, the copy kept on
 * this device as it is typed, and saves for account holders (on Next Step, every 30 s when changed, on 'Save Draft - Complete Later', and on submit).
 */
export function useCheckSheetForm(initial: CheckSheetFormState, options: CheckSheetFormOptions) {
  const session = useSession();
  const accountHolder = session !== null;
  const [state, dispatch] = useReducer(checkSheetFormReducer, initial);
  const { memory, remember } = useFormMemory();
  const drafts = useDraftSaver({
    collection: "/api/check-sheets",
    enabled: accountHolder,
    stored: options.stored,
    savedVersion: options.savedVersion,
    snapshot: { id: state.id, body: state.form, version: state.version },
    failureNotice: saveFailure,
    label: `${checkSheetLabel(state.form)} (draft)`,
  });
  const localCopy = useLocalFormCopy({
    kind: CHECK_SHEET_LOCAL_KIND,
    id: state.id,
    state,
    owner: options.owner,
    start: options.start,
    stored: drafts.stored,
    savedVersion: drafts.savedVersion,
  });

  // The files the photos came from, by URL, so the same photo is not uploaded twice.
  const [photoFiles, setPhotoFiles] = useState<Readonly<Record<string, PhotoFile>>>({});
  const notePhotoFile = useCallback(
    (url: string, file: PhotoFile) => setPhotoFiles((known) => ({ ...known, [url]: file })),
    [],
  );

  const change = useCallback((fields: CheckSheetInput) => dispatch({ type: "change", fields }), []);

  /** Leaving a step remembers what was typed; going forward also saves the draft. */
  const goToStep = (step: WizardStep) => {
    remember(state.form);
    dispatch({ type: "goToStep", step });
    if (step > state.step) void drafts.save("step");
  };

  /**
   * Sends the sheet for supervisor approval (the server stamps submittedAt). Without signal the submission waits
   * on the phone and goes out, in order, when the signal returns.
   */
  const submitForApproval = async (): Promise<SaveResult> => {
    const result = await drafts.save("submit", { status: "ready_for_approval" });
    if (result) {
      change({ status: "ready_for_approval" });
      // Sent, or waiting in the outbox with the whole sheet: no longer a form in progress on this phone.
      await localCopy.forget();
    }
    return result;
  };

  return {
    state,
    dispatch,
    change,
    goToStep,
    memory,
    remember,
    photoFiles,
    notePhotoFile,
    accountHolder,
    saving: drafts.saving,
    saveDraft: () => drafts.save("draft"),
    submitForApproval,
    localCopy,
  };
}

export type CheckSheetFormApi = ReturnType<typeof useCheckSheetForm>;
