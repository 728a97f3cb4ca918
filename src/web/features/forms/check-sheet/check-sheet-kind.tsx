import ArrowDown from "lucide-react/icons/arrow-down";
import Circle from "lucide-react/icons/circle";
import CheckCircle2 from "lucide-react/icons/circle-check";
import ClipboardCheck from "lucide-react/icons/clipboard-check";
import { ASKED_CHECK_ITEMS } from "../../../../domain/checks/check-items";
import type { CheckSheetFields } from "../../../../domain/checks/check-sheet";
import { machineSafeUnanswered } from "../../../../domain/forms/check-sheet-readings";
import { CHECK_SHEET_SPEC } from "../../../../domain/forms/check-sheet-spec";
import { fieldLabel, shortFieldLabel } from "../../../../domain/forms/field-labels";
import { photoCountLabel } from "../../../../domain/forms/photos";
import { isPresent, operatorPrintedName, signaturesComplete } from "../../../../domain/forms/signatures";
import { checkSheetOneStepProblem, checkSheetSubmitProblem } from "../../../../domain/sets/dispatch";
import { english } from "../../../../domain/text/i18n/english";
import { messages } from "../../../../domain/text/messages";
import { TextField } from "../../../components/text-field";
import { TodaysDate } from "../../../components/todays-date";
import { Card } from "../../../components/ui/card";
import { useT, useTranslator } from "../../../lib/i18n";
import { formatShortDateIn } from "../../../lib/locale-format";
import type { SaveReason } from "../wizard/use-draft-saver";
import type { WizardKind } from "../wizard/wizard-kind";
import {
  type CheckSheetAction,
  type CheckSheetWizardApi,
  checkSheetLabel,
  reducePhotos,
} from "./check-sheet-wizard-api";
import { PhotoStep } from "./photo-step";
import { SafetyCheckStep } from "./safety-check-step";

function CheckDateField({ wizard }: { wizard: CheckSheetWizardApi }) {
  const t = useT();
  return (
    <TextField
      label={fieldLabel("checkDate", t)}
      type="date"
      value={wizard.state.form.checkDate}
      onValueChange={(checkDate) => wizard.change({ checkDate })}
      hint={t("checkSheet.dateHint")}
    />
  );
}

function ChecklistItem({ done, children }: { done: boolean; children: string }) {
  const t = useT();
  const Icon = done ? CheckCircle2 : Circle;
  return (
    <li className="flex items-center gap-2">
      <Icon
        aria-hidden="true"
        className={done ? "size-5 text-emerald-700 dark:text-emerald-400" : "size-5 text-slate-500"}
      />
      <span aria-hidden="true">{children}</span>
      <span className="sr-only">
        {done
          ? t("checkSheet.itemDone", { item: children })
          : t("checkSheet.itemMissing", { item: children })}
      </span>
    </li>
  );
}

function OrderNumberLine({ orderNumber }: { orderNumber: string }) {
  const t = useT();
  return <p>{t("checkSheet.orderNumber", { orderNumber })}</p>;
}

/** The end of the signature step: what is signed (or still missing), and where the Submit button is. */
function CheckSheetSummary({ wizard }: { wizard: CheckSheetWizardApi }) {
  const { t, locale } = useTranslator();
  const { state, accountHolder } = wizard;
  const { form } = state;
  const complete = signaturesComplete(form);
  const operatorDone = isPresent(form.operatorSignature) && isPresent(operatorPrintedName(form));
  const supervisorDone = isPresent(form.clientSignature) && isPresent(form.clientSignedName);
  return (
    <>
      <Card role="region" aria-label={complete ? t("checkSheet.readyTitle") : t("checkSheet.awaitingTitle")}>
        {complete ? (
          <>
            <h3 className="flex items-center gap-2 text-lg font-bold text-emerald-800 dark:text-emerald-300">
              <ClipboardCheck aria-hidden="true" className="size-5" />
              {t("checkSheet.readyTitle")}
            </h3>
            <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5">
              <dt className="font-semibold text-slate-700 dark:text-slate-300">
                {shortFieldLabel("driverSignedName", t)}
              </dt>
              <dd>{operatorPrintedName(form)}</dd>
              <dt className="font-semibold text-slate-700 dark:text-slate-300">
                {t("checkSheet.summarySupervisor")}
              </dt>
              <dd>{form.clientSignedName.trim()}</dd>
              <dt className="font-semibold text-slate-700 dark:text-slate-300">
                {t("checkSheet.summaryDate")}
              </dt>
              <dd>{formatShortDateIn(locale, form.signatureDate)}</dd>
              <dt className="font-semibold text-slate-700 dark:text-slate-300">
                {shortFieldLabel("photos", t)}
              </dt>
              <dd>{photoCountLabel(form.photos.length, t)}</dd>
            </dl>
          </>
        ) : (
          <>
            <h3 className="text-lg font-bold">{t("checkSheet.awaitingTitle")}</h3>
            <ul className="mt-3 space-y-2">
              <ChecklistItem done={operatorDone}>{t("checkSheet.driverSignature")}</ChecklistItem>
              <ChecklistItem done={supervisorDone}>
                {accountHolder
                  ? t("checkSheet.supervisorSignatureOptional")
                  : t("checkSheet.supervisorSignature")}
              </ChecklistItem>
              <ChecklistItem done={isPresent(form.signatureDate)}>
                {t("checkSheet.summaryDate")}
              </ChecklistItem>
            </ul>
          </>
        )}
      </Card>
      <p className="flex items-center gap-2 rounded-lg bg-amber-50 p-3 text-sm font-medium text-amber-950 dark:bg-amber-400/10 dark:text-amber-100">
        <ArrowDown aria-hidden="true" className="size-5 shrink-0" />
        {t("checkSheet.submitHint")}
      </p>
    </>
  );
}

