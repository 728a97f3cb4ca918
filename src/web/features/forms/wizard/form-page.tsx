import { useQuery } from "@tanstack/react-query";
import TriangleAlert from "lucide-react/icons/triangle-exclamation-point";
import { type ReactNode, useRef, useState } from "react";
import { Link, useLocation, useSearchParams } from "wouter";
import type { SummaryRow } from "../../../../domain/forms/form-spec";
import { companyStateOf, returnedState, sentBackOf } from "../../../../domain/forms/sent-back";
import { formKindParam, messages } from "../../../../domain/text/messages";
import { localIsoDate } from "../../../../domain/time/iso-date";
import { LoadingScreen } from "../../../components/loading-screen";
import { RestoredNotice } from "../../../components/restored-notice";
import { SavedOnPhone } from "../../../components/saved-on-phone";
import { ScreenLayout } from "../../../components/screen-layout";
import { SentBackNotice } from "../../../components/sent-back-notice";
import { SentSummary } from "../../../components/sent-summary";
import { buttonClasses } from "../../../components/ui/button";
import { Card } from "../../../components/ui/card";
import { appPaths } from "../../../lib/app-paths";
import { failureText } from "../../../lib/failure-text";
import { useT } from "../../../lib/i18n";
import { newId } from "../../../lib/new-id";
import { useOwner } from "../../../lib/session-store";
import { useAccountValues } from "../../../lib/use-account-values";
import { useFormStart } from "../../../lib/use-form-start";
import { useCompanyName } from "../../../lib/use-my-organisation";
import { deleteLocalForm, formStartKey } from "../../../offline/local-forms";
import { localCopyToOpen, useLocalFormById, useRestoredLocalForm } from "../../../offline/use-local-form";
import { draftQuery } from "../api/form-queries";
import { type FormState, newFormState, openDraft } from "./form-state";
import { FormWizard } from "./form-wizard";
import type { OnFinished } from "./use-form-submit";
import type { WizardFields } from "./use-form-wizard";
import type { AnyWizardKind, WizardKind } from "./wizard-kind";

function FormScreen({
  kind,
  orderNumber,
  children,
}: {
  kind: AnyWizardKind;
  orderNumber?: string | null;
  children: ReactNode;
}) {
  const t = useT();
  return (
    <ScreenLayout
      title={t(kind.spec.titleKey)}
      subtitle={kind.subtitle(orderNumber, t)}
      back={{ href: appPaths.home(kind.spec.kind), label: t("wizard.home") }}
    >
      {children}
    </ScreenLayout>
  );
}

/** Why a draft could not be opened: the reason as it was given, or that it is unknown. */
function DraftProblem({ kind, reason }: { kind: AnyWizardKind; reason?: string | null }) {
  const t = useT();
  const given = reason?.trim();
  return (
    <Card role="alert" className="space-y-4">
      <p className="flex items-start gap-2 font-medium text-red-800 dark:text-red-300">
        <TriangleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
        {t("wizard.draftLoadFailed", { error: given ? given : t("wizard.unknownError") })}
      </p>
      <Link href={appPaths.form(kind.spec.kind)} className={buttonClasses("outline")}>
        {t("wizard.startNew", { form: formKindParam(kind.spec.kind) })}
      </Link>
    </Card>
  );
}

interface Ends<F> {
  onFinished: OnFinished<F>;
}

/**
 * A saved draft, fetched afresh each time it is opened, then edited from the step it had reached. The copy on
 * this device wins when it holds work the server has not had yet, or when there is no signal to fetch it. A form
 * that can no longer be changed (approved, completed) opens as its read-only record, which says why.
 */
