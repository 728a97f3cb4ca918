import { ArrowDown, CheckCircle2, Circle, ClipboardCheck, LoaderCircle, Mail, Save } from "lucide-react";
import { MAX_ANONYMOUS_EMAILS, MAX_EMAILS, RATING_HIDE_DELAY_MS } from "../../../domain/constants";
import { checkSheetEmailButtonEnabled } from "../../../domain/dispatch";
import { formatDisplayDate } from "../../../domain/iso-date";
import { messages } from "../../../domain/messages";
import { photoCountLabel } from "../../../domain/photos";
import { isPresent, operatorPrintedName, signaturesComplete } from "../../../domain/signatures";
import { ClientEmailList } from "../../components/client-email-list";
import { RatingPicker } from "../../components/rating-picker";
import { SignatureDateField } from "../../components/signature-date-field";
import { SignerBlock } from "../../components/signer-block";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { toast } from "../../components/ui/use-toast";
import { useDelayedFlag } from "../../lib/use-delayed-flag";
import type { CheckSheetFormApi } from "./use-check-sheet-form";
import type { CheckSheetSubmitApi } from "./use-check-sheet-submit";

function ChecklistItem({ done, children }: { done: boolean; children: string }) {
  const Icon = done ? CheckCircle2 : Circle;
  return (
    <li className="flex items-center gap-2">
      <Icon
        aria-hidden="true"
        className={done ? "size-5 text-emerald-700 dark:text-emerald-400" : "size-5 text-slate-500"}
      />
      <span>
        {children}
        <span className="sr-only">{done ? ": done" : ": missing"}</span>
      </span>
    </li>
  );
}

interface SignatureStepProps {
  form: CheckSheetFormApi;
  submission: CheckSheetSubmitApi;
}

/**
 * Step 5, Driver Signature, as spec section 2 lists it: Save Draft for account holders, the operator's and the
 * supervisor's (or client's) signatures, the date, the rating and email for users without an account, and what
 * is still missing before 'Submit Check Sheet'.
 */
