import CheckCircle2 from "lucide-react/icons/circle-check";
import Info from "lucide-react/icons/info";
import LoaderCircle from "lucide-react/icons/loader-circle";
import Mail from "lucide-react/icons/mail";
import Save from "lucide-react/icons/save";
import { useId } from "react";
import { MAX_ANONYMOUS_EMAILS, MAX_EMAILS, RATING_HIDE_DELAY_MS } from "../../../../domain/forms/constants";
import { checkSheetEmailButtonEnabled } from "../../../../domain/sets/dispatch";
import { messages, type Notice } from "../../../../domain/text/messages";
import { DocumentLanguagePicker } from "../../../components/document-language-picker";
import { RatingPicker } from "../../../components/rating-picker";
import { RecipientInput } from "../../../components/recipient-input";
import { SignatureDateField } from "../../../components/signature-date-field";
import { SignerBlock } from "../../../components/signer-block";
import { Button } from "../../../components/ui/button";
import { Card } from "../../../components/ui/card";
import { toast } from "../../../components/ui/use-toast";
import { useT } from "../../../lib/i18n";
import { noticeIn } from "../../../lib/notice-text";
import { useDelayedFlag } from "../../../lib/use-delayed-flag";
import type { FormSubmitApi } from "./use-form-submit";
import type { FormWizardApi, WizardFields } from "./use-form-wizard";

interface SignatureStepProps<F extends WizardFields, X extends { type: string }> {
  wizard: FormWizardApi<F, X>;
  submission: FormSubmitApi;
}

/**
 * The end of a one-step form's signature step: what still stands in the way (or that it is ready, in `readyText`),
 * and the button that completes and emails it, enabled only when nothing is in the way.
 */
export function SubmitCard({
  found,
  readyText,
  label,
  submission,
}: {
  found: Notice | null;
  readyText: string;
  label: string;
  submission: FormSubmitApi;
}) {
  const t = useT();
  const problem = found ? noticeIn(t, found) : null;
  const statusId = useId();
  return (
    <Card className="space-y-3">
      <div id={statusId} role="status" aria-live="polite">
        {problem ? (
          <div className="flex items-start gap-2 rounded-lg bg-amber-50 p-3 text-amber-950 dark:bg-amber-400/10 dark:text-amber-100">
            <Info aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
            <p>
              <span className="block font-semibold">{problem.title}</span>
              {problem.description}
            </p>
          </div>
        ) : (
          <p className="flex items-start gap-2 font-medium text-emerald-800 dark:text-emerald-300">
            <CheckCircle2 aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
            {readyText}
          </p>
        )}
      </div>
      <Button
        size="lg"
        className="w-full"
        disabled={problem !== null || submission.submitting || submission.submitted}
        aria-describedby={statusId}
        onClick={submission.completeAndEmail}
      >
        <SubmitLabel submitting={submission.submitting} label={label} />
      </Button>
    </Card>
  );
}

/** The submitting button's face: a spinner while it runs. */
export function SubmitLabel({ submitting, label }: { submitting: boolean; label: string }) {
  const t = useT();
  return submitting ? (
    <>
      <LoaderCircle aria-hidden="true" className="size-5 animate-spin" />
      {t("signatureStep.submitting")}
    </>
  ) : (
    <>
      <Mail aria-hidden="true" className="size-5" />
      {label}
    </>
  );
}

/**
 * The last step of every form, Driver Signature (spec section 2): Save as Draft for account holders, the
 * operator's and the client's (or supervisor's) signatures, the date, the client's confidential rating, the
 * email addresses, and the form type's summary with the way to submit.
 */