/** Auto and Next Step saves say they failed saving the check sheet; the driver's own save names the draft. */
function saveFailure(message: string, reason: SaveReason) {
  if (reason === "submit") return messages.checkSheetSubmitFailed;
  return reason === "draft" ? messages.draftSaveFailed(message) : messages.checkSheetSaveFailed(message);
}

/** The daily check sheet's wizard: its spec, and what only it has (the checks, the photos, approval). */
export const CHECK_SHEET_WIZARD: WizardKind<CheckSheetFields, CheckSheetAction> = {
  spec: CHECK_SHEET_SPEC,
  label: checkSheetLabel,
  subtitle: (orderNumber) => (
    <>
      <p>
        <TodaysDate />
      </p>
      {orderNumber ? <OrderNumberLine orderNumber={orderNumber} /> : null}
    </>
  ),
  restoredWork: (form, t = english) => {
    const checked = ASKED_CHECK_ITEMS.filter((item) => form[item.field] !== null).length;
    const signed = [form.operatorSignature, form.clientSignature].filter(isPresent).length;
    const parts = [
      t("restored.checks", { checked, total: ASKED_CHECK_ITEMS.length }),
      t("restored.photos", { count: form.photos.length }),
    ];
    if (signed > 0) parts.push(t("restored.signatures", { count: signed }));
    return parts.join(", ");
  },
  reduce: reducePhotos,
  dateField: CheckDateField,
  ownSteps: { checks: SafetyCheckStep, photos: PhotoStep },
  signatureSummary: CheckSheetSummary,
  submitLabel: "checkSheet.submit",
  emailPanelButton: "checkSheet.completeAndEmail",
  oneStepMember: "checkSheetData",
  oneStepProblem: (form, rating) =>
    machineSafeUnanswered(form)
      ? messages.machineSafeRequired
      : checkSheetOneStepProblem({ ...form, rating }),
  ratingOffered: (form, accountHolder) => !accountHolder && signaturesComplete(form),
  approval: {
    problem: (form) =>
      machineSafeUnanswered(form)
        ? messages.machineSafeRequired
        : checkSheetSubmitProblem(form, { accountHolder: true }),
    succeeded: messages.checkSheetSubmitted,
  },
  afterSubmit: "home",
  saveFailure,
  draftSaved: messages.checkSheetDraftSaved,
  signature: (t) => ({
    draftNote: t("checkSignature.draftNote"),
    draftButton: t("checkSignature.draftButton"),
    operatorTitle: t("checkSignature.operatorTitle"),
    operatorDialogTitle: fieldLabel("operatorSignature", t),
    clientTitle: (accountHolder) =>
      accountHolder ? t("checkSignature.supervisorTitle") : t("checkSignature.clientTitle"),
    clientPlaceholder: (accountHolder) =>
      accountHolder ? t("checkSignature.supervisorPlaceholder") : t("checkSignature.clientPlaceholder"),
    clientPrompt: (accountHolder) =>
      accountHolder ? t("checkSignature.optionalPrompt") : t("signatureStep.clientRequired"),
    clearLabel: t("checkSignature.clearAll"),
    dateLabel: t("checkSignature.date"),
    emailNote: t("checkSignature.emailNote"),
    ratingPrompt: t("checkSignature.ratingPrompt"),
  }),
};