export function SignatureStep({ form: api, submission }: SignatureStepProps) {
  const { state, change, dispatch, accountHolder, saving, saveDraft } = api;
  const { form, rating } = state;
  const complete = signaturesComplete(form);
  const emailPanelOpen = useDelayedFlag(
    !accountHolder && rating !== null && form.submitViaEmail,
    RATING_HIDE_DELAY_MS,
  );
  const operatorDone = isPresent(form.operatorSignature) && isPresent(operatorPrintedName(form));
  const supervisorDone = isPresent(form.clientSignature) && isPresent(form.clientSignedName);
  const supervisorTitle = accountHolder ? "Supervisor Signature" : "Client/Supervisor Signature";

  const saveAsDraft = async () => {
    if (await saveDraft()) toast({ ...messages.checkSheetDraftSaved, variant: "success" });
  };

  return (
    <div className="space-y-4">
      {accountHolder ? (
        <Card className="space-y-3">
          <h3 className="text-lg font-bold">Save as Draft</h3>
          <p className="text-sm text-slate-700 dark:text-slate-300">
            Keep this check sheet and have it signed later; it appears in the supervisor approval section.
          </p>
          <Button
            variant="secondary"
            className="w-full"
            disabled={saving || submission.submitted}
            onClick={() => void saveAsDraft()}
          >
            <Save aria-hidden="true" className="size-5" />
            Save Draft - Complete Later
          </Button>
        </Card>
      ) : null}

      <SignerBlock
        title="Driver/Operator Signature"
        dialogTitle="Operator Signature"
        name={form.operatorSignedName}
        onNameChange={(operatorSignedName) => change({ operatorSignedName })}
        signature={form.operatorSignature}
        onSignatureChange={(operatorSignature, operatorSignedAt) =>
          change({ operatorSignature, operatorSignedAt })
        }
        prompt="Tap to sign"
        clearLabel="Clear All"
      />
      <SignerBlock
        title={supervisorTitle}
        dialogTitle="Client Signature"
        namePlaceholder={accountHolder ? "Supervisor's full name" : "Client or supervisor's full name"}
        name={form.clientSignedName}
        onNameChange={(clientSignedName) => change({ clientSignedName })}
        signature={form.clientSignature}
        onSignatureChange={(clientSignature, clientSignedAt) => change({ clientSignature, clientSignedAt })}
        prompt={accountHolder ? "Tap to sign (optional)" : "Client signature required"}
        clearLabel="Clear All"
      />
      <Card>
        <SignatureDateField
          label="DATE"
          value={form.signatureDate}
          onChange={(signatureDate) => change({ signatureDate })}
        />
      </Card>

      {!accountHolder && complete ? (
        <RatingPicker
          value={rating}
          onChange={(next) => dispatch({ type: "rate", rating: next })}
          prompt="For the client or supervisor: how did the driver do today?"
        />
      ) : null}

      {emailPanelOpen ? (
        <Card role="region" aria-label="Email Submission" className="space-y-3">
          <h3 className="flex items-center gap-2 text-lg font-bold">
            <Mail aria-hidden="true" className="size-5" />
            Email Submission
          </h3>
          <p className="text-sm text-slate-700 dark:text-slate-300">
            The signed check sheet goes to these addresses as a PDF, with its photos.
          </p>
          <ClientEmailList
            emails={form.submissionEmails}
            onChange={(submissionEmails) => change({ submissionEmails })}
            maxRows={accountHolder ? MAX_EMAILS : MAX_ANONYMOUS_EMAILS}
          />
          <Button
            size="lg"
            className="w-full"
            disabled={
              !checkSheetEmailButtonEnabled(form.submissionEmails, submission.submitting) ||
              submission.submitted
            }
            onClick={submission.completeAndEmail}
          >
            {submission.submitting ? (
              <>
                <LoaderCircle aria-hidden="true" className="size-5 animate-spin" />
                Submitting...
              </>
            ) : (
              <>
                <Mail aria-hidden="true" className="size-5" />
                Complete & Email Check Sheet
              </>
            )}
          </Button>
        </Card>
      ) : null}

      <Card role="region" aria-label={complete ? "Ready for Final Submission" : "Awaiting Signatures"}>
        {complete ? (
          <>
            <h3 className="flex items-center gap-2 text-lg font-bold text-emerald-800 dark:text-emerald-300">
              <ClipboardCheck aria-hidden="true" className="size-5" />
              Ready for Final Submission
            </h3>
            <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5">
              <dt className="font-semibold text-slate-700 dark:text-slate-300">Driver</dt>
              <dd>{operatorPrintedName(form)}</dd>
              <dt className="font-semibold text-slate-700 dark:text-slate-300">Supervisor</dt>
              <dd>{form.clientSignedName.trim()}</dd>
              <dt className="font-semibold text-slate-700 dark:text-slate-300">Date</dt>
              <dd>{formatDisplayDate(form.signatureDate)}</dd>
              <dt className="font-semibold text-slate-700 dark:text-slate-300">Photos</dt>
              <dd>{photoCountLabel(form.photos.length)}</dd>
            </dl>
          </>
        ) : (
          <>
            <h3 className="text-lg font-bold">Awaiting Signatures</h3>
            <ul className="mt-3 space-y-2">
              <ChecklistItem done={operatorDone}>Driver signature</ChecklistItem>
              <ChecklistItem done={supervisorDone}>
                {accountHolder ? "Supervisor signature (optional now)" : "Supervisor signature"}
              </ChecklistItem>
              <ChecklistItem done={isPresent(form.signatureDate)}>Date</ChecklistItem>
            </ul>
          </>
        )}
      </Card>

      <p className="flex items-center gap-2 rounded-lg bg-amber-50 p-3 text-sm font-medium text-amber-950 dark:bg-amber-400/10 dark:text-amber-100">
        <ArrowDown aria-hidden="true" className="size-5 shrink-0" />
        When you are done, tap Submit Check Sheet at the bottom of the form.
      </p>
    </div>
  );
}
