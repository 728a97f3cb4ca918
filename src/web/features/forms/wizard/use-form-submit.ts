import { useMutation } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { messages, type Notice } from "../../../../domain/text/messages";
import { toast } from "../../../components/ui/use-toast";
import { chosenDocumentLanguage, senderLocale, useT } from "../../../lib/i18n";
import { newId } from "../../../lib/new-id";
import { noticeIn } from "../../../lib/notice-text";
import { useCompanyLanguage, useCompanyName } from "../../../lib/use-my-organisation";
import { localFormKey } from "../../../offline/local-forms";
import { oneStepRequest, useFormWrite } from "../api/form-writes";
import { oneStepFailureNotice, parseOneStepReply } from "../api/one-step";
import { formFixUrl } from "./form-paths";
import type { FormWizardApi, WizardFields } from "./use-form-wizard";

/** How a submission ended for the screen: sent now, or kept on this phone to be sent when back online. */
export type Completion = "sent" | "saved-on-phone";

/** Where a sent form went: the addresses it was emailed to (none when it went for approval). */
export interface Sent {
  recipients: readonly string[];
}

/** What the page does once a form is submitted: show what was sent, or say it waits on this phone. */
export type OnFinished<F> = (form: F, how: Completion, sent?: Sent) => void;

/**
 * Submitting a form, for every form type. Without an account (and for a form type with no approval step, with
 * one too) the form is completed and emailed in one step; an account holder's check sheet goes to a
 * supervisor's approval instead. Both go through the outbox: without signal the submission waits on the phone
 * and `onFinished(form, "saved-on-phone")` runs. After a submission that was sent, `onFinished(form, "sent", sent)`
 * runs at once, with where it went, for the page to show.
 */
export function useFormSubmit<F extends WizardFields, X extends { type: string }>(
  wizard: FormWizardApi<F, X>,
  onFinished: OnFinished<F>,
) {
  const { kind, state, accountHolder, remember, localCopy, save, change } = wizard;
  const { form, rating } = state;
  const oneStep = useFormWrite(["form-submit", state.id]);
  const [submitted, setSubmitted] = useState(false);
  const company = useCompanyName();
  const companyLanguage = useCompanyLanguage();
  const t = useT();
  const showFailure = (notice: Notice): void => {
    toast({ ...noticeIn(t, notice), variant: "destructive" });
  };
  // This screen's submission of the form: every tap and retry of it shares one key (only a success is kept by
  // the server, so a refused try may be changed and sent again under it).
  const submissionId = useRef(`${state.id}:${newId()}`);

  // The driver is shown what went and to whom at once: a blank form, or home after a pause, hid it.
  const finish = (notice: Notice, sent: Sent | undefined) => {
    toast({ ...noticeIn(t, notice), variant: "success" });
    remember(form);
    setSubmitted(true);
    onFinished(form, "sent", sent);
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
      language: senderLocale(),
      // As the picker shows it: the company's language unless the sender picked another.
      documentLanguage: chosenDocumentLanguage(companyLanguage),
    };
    // From here the outbox holds the form: a reload while it waits for signal must not offer it as unsent.
    await localCopy.markSending();
    let refused = true;
    try {
      const outcome = await oneStep.mutateAsync(
        oneStepRequest(kind.spec, {
          body,
          label: kind.label(form, t),
          formKey: localFormKey(kind.spec.kind, state.id),
          fixUrl: formFixUrl(kind.spec.kind, form),
          submissionId: submissionId.current,
        }),
      );
      if (outcome.kind === "sent") {
        const { recipients } = parseOneStepReply(outcome.reply);
        refused = false;
        const notice = noticeIn(t, kind.spec.oneStep.succeeded);
        finish(
          recipients?.length
            ? {
                ...notice,
                description: `${notice.description} ${t("wizard.mailedTo", { addresses: recipients.join(", ") })}`,
              }
            : notice,
          { recipients: recipients ?? [] },
        );
      } else if (outcome.kind === "refused") {
        showFailure(oneStepFailureNotice(outcome.error));
      } else {
        refused = false;
        // Too much sent for now: kept and sent later by itself, and the driver is told why it waits.
        const waitingFor = outcome.kind === "queued" ? outcome.waitingFor : undefined;
        if (waitingFor)
          toast({ ...noticeIn(t, messages.savedOnPhoneLimited(waitingFor)), variant: "success" });
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
      // Waiting in the outbox for signal, it is not shown as sent: the notice says so and the driver goes home.
      const succeeded = company ? messages.submittedToOffice(kind.spec.noun, company) : approval.succeeded;
      finish(
        result === "sent" ? succeeded : messages.savedOnPhoneNotice,
        result === "sent" ? { recipients: [] } : undefined,
      );
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
