import { CheckCircle2, Info, LoaderCircle, Mail, Save } from "lucide-react";
import { useId } from "react";
import { MAX_ANONYMOUS_EMAILS, MAX_EMAILS, RATING_HIDE_DELAY_MS } from "../../../domain/constants";
import { timesheetSubmitProblem } from "../../../domain/dispatch";
import { messages, type Notice } from "../../../domain/messages";
import type { TimesheetFields } from "../../../domain/timesheet";
import { ClientEmailList } from "../../components/client-email-list";
import { RatingPicker } from "../../components/rating-picker";
import { SignatureDateField } from "../../components/signature-date-field";
import { SignerBlock } from "../../components/signer-block";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { toast } from "../../components/ui/use-toast";
import { appPaths } from "../../lib/app-paths";
import { useOneStepSubmit } from "../../lib/one-step-submit";
import { useDelayedFlag } from "../../lib/use-delayed-flag";
import { localFormKey } from "../../offline/local-forms";
import { TIMESHEET_LOCAL_KIND, type TimesheetFormApi, timesheetLabel } from "./use-timesheet-form";

function showFailure(notice: Notice): void {
  toast({ ...notice, variant: "destructive" });
}

/** How a submission ended for the screen: sent now, or kept on this phone to be sent when back online. */
export type TimesheetCompletion = "sent" | "saved-on-phone";

interface SignatureStepProps {
  form: TimesheetFormApi;
  /** After a successful one-step submission: the wizard starts again at step 1 (spec section 2). */
  onCompleted: (form: TimesheetFields, how: TimesheetCompletion) => void;
}

/**
 * Step 4, Driver Signature: Save as Draft for account holders, the operator's and the client's signatures,
 * the date, the client's confidential rating, the email addresses, and the one-step submit.
 */
export function SignatureStep({ form: api, onCompleted }: SignatureStepProps) {
  const { state, change, dispatch, accountHolder, saving, saveDraft, remember, localCopy } = api;
  const { form, rating } = state;
  const emailPanelOpen = useDelayedFlag(rating !== null && form.submitViaEmail, RATING_HIDE_DELAY_MS);
  const problem = timesheetSubmitProblem({ ...form, rating });
  const { submitting, submit } = useOneStepSubmit(showFailure);
  const statusId = useId();

  const saveAsDraft = async () => {
    const saved = await saveDraft();
    if (saved === "sent") toast({ title: messages.timesheetDraftSaved, variant: "success" });
    if (saved === "queued") toast({ ...messages.savedOnPhoneNotice, variant: "success" });
  };

  const completeAndEmail = async () => {
    if (rating === null || problem !== null || submitting) return;
    const body = { timesheetData: { ...form, id: state.id }, supervisorRating: rating, supervisorNotes: "" };
    // From here the outbox holds the form: a reload while it waits for signal must not offer it as unsent.
    await localCopy.markSending();
    let refused = true;
    await submit(
      "/api/timesheets/one-step-completion",
      body,
      () => {
        refused = false;
        toast({ ...messages.timesheetOneStepSucceeded(rating), variant: "success" });
        remember(form);
        onCompleted(form, "sent");
      },
      {
        label: timesheetLabel(form),
        formKey: localFormKey(TIMESHEET_LOCAL_KIND, state.id),
        idempotencyKey: `one-step:${state.id}`,
        fixUrl: appPaths.form(
          "timesheet",
          form.customerId
            ? { customerId: form.customerId, orderNumber: form.orderNumber || undefined }
            : undefined,
        ),
        onQueued: () => {
          refused = false;
          remember(form);
          onCompleted(form, "saved-on-phone");
        },
      },
    );
    if (refused) localCopy.resume();
  };

  return (
    <div className="space-y-4">
      {accountHolder ? (
        <Card className="space-y-3">
          <h3 className="text-lg font-bold">Save as Draft</h3>
          <p className="text-sm text-slate-700 dark:text-slate-300">
            Keep this timesheet and have it signed later; it stays in your drafts.
          </p>
          <Button variant="secondary" className="w-full" disabled={saving} onClick={() => void saveAsDraft()}>
            <Save aria-hidden="true" className="size-5" />
            Save as Draft
          </Button>
        </Card>
      ) : null}

      <SignerBlock
        title="Operator Signature"
        name={form.operatorSignedName}
        onNameChange={(operatorSignedName) => change({ operatorSignedName })}
        signature={form.operatorSignature}
        onSignatureChange={(operatorSignature, operatorSignedAt) =>
          change({ operatorSignature, operatorSignedAt })
        }
        prompt="Tap to sign"
      />
      <SignerBlock
        title="Client Signature"
        namePlaceholder="Client or foreman's full name"
        name={form.clientSignedName}
        onNameChange={(clientSignedName) => change({ clientSignedName })}
        signature={form.clientSignature}
        onSignatureChange={(clientSignature, clientSignedAt) => change({ clientSignature, clientSignedAt })}
        prompt="Client signature required"
      />
      <Card>
        <SignatureDateField
          label="Signature Date"
          value={form.signatureDate}
          onChange={(signatureDate) => change({ signatureDate })}
        />
      </Card>

      <RatingPicker value={rating} onChange={(next) => dispatch({ type: "rate", rating: next })} />

      {emailPanelOpen ? (
        <Card role="region" aria-label="Email Submission" className="space-y-3">
          <h3 className="flex items-center gap-2 text-lg font-bold">
            <Mail aria-hidden="true" className="size-5" />
            Email Submission
          </h3>
          <p className="text-sm text-slate-700 dark:text-slate-300">
            The signed timesheet goes to these addresses as a PDF.
          </p>
          <ClientEmailList
            emails={form.submissionEmails}
            onChange={(submissionEmails) => change({ submissionEmails })}
            maxRows={accountHolder ? MAX_EMAILS : MAX_ANONYMOUS_EMAILS}
          />
        </Card>
      ) : null}

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
              Ready to submit: the timesheet will be emailed to the addresses above.
            </p>
          )}
        </div>
        <Button
          size="lg"
          className="w-full"
          disabled={problem !== null || submitting}
          aria-describedby={statusId}
          onClick={() => void completeAndEmail()}
        >
          {submitting ? (
            <>
              <LoaderCircle aria-hidden="true" className="size-5 animate-spin" />
              Submitting...
            </>
          ) : (
            <>
              <Mail aria-hidden="true" className="size-5" />
              Complete & Email Timesheet
            </>
          )}
        </Button>
      </Card>
    </div>
  );
}