export function SignatureStep<F extends WizardFields, X extends { type: string }>({
  wizard,
  submission,
}: SignatureStepProps<F, X>) {
  const { kind, state, changeCommon: change, dispatch, accountHolder, saving, saveDraft } = wizard;
  const t = useT();
  const words = kind.signature(t);
  const { form, rating } = state;
  const ratingOffered = kind.ratingOffered(form, accountHolder);
  const viaApproval = accountHolder && kind.approval !== undefined;
  const emailPanelOpen = useDelayedFlag(
    !viaApproval && rating !== null && form.submitViaEmail,
    RATING_HIDE_DELAY_MS,
  );
  const Summary = kind.signatureSummary;

  // Said as it is: on the server, or kept on this phone until there is signal.
  const saveAsDraft = async () => {
    const saved = await saveDraft();
    if (saved === "sent") toast({ ...noticeIn(t, kind.draftSaved), variant: "success" });
    if (saved === "queued") toast({ ...noticeIn(t, messages.savedOnPhoneNotice), variant: "success" });
  };

  return (
    <div className="space-y-4">
      {accountHolder ? (
        <Card className="space-y-3">
          <h3 className="text-lg font-bold">{t("signatureStep.saveAsDraft")}</h3>
          <p className="text-sm text-slate-700 dark:text-slate-300">{words.draftNote}</p>
          <Button
            variant="secondary"
            className="w-full"
            disabled={saving || submission.submitted}
            onClick={() => void saveAsDraft()}
          >
            <Save aria-hidden="true" className="size-5" />
            {words.draftButton}
          </Button>
        </Card>
      ) : null}

      <SignerBlock
        title={words.operatorTitle}
        dialogTitle={words.operatorDialogTitle}
        name={form.operatorSignedName}
        onNameChange={(operatorSignedName) => change({ operatorSignedName })}
        signature={form.operatorSignature}
        onSignatureChange={(operatorSignature, operatorSignedAt) =>
          change({ operatorSignature, operatorSignedAt })
        }
        prompt={t("signatureStep.tapToSign")}
        clearLabel={words.clearLabel}
      />
      <SignerBlock
        title={words.clientTitle(accountHolder)}
        dialogTitle={words.clientDialogTitle}
        namePlaceholder={words.clientPlaceholder(accountHolder)}
        name={form.clientSignedName}
        onNameChange={(clientSignedName) => change({ clientSignedName })}
        signature={form.clientSignature}
        onSignatureChange={(clientSignature, clientSignedAt) => change({ clientSignature, clientSignedAt })}
        prompt={words.clientPrompt(accountHolder)}
        clearLabel={words.clearLabel}
      />
      <Card>
        <SignatureDateField
          label={words.dateLabel}
          value={form.signatureDate}
          onChange={(signatureDate) => change({ signatureDate })}
        />
      </Card>

      {ratingOffered ? (
        <RatingPicker
          value={rating}
          onChange={(next) => dispatch({ type: "rate", rating: next })}
          prompt={words.ratingPrompt}
        />
      ) : null}

      {emailPanelOpen ? (
        <Card role="region" aria-label={t("signatureStep.emailSubmission")} className="space-y-3">
          <h3 className="flex items-center gap-2 text-lg font-bold">
            <Mail aria-hidden="true" className="size-5" />
            {t("signatureStep.emailSubmission")}
          </h3>
          <p className="text-sm text-slate-700 dark:text-slate-300">{words.emailNote}</p>
          <RecipientInput
            emails={form.submissionEmails}
            onChange={(submissionEmails) => change({ submissionEmails })}
            maxRows={accountHolder ? MAX_EMAILS : MAX_ANONYMOUS_EMAILS}
          />
          <DocumentLanguagePicker />
          {kind.emailPanelButton ? (
            <Button
              size="lg"
              className="w-full"
              disabled={
                !checkSheetEmailButtonEnabled(form.submissionEmails, submission.submitting) ||
                submission.submitted
              }
              onClick={submission.completeAndEmail}
            >
              <SubmitLabel submitting={submission.submitting} label={t(kind.emailPanelButton)} />
            </Button>
          ) : null}
        </Card>
      ) : null}

      <Summary wizard={wizard} submission={submission} />
    </div>
  );
}
