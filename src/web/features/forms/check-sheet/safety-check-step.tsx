import TriangleAlert from "lucide-react/icons/triangle-exclamation-point";
import { useId } from "react";
import {
  ASKED_CHECK_ITEMS,
  type CheckItem,
  type CheckValue,
  defectItems,
} from "../../../../domain/checks/check-items";
import { OPERATOR_INITIALS_MAX_LENGTH } from "../../../../domain/checks/check-sheet";
import { askedReadings, type ReadingDescription } from "../../../../domain/forms/check-sheet-readings";
import { checkItemLabel } from "../../../../domain/forms/check-templates";
import { fieldLabel } from "../../../../domain/forms/field-labels";
import type { MessageKey } from "../../../../domain/text/i18n/translate";
import { NotesField } from "../../../components/notes-field";
import { TextField } from "../../../components/text-field";
import { Card } from "../../../components/ui/card";
import { cn } from "../../../lib/cn";
import { useT } from "../../../lib/i18n";
import type { CheckSheetWizardApi } from "./check-sheet-wizard-api";

const CHOICES: readonly { value: CheckValue; key: string; label: MessageKey; checked: string }[] = [
  {
    value: true,
    key: "pass",
    label: "checkStep.pass",
    checked:
      "peer-checked:border-emerald-700 peer-checked:bg-emerald-700 peer-checked:text-white dark:peer-checked:border-emerald-500 dark:peer-checked:bg-emerald-600",
  },
  {
    value: false,
    key: "defect",
    label: "checkStep.defect",
    checked:
      "peer-checked:border-red-700 peer-checked:bg-red-700 peer-checked:text-white dark:peer-checked:border-red-500 dark:peer-checked:bg-red-600",
  },
  {
    value: null,
    key: "na",
    label: "checkStep.notApplicable",
    checked:
      "peer-checked:border-slate-600 peer-checked:bg-slate-200 peer-checked:text-slate-950 dark:peer-checked:border-slate-400 dark:peer-checked:bg-slate-700 dark:peer-checked:text-white",
  },
];

/** A reading's choice when picked: the same dark fill for every choice, as none is good or bad. */
const READING_CHECKED =
  "peer-checked:border-sky-800 peer-checked:bg-sky-800 peer-checked:text-white dark:peer-checked:border-sky-400 dark:peer-checked:bg-sky-700";

/**
 * A question as large radio buttons in a labelled group: a screen reader reads the question, then each choice.
 * Three or fewer choices share a row; more wrap to rows of three on a phone.
 */
function ChoiceGroup({
  legend,
  choices,
  picked,
  onPick,
}: {
  legend: string;
  choices: readonly { key: string; label: string; checked: string }[];
  picked: string | undefined;
  onPick: (key: string) => void;
}) {
  const name = useId();
  return (
    <fieldset className="border-b border-slate-200 py-3 last:border-b-0 dark:border-slate-800">
      <legend className="float-left mb-2 w-full font-semibold">{legend}</legend>
      <div
        className={cn(
          "clear-left grid gap-2",
          choices.length === 2 ? "grid-cols-2" : "grid-cols-3",
          choices.length > 3 && "sm:grid-cols-5",
        )}
      >
        {choices.map((choice) => (
          <label key={choice.key} className="relative block">
            <input
              type="radio"
              name={name}
              value={choice.key}
              checked={picked === choice.key}
              onChange={() => onPick(choice.key)}
              className="peer sr-only"
            />
            {/* 48 px high and a third of the width: hit with a gloved thumb. */}
            <span
              className={cn(
                "flex min-h-12 cursor-pointer items-center justify-center rounded-lg border-2 px-1 text-center text-base font-semibold select-none",
                "border-slate-300 bg-white text-slate-900 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100",
                "peer-focus-visible:ring-4 peer-focus-visible:ring-amber-400",
                choice.checked,
              )}
            >
              {choice.label}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** One check item as pass, defect or N/A. */
function CheckItemChoice({
  item,
  value,
  onChange,
}: {
  item: CheckItem;
  value: CheckValue;
  onChange: (value: CheckValue) => void;
}) {
  const t = useT();
  return (
    <ChoiceGroup
      legend={checkItemLabel(item, t)}
      choices={CHOICES.map((choice) => ({ ...choice, label: t(choice.label) }))}
      picked={CHOICES.find((choice) => choice.value === value)?.key}
      onPick={(key) => onChange(CHOICES.find((choice) => choice.key === key)?.value ?? null)}
    />
  );
}

/** One of the sheet's readings, asked as its description says. */
function ReadingChoice({
  reading,
  value,
  onChange,
}: {
  reading: ReadingDescription;
  value: unknown;
  onChange: (value: string) => void;
}) {
  const t = useT();
  return (
    <ChoiceGroup
      legend={t(reading.label)}
      choices={reading.choices.map((choice) => ({
        key: choice.value,
        label: t(choice.label),
        checked: READING_CHECKED,
      }))}
      picked={typeof value === "string" ? value : undefined}
      onPick={onChange}
    />
  );
}

function Notice({ children }: { children: string }) {
  return (
    <p className="flex items-start gap-2 rounded-lg border-2 border-amber-500 bg-amber-50 p-3 font-bold text-amber-950 dark:bg-amber-400/10 dark:text-amber-100">
      <TriangleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      {children}
    </p>
  );
}

/**
 * Step 3, Daily Safety Check: the items as pass, defect or N/A, the defects notes, the operator's initials and the
 * two notices.
 */
export function SafetyCheckStep({ wizard: api }: { wizard: CheckSheetWizardApi }) {
  const t = useT();
  const { state, change } = api;
  const { form } = state;
  const defects = defectItems(form).length;
  const readings = askedReadings(form);
  const answered = ASKED_CHECK_ITEMS.filter((item) => form[item.field] !== null).length;

  return (
    <div className="space-y-4">
      <Notice>{t("check.fuelNotice")}</Notice>
      <Card className="py-2">
        <p aria-live="polite" className="py-2 text-sm font-medium text-slate-700 dark:text-slate-300">
          {t("checkStep.progress", { answered, total: ASKED_CHECK_ITEMS.length })}
          {defects > 0 ? t("checkStep.defects", { count: defects }) : ""}
        </p>
        {ASKED_CHECK_ITEMS.map((item) => (
          <CheckItemChoice
            key={item.field}
            item={item}
            value={form[item.field]}
            onChange={(value) => change({ [item.field]: value })}
          />
        ))}
      </Card>
      <NotesField
        label={fieldLabel("defectsNotes", t)}
        value={form.defectsNotes}
        onValueChange={(defectsNotes) => change({ defectsNotes })}
        placeholder={t("checkStep.defectsPlaceholder")}
        rows={4}
      />
      <TextField
        label={fieldLabel("operatorInitials", t)}
        value={form.operatorInitials ?? ""}
        onValueChange={(operatorInitials) => change({ operatorInitials })}
        maxLength={OPERATOR_INITIALS_MAX_LENGTH}
        autoComplete="off"
        autoCapitalize="characters"
      />
      {readings.length > 0 ? (
        <Card className="py-2">
          {readings.map((reading) => (
            <ReadingChoice
              key={reading.field}
              reading={reading}
              value={(form as Readonly<Record<string, unknown>>)[reading.field]}
              onChange={(value) => change({ [reading.field]: value })}
            />
          ))}
        </Card>
      ) : null}
      <Notice>{t("check.damagesNotice")}</Notice>
    </div>
  );
}