function DraftForm<F extends WizardFields, X extends { type: string }>({
  kind,
  draftId,
  ends,
}: {
  kind: WizardKind<F, X>;
  draftId: string;
  ends: Ends<F>;
}) {
  const t = useT();
  const draft = useQuery(draftQuery(kind.spec, draftId));
  // Whose form it is: the account signed in when it was opened, whatever happens to the session meanwhile.
  const signedIn = useOwner();
  const [owner] = useState(signedIn);
  const [, navigate] = useLocation();
  const local = useLocalFormById<FormState<F>>(kind.spec.kind, draftId);
  if (draft.isPending || !local.ready) {
    return (
      <FormScreen kind={kind}>
        <LoadingScreen label={t("wizard.openingDraft")} />
      </FormScreen>
    );
  }
  const today = localIsoDate(new Date());
  const opened = draft.isError ? null : openDraft(kind, draft.data, today);
  if (opened && !opened.ok) {
    if (opened.locked) {
      queueMicrotask(() => navigate(appPaths.lockedForm(draftId), { replace: true }));
      return (
        <FormScreen kind={kind}>
          <LoadingScreen label={t("wizard.openingRecord")} />
        </FormScreen>
      );
    }
    return (
      <FormScreen kind={kind}>
        <DraftProblem
          kind={kind}
          reason={
            opened.problem === messages.invalidResponseFormat ? t("failure.invalidResponse") : opened.problem
          }
        />
      </FormScreen>
    );
  }
  // Why the company's office sent it back, until the driver submits it again.
  // Sent back or reopened by the company's office (decision record 040), with its reason and what to do.
  const sentBack = draft.isError ? null : sentBackOf(draft.data);
  const returned = draft.isError ? null : returnedState(companyStateOf(draft.data));
  const sentBackNotice = returned ? (
    <SentBackNotice
      reasons={[returned.reason ?? ""]}
      heading={t(returned.state === "reopened" ? "sentBack.reopenedHeading" : "sentBack.heading")}
      hint={t("sentBack.hint")}
      className="mb-4"
    />
  ) : (
    <SentBackNotice reasons={sentBack ? [sentBack.reason] : []} className="mb-4" />
  );
  const localForm = localCopyToOpen(local.form, draft.isError ? null : draft.data);
  if (localForm) {
    // An opened draft starts at the step the spec gives for what it holds, wherever it was left.
    const initial = { ...localForm.state, step: kind.spec.resumeStep(localForm.state.form) };
    return (
      <FormScreen kind={kind} orderNumber={localForm.state.form.orderNumber}>
        {sentBackNotice}
        <FormWizard
          kind={kind}
          initial={initial}
          options={{
            stored: true,
            savedVersion: localForm.savedVersion,
            owner: localForm.owner,
            start: localForm.start,
          }}
          onFinished={ends.onFinished}
        />
      </FormScreen>
    );
  }
  if (!opened) {
    return (
      <FormScreen kind={kind}>
        <DraftProblem kind={kind} reason={failureText(draft.error)} />
      </FormScreen>
    );
  }
  const { form } = opened.state;
  return (
    <FormScreen kind={kind} orderNumber={form.orderNumber}>
      {sentBackNotice}
      <FormWizard
        kind={kind}
        initial={opened.state}
        options={{ stored: true, owner, start: formStartKey(form) }}
        onFinished={ends.onFinished}
      />
    </FormScreen>
  );
}

/**
 * A new form for the customer and order number chosen before the wizard; or, when this device holds one in
 * progress for the same start, that one, exactly as it was left, with a notice that says so until the driver
 * carries on.
 */
