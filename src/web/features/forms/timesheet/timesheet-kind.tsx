import CalendarDays from "lucide-react/icons/calendar-days";
import { fieldLabel } from "../../../../domain/forms/field-labels";
import { isPresent } from "../../../../domain/forms/signatures";
import { TIMESHEET_SPEC } from "../../../../domain/forms/timesheet-spec";
import { meterHours, meterProblem } from "../../../../domain/hire/hour-meter";
import { type StandDown, withStandDowns } from "../../../../domain/hire/stand-downs";
import { timesheetCharge } from "../../../../domain/hire/timesheet-hire";
import {
  addStandardShiftDay,
  clearTimesheetDay,
  type TimesheetFields,
  withWorkedHoursInPlace,
} from "../../../../domain/hours/timesheet";
import { timesheetSubmitProblem } from "../../../../domain/sets/dispatch";
import { english } from "../../../../domain/text/i18n/english";
import type { Translator } from "../../../../domain/text/i18n/translate";
import { messages } from "../../../../domain/text/messages";
import { DAYS, type Day, dayKey } from "../../../../domain/time/days";
import { formatDisplayDate } from "../../../../domain/time/iso-date";
import { isSaturday, nextSaturday } from "../../../../domain/time/week-ending";
import { TextField } from "../../../components/text-field";
import { Button } from "../../../components/ui/button";
import { useT, useTranslator } from "../../../lib/i18n";
import { formatShortDateIn, weekdayOfDateIn } from "../../../lib/locale-format";
import { noticeIn } from "../../../lib/notice-text";
import { useIsCompanyMember } from "../../../lib/use-my-organisation";
import { SubmitCard } from "../wizard/signature-step";
import type { FormSubmitApi } from "../wizard/use-form-submit";
import type { FormWizardApi } from "../wizard/use-form-wizard";
import type { WizardKind } from "../wizard/wizard-kind";
import { ChargeSummary } from "./charge-summary";
import { useCompanyTerms, WeekStep } from "./week-step";

/**
 * The timesheet's own changes: a day's standard shift, added or cleared with one tap, and the breakdown of the
 * checks that stood its plant down that week.
 */
export type TimesheetAction =
  | { type: "addStandardShift"; day: Day }
  | { type: "clearDay"; day: Day }
  | { type: "standDowns"; standDowns: readonly StandDown[] };

export type TimesheetWizardApi = FormWizardApi<TimesheetFields, TimesheetAction>;

/** What the waiting list calls a timesheet, in the reader's language (English unless given a `t`). */
export function timesheetLabel(form: TimesheetFields, t: Translator["t"] = english): string {
  return form.weekEnding
    ? t("timesheet.labelWeek", { date: formatDisplayDate(form.weekEnding) })
    : t("timesheet.label");
}

/** Step 1's date: the week ending, with the way to the Saturday when the date given is not one. */
function WeekEndingField({ wizard }: { wizard: TimesheetWizardApi }) {
  const { t, locale } = useTranslator();
  const { state, change } = wizard;
  const { form } = state;
  // Advised only, never enforced (spec section 5): a date that is not a Saturday says so, in the reader's words.
  const day = isSaturday(form.weekEnding) ? null : weekdayOfDateIn(locale, form.weekEnding);
  const advice = day ? t("weekEnding.notSaturday", { day }) : null;
  const saturday = advice ? nextSaturday(form.weekEnding) : null;
  return (
    <TextField
      label={fieldLabel("weekEnding", t)}
      type="date"
      value={form.weekEnding}
      onValueChange={(weekEnding) => change({ weekEnding })}
      hint={
        advice ? (
          <div className="space-y-2">
            <p className="font-medium text-amber-900 dark:text-amber-200">{advice}</p>
            {saturday ? (
              <Button variant="outline" onClick={() => change({ weekEnding: saturday })}>
                <CalendarDays aria-hidden="true" className="size-5" />
                {t("weekEnding.useSaturday", { date: formatShortDateIn(locale, saturday) })}
              </Button>
            ) : null}
          </div>
        ) : (
          t("weekEnding.hint")
        )
      }
    />
  );
}

