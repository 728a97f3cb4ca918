import { fieldLabel } from "../../../../domain/forms/field-labels";
import { OFF_HIRE_SPEC } from "../../../../domain/forms/off-hire-spec";
import { isPresent } from "../../../../domain/forms/signatures";
import { meterReading } from "../../../../domain/hire/hour-meter";
import type { OffHireNoteFields } from "../../../../domain/hire/off-hire-note";
import { checkSheetOneStepProblem } from "../../../../domain/sets/dispatch";
import { english } from "../../../../domain/text/i18n/english";
import { messages } from "../../../../domain/text/messages";
import { formatDisplayDate } from "../../../../domain/time/iso-date";
import { NotesField } from "../../../components/notes-field";
import { TextField } from "../../../components/text-field";
import { Card } from "../../../components/ui/card";
import { useT } from "../../../lib/i18n";
import { type PhotoAction, reducePhotos } from "../check-sheet/check-sheet-wizard-api";
import { PhotoStep } from "../check-sheet/photo-step";
import { SubmitCard } from "../wizard/signature-step";
import type { FormSubmitApi } from "../wizard/use-form-submit";
import type { FormWizardApi } from "../wizard/use-form-wizard";
import type { WizardKind } from "../wizard/wizard-kind";

type OffHireWizardApi = FormWizardApi<OffHireNoteFields, PhotoAction>;

/** Step 1's date: the day the hire ended, and its time. */
function OffHireDateField({ wizard }: { wizard: OffHireWizardApi }) {
  const t = useT();
  const { form } = wizard.state;
  return (
    <>
      <TextField
        label={fieldLabel("offHireDate", t)}
        type="date"
        value={form.offHireDate}
        onValueChange={(offHireDate) => wizard.change({ offHireDate })}
      />
      <TextField
        label={fieldLabel("offHireTime", t)}
        type="time"
        value={form.offHireTime}
        onValueChange={(offHireTime) => wizard.change({ offHireTime })}
      />
    </>
  );
}

/** Step 3: the hour meter and fuel as the machine is left, the damage seen, and the collection reference. */
function ConditionStep({ wizard }: { wizard: OffHireWizardApi }) {
  const t = useT();
  const { form } = wizard.state;
  const meterWrong = form.meterReading.trim() !== "" && meterReading(form.meterReading) === null;
  return (
    <div className="space-y-4">
      <Card className="space-y-3">
        <h3 className="text-lg font-bold">{t("offHire.conditionHeading")}</h3>
        <TextField
          label={fieldLabel("meterReading", t)}
          value={form.meterReading}
          onValueChange={(value) => wizard.change({ meterReading: value })}
          inputMode="decimal"
          autoComplete="off"
          maxLength={20}
          aria-invalid={meterWrong ? true : undefined}
          hint={
            meterWrong ? (
              <span role="alert" className="font-medium text-red-700 dark:text-red-300">
                {t("offHire.meterNotANumber")}
              </span>
            ) : undefined
          }
        />
        <TextField
          label={fieldLabel("fuelLevel", t)}
          value={form.fuelLevel}
          onValueChange={(fuelLevel) => wizard.change({ fuelLevel })}
          autoComplete="off"
          maxLength={50}
        />
        <TextField
          label={fieldLabel("collectionReference", t)}
          value={form.collectionReference}
          onValueChange={(collectionReference) => wizard.change({ collectionReference })}
          autoComplete="off"
          maxLength={200}
        />
      </Card>
      <NotesField
        label={fieldLabel("damageNotes", t)}
        value={form.damageNotes}
        onValueChange={(damageNotes) => wizard.change({ damageNotes })}
        placeholder={t("offHire.damagePlaceholder")}
      />
    </div>
  );
}

/** The end of the signature step: what is still missing, and Complete & Email. */
function OffHireSummary({ wizard, submission }: { wizard: OffHireWizardApi; submission: FormSubmitApi }) {
  const t = useT();
  const { form, rating } = wizard.state;
  return (
    <SubmitCard
      found={checkSheetOneStepProblem({ ...form, rating })}
      readyText={t("offHire.readyToSubmit")}
      label={t("offHire.completeAndEmail")}
      submission={submission}
    />
  );
}

/**
 * The off-hire note's wizard: its spec, the check sheet's photo step, and its own condition step. Completed in
 * one step by everyone: to the client, and for a company member to its hire desk too.
 */
export const OFF_HIRE_WIZARD: WizardKind<OffHireNoteFields, PhotoAction> = {
  spec: OFF_HIRE_SPEC,
  label: (form, t = english) =>
    form.offHireDate
      ? t("home.returnedOffHire", { date: formatDisplayDate(form.offHireDate) })
      : t("form.offHire.title"),
  subtitle: (orderNumber, t = english) =>
    orderNumber ? t("timesheet.orderSubtitle", { orderNumber }) : undefined,
  restoredWork: (form, t = english) => {
    const signed = [form.operatorSignature, form.clientSignature].filter(isPresent).length;
    const parts = [t("restored.photos", { count: form.photos.length })];
    if (signed > 0) parts.push(t("restored.signatures", { count: signed }));
    return parts.join(", ");
  },
  reduce: reducePhotos,
  dateField: OffHireDateField,
  ownSteps: { condition: ConditionStep, photos: PhotoStep },
  signatureSummary: OffHireSummary,
  submitLabel: null,
  emailPanelButton: null,
  oneStepMember: "offHireData",
  oneStepProblem: (form, rating) => checkSheetOneStepProblem({ ...form, rating }),
  ratingOffered: () => true,
  afterSubmit: "home",
  saveFailure: (message) => messages.draftSaveFailed(message),
  draftSaved: { title: english("offHire.draftSaved"), keys: { title: "offHire.draftSaved" } },
  signature: (t) => ({
    draftNote: t("offHire.draftNote"),
    draftButton: t("signatureStep.saveAsDraft"),
    operatorTitle: fieldLabel("operatorSignature", t),
    clientTitle: () => t("offHire.clientSignatureTitle"),
    clientPlaceholder: () => t("timesheetSignature.clientPlaceholder"),
    clientPrompt: () => t("signatureStep.clientRequired"),
    dateLabel: fieldLabel("signatureDate", t),
    emailNote: t("offHire.emailNote"),
  }),
};