function NewForm<F extends WizardFields, X extends { type: string }>({
  kind,
  ends,
  onStartAfresh,
}: {
  kind: WizardKind<F, X>;
  ends: Ends<F>;
  onStartAfresh: () => void;
}) {
  const t = useT();
  const { customerId, orderNumber } = useFormStart();
  // Whose form it is: the account signed in when it was opened, whatever happens to the session meanwhile.
  const signedIn = useOwner();
  const [owner] = useState(signedIn);
  const start = formStartKey({ customerId, orderNumber });
  const restored = useRestoredLocalForm<FormState<F>>(kind.spec.kind, { owner, start });
  const account = useAccountValues();
  const fresh = useRef<FormState<F> | null>(null);
  const [noticeShown, setNoticeShown] = useState(true);
  if (!restored.ready || account.settling) {
    return (
      <FormScreen kind={kind}>
        <LoadingScreen label={t("wizard.opening")} />
      </FormScreen>
    );
  }
  const local = restored.form;
  fresh.current ??= newFormState(
    kind,
    newId(),
    localIsoDate(new Date()),
    { customerId, orderNumber },
    account.values,
  );
  const initial = local ? local.state : fresh.current;
  const discard = async () => {
    if (local) await deleteLocalForm(kind.spec.kind, local.id);
    onStartAfresh();
  };
  return (
    <FormScreen kind={kind} orderNumber={initial.form.orderNumber}>
      {local && noticeShown ? (
        <RestoredNotice
          form={kind.spec.kind}
          loses={kind.restoredWork(local.state.form, t)}
          onDiscard={discard}
        />
      ) : null}
      <FormWizard
        kind={kind}
        initial={initial}
        options={{ stored: local?.stored ?? false, savedVersion: local?.savedVersion, owner, start }}
        onFinished={ends.onFinished}
        onCarryOn={() => setNoticeShown(false)}
      />
    </FormScreen>
  );
}

/**
 * A form type's route: a new form, or with `?draftId=` a saved draft. After a submission the form type says where
 * the wizard goes: blank again at step 1 for the same customer and order number (timesheet), or home (check
 * sheet). A submission kept on the phone for want of signal says so first.
 */
export function FormPage<F extends WizardFields, X extends { type: string }>({
  kind,
}: {
  kind: WizardKind<F, X>;
}) {
  const [params] = useSearchParams();
  const t = useT();
  const [, navigate] = useLocation();
  const [run, setRun] = useState(0);
  const [savedOnPhone, setSavedOnPhone] = useState(false);
  const [sent, setSent] = useState<{ summary: SummaryRow[]; recipients: readonly string[] } | null>(null);
  const owner = useOwner();
  const company = useCompanyName();
  const draftId = params.get("draftId");
  const { customerId, orderNumber } = useFormStart();

  const startAgain = () => {
    setSavedOnPhone(false);
    setSent(null);
    setRun((n) => n + 1);
    window.scrollTo({ top: 0 });
  };
  const goHome = () => navigate(owner !== null ? appPaths.dashboard : appPaths.home(kind.spec.kind));

  const onFinished: OnFinished<F> = (form, how, where) => {
    if (kind.afterSubmit === "restart") {
      const start = form.customerId
        ? { customerId: form.customerId, orderNumber: form.orderNumber || undefined }
        : undefined;
      navigate(appPaths.form(kind.spec.kind, start), { replace: true });
    }
    if (how === "saved-on-phone") {
      setSavedOnPhone(true);
      window.scrollTo({ top: 0 });
    } else if (where) {
      setSent({ summary: kind.spec.mailSummary(form, t), recipients: where.recipients });
      window.scrollTo({ top: 0 });
    } else if (kind.afterSubmit === "restart") {
      startAgain();
    } else {
      goHome();
    }
  };

  if (sent) {
    return (
      <FormScreen kind={kind}>
        <SentSummary
          form={kind.spec.kind}
          summary={sent.summary}
          recipients={sent.recipients}
          company={company}
          onStartAnother={startAgain}
          onHome={goHome}
        />
      </FormScreen>
    );
  }
  if (savedOnPhone) {
    const restart = kind.afterSubmit === "restart";
    return (
      <FormScreen kind={kind}>
        <SavedOnPhone
          form={kind.spec.kind}
          nextLabel={
            restart ? t("wizard.startNew", { form: formKindParam(kind.spec.kind) }) : t("wizard.backToHome")
          }
          onNext={restart ? startAgain : () => navigate(appPaths.home(kind.spec.kind))}
        />
      </FormScreen>
    );
  }
  return draftId ? (
    <DraftForm key={`${draftId}-${run}`} kind={kind} draftId={draftId} ends={{ onFinished }} />
  ) : (
    <NewForm
      key={`${customerId}-${orderNumber}-${run}`}
      kind={kind}
      ends={{ onFinished }}
      onStartAfresh={startAgain}
    />
  );
}
