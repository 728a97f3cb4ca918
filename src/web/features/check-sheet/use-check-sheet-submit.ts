import { useEffect, useRef, useState } from "react";
import { REDIRECT_AFTER_SUBMIT_MS } from "../../../domain/constants";
import { checkSheetOneStepProblem, checkSheetSubmitProblem } from "../../../domain/dispatch";
import type { Notice } from "../../../domain/messages";
import { messages } from "../../../domain/messages";
import { toast } from "../../components/ui/use-toast";
import { useOneStepSubmit } from "../../lib/one-step-submit";
import { localFormKey } from "../../offline/local-forms";
import {
  CHECK_SHEET_LOCAL_KIND,
  type CheckSheetFormApi,
  checkSheetFixUrl,
  checkSheetLabel,
} from "./use-check-sheet-form";

function showFailure(notice: Notice): void {
  toast({ ...notice, variant: "destructive" });
}

/**
 * 'Submit Check Sheet' and 'Complete & Email Check Sheet'. An account holder's sheet goes to supervisor
 * approval (status ready_for_approval); without an account the sheet is completed and emailed in one step.
 * Either way, after success the app returns home after 2 s (spec section 4). A one-step submission made without
 * signal waits on the phone and `onSavedOnPhone` runs instead.
 */
export function useCheckSheetSubmit(api: CheckSheetFormApi, goHome: () => void, onSavedOnPhone: () => void) {
  const { state, accountHolder, submitForApproval, remember, localCopy } = api;
  const { form, rating } = state;
  const oneStep = useOneStepSubmit(showFailure);
  const [sending, setSending] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const finish = (notice: Notice) => {
    toast({ ...notice, variant: "success" });
    remember(form);
    setSubmitted(true);
    timer.current = setTimeout(goHome, REDIRECT_AFTER_SUBMIT_MS);
  };

  const completeAndEmail = async () => {
    if (submitted || oneStep.submitting) return;
    const problem = checkSheetOneStepProblem({ ...form, rating });
    if (problem || rating === null) {
      showFailure(problem ?? messages.supervisorRatingRequired);
      return;
    }
    const body = { checkSheetData: { ...form, id: state.id }, supervisorRating: rating, supervisorNotes: "" };
    // From here the outbox holds the sheet: a reload while it waits for signal must not offer it as unsent.
    await localCopy.markSending();
    let refused = true;
    await oneStep.submit(
      "/api/one-step-completion/check-sheet",
      body,
      () => {
        refused = false;
        finish(messages.checkSheetOneStepSucceeded(rating));
      },
      {
        label: checkSheetLabel(form),
        formKey: localFormKey(CHECK_SHEET_LOCAL_KIND, state.id),
        idempotencyKey: `one-step:${state.id}`,
        fixUrl: checkSheetFixUrl(form),
        onQueued: () => {
          refused = false;
          remember(form);
          setSubmitted(true);
          onSavedOnPhone();
        },
      },
    );
    if (refused) localCopy.resume();
  };

  const submitToSupervisor = async () => {
    if (submitted || sending) return;
    if (checkSheetSubmitProblem(form, { accountHolder: true })) {
      showFailure(messages.signaturesRequired);
      return;
    }
    setSending(true);
    try {
      const result = await submitForApproval();
      if (result) finish(result === "sent" ? messages.checkSheetSubmitted : messages.savedOnPhoneNotice);
    } finally {
      setSending(false);
    }
  };

  return {
    /** The wizard's last button. */
    submit: accountHolder ? () => void submitToSupervisor() : () => void completeAndEmail(),
    completeAndEmail: () => void completeAndEmail(),
    submitting: oneStep.submitting || sending,
    submitted,
  };
}

export type CheckSheetSubmitApi = ReturnType<typeof useCheckSheetSubmit>;
