import { useMutation } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { REDIRECT_AFTER_SUBMIT_MS } from "../../../domain/constants";
import { messages, type Notice } from "../../../domain/messages";
import { toast } from "../../components/ui/use-toast";
import { localFormKey } from "../../offline/local-forms";
import { oneStepRequest, useFormWrite } from "./api/form-writes";
import { oneStepFailureNotice, parseOneStepReply } from "./api/one-step";
import { formFixUrl } from "./form-paths";
import type { FormWizardApi, WizardFields } from "./use-form-wizard";

function showFailure(notice: Notice): void {
  toast({ ...notice, variant: "destructive" });
}

/** How a submission ended for the screen: sent now, or kept on this phone to be sent when back online. */
export type Completion = "sent" | "saved-on-phone";

/** What the page does once a form is submitted: start again, go home, or say it waits on this phone. */
export type OnFinished<F> = (form: F, how: Completion) => void;

/**
 * Submitting a form, for every form type. Without an account (and for a form type with no approval step, with
 * one too) the form is completed and emailed in one step; an account holder's check sheet goes to a
 * supervisor's approval instead. Both go through the outbox: without signal the submission waits on the phone
 * and `onFinished(form, "saved-on-phone")` runs. After a submission that was sent, the form type's
 * `afterSubmit` says where the wizard goes: at once back to step 1, or home after 2 s (spec section 4).
 */
export function useFormSubmit<F extends WizardFields, X extends { type: string }>(
  wizard: FormWizardApi<F, X>,
  onFinished: OnFinished<F>,
) {
  const { kind, state, accountHolder, remember, localCopy, save, change } = wizard;
  const { form, rating } = state;
  const oneStep = useFormWrite(["form-submit", state.id]);
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
    if (kind.afterSubmit === "restart") {
      onFinished(form, "sent");
      return;
    }
    setSubmitted(true);
    timer.current = setTimeout(() => onFinished(form, "sent"), REDIRECT_AFTER_SUBMIT_MS);
  };

  const completeAndEmail = async () => {
    if (submitted || oneStep.running.current > 0) return;
    const problem = kind.oneStepProblem(form, rating);
    if (problem || rating === null) {
      showFailure(problem ?? messages.supervisorRatingRequired);
      return;
    }
    const body = {
      [kind.oneStepMember]: { ...form, id: state.id },
      supervisorRating: rating,
      supervisorNotes: "",
    };
    // From here the outbox holds the form: a reload while it waits for signal must not offer it as unsent.
    await localCopy.markSending();
    let refused = true;
    try {
      const outcome = await oneStep.mutateAsync(
        oneStepRequest(kind.spec, {
          body,
          label: kind.label(form),
          formKey: localFormKey(kind.spec.kind, state.id),
          fixUrl: formFixUrl(kind.spec.kind, form),
          formId: state.id,
        }),
      );
      if (outcome.kind === "sent") {
        const { recipients } = parseOneStepReply(outcome.reply);
        refused = false;
        const notice = kind.spec.oneStep.succeeded(rating);
        finish(
          recipients?.length
            ? { ...notice, description: `${notice.description} ${messages.mailedTo(recipients)}` }
            : notice,
        );
      } else if (outcome.kind === "refused") {
        showFailure(oneStepFailureNotice(outcome.error));
      } else {
        refused = false;
        // Too much sent for now: kept and sent later by itself, and the driver is told why it waits.
        const waitingFor = outcome.kind === "queued" ? outcome.waitingFor : undefined;
        if (waitingFor) toast({ ...messages.savedOnPhoneLimited(waitingFor), variant: "success" });
        remember(form);
        setSubmitted(true);
        onFinished(form, "saved-on-phone");
      }
    } catch (error) {
      showFailure(oneStepFailureNotice(error));
    }
    if (refused) localCopy.resume();
  };

  /** Sends the form for a supervisor's approval (the server stamps submittedAt); without signal it waits. */
  const toApproval = useMutation({
    mutationFn: async () => {
      const approval = kind.approval;
      if (!approval) return;
      const problem = approval.problem(form);
      if (problem) {
        showFailure(problem);
        return;
      }
      const result = await save("submit", { status: "ready_for_approval" });
      if (!result) return;
      change({ status: "ready_for_approval" } as Partial<F>);
      // Sent, or waiting in the outbox with the whole form: no longer a form in progress on this phone.
      await localCopy.forget();
      finish(result === "sent" ? approval.succeeded : messages.savedOnPhoneNotice);
    },
  });

  const submitting = oneStep.isPending || toApproval.isPending;
  const viaApproval = accountHolder && kind.approval !== undefined;
  return {
    /** The wizard's last button, where the form type has one. */
    submit: () => {
      if (submitted || submitting) return;
      if (viaApproval) toApproval.mutate();
      else void completeAndEmail();
    },
    completeAndEmail: () => void completeAndEmail(),
    submitting,
    submitted,
  };
}

export type FormSubmitApi = ReturnType<typeof useFormSubmit>;