/** Step 2's readings: the hour meter at the week's start and end (the machine hours alone on older forms). */
function StartReadings({ wizard }: { wizard: TimesheetWizardApi }) {
  const t = useT();
  const { state, change } = wizard;
  const { form } = state;
  const meter = form.meterStart !== undefined;
  const readings = [
    ...(meter ? (["meterStart", "meterEnd"] as const) : (["machineHours"] as const)),
    "vanMileage",
  ] as const;
  const problem = meter ? meterProblem(form) : null;
  const ran = meter ? meterHours(form) : null;
  return (
    <>
      {readings.map((field) => (
        <TextField
          key={field}
          label={fieldLabel(field, t)}
          value={form[field] ?? ""}
          onValueChange={(value) => change({ [field]: value })}
          inputMode={field === "vanMileage" ? "numeric" : "decimal"}
          autoComplete="off"
          maxLength={50}
          aria-invalid={problem !== null && field === "meterEnd" ? true : undefined}
          hint={
            field !== "meterEnd" ? undefined : problem ? (
              <span role="alert" className="font-medium text-red-700 dark:text-red-300">
                {noticeIn(t, problem).description}
              </span>
            ) : ran !== null ? (
              t("meter.hoursRun", { hours: ran })
            ) : undefined
          }
        />
      ))}
    </>
  );
}

/** The end of the signature step: the chargeable hours the client signs for, what is still missing, and submit. */
function TimesheetSummary({ wizard, submission }: { wizard: TimesheetWizardApi; submission: FormSubmitApi }) {
  const t = useT();
  const { form, rating } = wizard.state;
  const companyMember = useIsCompanyMember();
  useCompanyTerms(wizard);
  const charge = timesheetCharge(form);
  return (
    <>
      {charge ? <ChargeSummary charge={charge} /> : null}
      <SubmitCard
        found={timesheetSubmitProblem({ ...form, rating })}
        readyText={t("timesheet.readyToSubmit")}
        label={companyMember ? t("wizard.submitToOffice") : t("timesheet.completeAndEmail")}
        submission={submission}
      />
    </>
  );
}

/** The weekly timesheet's wizard: its spec, and what only it has (the week's days and the start readings). */
export const TIMESHEET_WIZARD: WizardKind<TimesheetFields, TimesheetAction> = {
  spec: TIMESHEET_SPEC,
  label: timesheetLabel,
  subtitle: (orderNumber, t = english) =>
    orderNumber ? t("timesheet.orderSubtitle", { orderNumber }) : undefined,
  restoredWork: (form, t = english) => {
    const days = DAYS.filter(
      (day) => form[dayKey(day, "Start")] !== "" || form[dayKey(day, "Finish")] !== "",
    ).length;
    const signed = [form.operatorSignature, form.clientSignature].filter(isPresent).length;
    const parts: string[] = [];
    if (days > 0) parts.push(t("timesheet.restoredDays", { count: days }));
    if (signed > 0) parts.push(t("restored.signatures", { count: signed }));
    if (form.company) parts.push(t("timesheet.restoredDetails", { company: form.company }));
    if (parts.length === 0) parts.push(t("timesheet.restoredSomething"));
    return parts.join(", ");
  },
  reduce: (form, action) => {
    switch (action.type) {
      case "addStandardShift":
        return addStandardShiftDay(form, action.day);
      case "clearDay":
        return clearTimesheetDay(form, action.day);
      case "standDowns": {
        const hireDays = withStandDowns(form, action.standDowns);
        return hireDays === form.hireDays ? form : withWorkedHoursInPlace({ ...form, hireDays });
      }
    }
  },
  dateField: WeekEndingField,
  vehicleExtras: StartReadings,
  ownSteps: { week: WeekStep },
  signatureSummary: TimesheetSummary,
  submitLabel: null,
  emailPanelButton: null,
  oneStepMember: "timesheetData",
  oneStepProblem: (form, rating) => timesheetSubmitProblem({ ...form, rating }),
  ratingOffered: () => true,
  afterSubmit: "restart",
  saveFailure: (message) => messages.draftSaveFailed(message),
  draftSaved: { title: messages.timesheetDraftSaved, keys: { title: "timesheet.draftSaved" } },
  signature: (t) => ({
    draftNote: t("timesheetSignature.draftNote"),
    draftButton: t("signatureStep.saveAsDraft"),
    operatorTitle: fieldLabel("operatorSignature", t),
    clientTitle: () => fieldLabel("clientSignature", t),
    clientPlaceholder: () => t("timesheetSignature.clientPlaceholder"),
    clientPrompt: () => t("signatureStep.clientRequired"),
    dateLabel: fieldLabel("signatureDate", t),
    emailNote: t("timesheetSignature.emailNote"),
  }),
};
