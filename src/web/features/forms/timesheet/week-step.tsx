import { useQuery } from "@tanstack/react-query";
import X from "lucide-react/icons/x";
import { useEffect, useId } from "react";
import { fieldLabel } from "../../../../domain/forms/field-labels";
import { MAX_BREAK_MINUTES } from "../../../../domain/forms/form-fields";
import { isPresent } from "../../../../domain/forms/signatures";
import type { StandDown } from "../../../../domain/hire/stand-downs";
import {
  breakFieldValue,
  dayNetHours,
  finishNotAfterStart,
  isStandardShiftAdded,
  STANDARD_SHIFT,
} from "../../../../domain/hours/hours";
import type { TimesheetFields } from "../../../../domain/hours/timesheet";
import { DAYS, type Day, dayKey, dayLabel } from "../../../../domain/time/days";
import { NotesField } from "../../../components/notes-field";
import { TextField } from "../../../components/text-field";
import { Button } from "../../../components/ui/button";
import { Card } from "../../../components/ui/card";
import { apiRequest } from "../../../lib/api-client";
import { useTranslator } from "../../../lib/i18n";
import { formatHoursIn } from "../../../lib/locale-format";
import { useSession } from "../../../lib/session-store";
import { useCompanyHireTerms } from "../../../lib/use-my-organisation";
import { DayKindsEditor } from "./day-kinds-editor";
import type { TimesheetWizardApi } from "./timesheet-kind";

function DayCard({ day, form, api }: { day: Day; form: TimesheetFields; api: TimesheetWizardApi }) {
  const { t, locale } = useTranslator();
  const { change, dispatch } = api;
  const headingId = useId();
  const start = form[dayKey(day, "Start")];
  const finish = form[dayKey(day, "Finish")];
  const breakMinutes = form[dayKey(day, "Break")];
  const hasTimes = start !== "" || finish !== "";
  const added = isStandardShiftAdded(form, day);
  const label = dayLabel(day, t);
  const { hireDays } = form;
  const shift = {
    start: STANDARD_SHIFT.start,
    finish: STANDARD_SHIFT.finish,
    breakMinutes: STANDARD_SHIFT.breakMinutes,
  };

  return (
    <Card role="region" aria-labelledby={headingId} className="space-y-3 p-4">
      <div className="flex items-center justify-between gap-3">
        <h3 id={headingId} className="text-lg font-bold">
          {label}
        </h3>
        <p aria-live="polite" className="text-end text-sm text-slate-700 dark:text-slate-300">
          {t("week.netHours")}{" "}
          <strong className="text-lg text-slate-900 tabular-nums dark:text-slate-100">
            {hasTimes ? formatHoursIn(locale, dayNetHours(form, day)) : "-"}
          </strong>
        </p>
      </div>

      <div className="flex gap-2">
        {added ? (
          <p className="flex min-h-11 flex-1 items-center justify-center gap-1.5 rounded-lg bg-emerald-100 font-semibold text-emerald-900 dark:bg-emerald-400/15 dark:text-emerald-200">
            {`✓ ${t("week.added")}`}
          </p>
        ) : (
          <Button
            className="flex-1"
            onClick={() => dispatch({ type: "addStandardShift", day })}
            title={t("week.standardShift", shift)}
          >
            {t("week.addStandardShift", { hours: STANDARD_SHIFT.netHours })}
          </Button>
        )}
        {hasTimes ? (
          <Button variant="outline" onClick={() => dispatch({ type: "clearDay", day })}>
            <X aria-hidden="true" className="size-5" />
            {t("week.clear")}
          </Button>
        ) : null}
      </div>

      {finishNotAfterStart({ start, finish }) ? (
        <p className="text-sm font-medium text-red-700 dark:text-red-300">{t("week.finishNotAfterStart")}</p>
      ) : null}

      {hireDays ? (
        <DayKindsEditor
          day={day}
          form={{ ...form, hireDays }}
          onChange={(kinds) => change({ hireDays: { ...hireDays, [day]: kinds } })}
        />
      ) : null}

      <details className="rounded-lg border border-slate-200 dark:border-slate-700">
        <summary className="flex min-h-11 cursor-pointer items-center px-3 font-semibold select-none">
          {t("week.enterManually")}
        </summary>
        <div className="grid grid-cols-2 gap-3 px-3 pt-1 pb-3">
          <TextField
            label={t("week.start")}
            type="time"
            value={start}
            onValueChange={(value) => change({ [dayKey(day, "Start")]: value })}
          />
          <TextField
            label={t("week.finish")}
            type="time"
            value={finish}
            onValueChange={(value) => change({ [dayKey(day, "Finish")]: value })}
          />
          <TextField
            label={t("week.breakMinutes")}
            type="number"
            inputMode="numeric"
            min={0}
            max={MAX_BREAK_MINUTES}
            step={1}
            placeholder={String(STANDARD_SHIFT.breakMinutes)}
            value={breakMinutes === null ? "" : String(breakMinutes)}
            onValueChange={(value) => change({ [dayKey(day, "Break")]: breakFieldValue(value) })}
          />
          {hireDays ? null : (
            // A timesheet from before hours by kind keeps its words for them.
            <>
              <TextField
                label={t("week.working")}
                value={form[dayKey(day, "Working")]}
                onValueChange={(value) => change({ [dayKey(day, "Working")]: value })}
                maxLength={200}
              />
              <TextField
                label={t("week.standing")}
                value={form[dayKey(day, "Standing")]}
                onValueChange={(value) => change({ [dayKey(day, "Standing")]: value })}
                maxLength={200}
              />
              <TextField
                label={t("week.breakdown")}
                value={form[dayKey(day, "Breakdown")]}
                onValueChange={(value) => change({ [dayKey(day, "Breakdown")]: value })}
                maxLength={2000}
              />
            </>
          )}
          <div className="col-span-2">
            <TextField
              label={fieldLabel("siteLocation", t)}
              value={form[dayKey(day, "SiteLocation")]}
              onValueChange={(value) => change({ [dayKey(day, "SiteLocation")]: value })}
              placeholder={form.siteLocation || undefined}
              maxLength={200}
            />
          </div>
        </div>
      </details>
    </Card>
  );
}

/**
 * The checks that stood this timesheet's plant down in its week, asked of the server for an account holder's week
 * with hours by kind; their breakdown is filled into the days it covers (see `withStandDowns`). Offline, or
 * without an account, nothing is asked and nothing filled.
 */
function useStandDowns({ state, dispatch }: TimesheetWizardApi) {
  const { plantNumber, weekEnding, hireDays, clientSignature } = state.form;
  const signedIn = useSession() !== null;
  const plant = plantNumber.trim();
  const { data } = useQuery({
    queryKey: ["/api/timesheets/stand-downs", plant, weekEnding],
    queryFn: ({ signal }) =>
      apiRequest<{ standDowns: StandDown[] }>(
        "GET",
        `/api/timesheets/stand-downs?${new URLSearchParams({ plant, weekEnding })}`,
        undefined,
        { signal },
      ),
    // What the client has signed for is not changed under them.
    enabled:
      signedIn && hireDays !== undefined && plant !== "" && weekEnding !== "" && !isPresent(clientSignature),
    // Asked again each time the week is shown: a fix the office records meanwhile shortens the breakdown.
    staleTime: 0,
    refetchOnMount: "always",
  });
  useEffect(() => {
    if (data && data.standDowns.length > 0) dispatch({ type: "standDowns", standDowns: data.standDowns });
  }, [data, dispatch]);
}

/**
 * A company member's timesheet is charged under the company's hire terms as they stand when the client comes to
 * sign; once the client has signed, the terms they saw stay with the form.
 */
export function useCompanyTerms({ state, change }: TimesheetWizardApi) {
  const terms = useCompanyHireTerms();
  const { hireDays, hireTerms, clientSignature } = state.form;
  const differ = terms !== null && JSON.stringify(terms) !== JSON.stringify(hireTerms);
  useEffect(() => {
    if (differ && terms && hireDays !== undefined && !isPresent(clientSignature))
      change({ hireTerms: terms });
  }, [differ, terms, hireDays, clientSignature, change]);
}

/** Step 3, Weekly Timesheet: Monday to Sunday, the weekly total, and the breakdown reason. */
export function WeekStep({ wizard: api }: { wizard: TimesheetWizardApi }) {
  const { t, locale } = useTranslator();
  const { form } = api.state;
  useCompanyTerms(api);
  useStandDowns(api);
  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-700 dark:text-slate-300">
        {t("week.intro", {
          button: t("week.addStandardShift", { hours: STANDARD_SHIFT.netHours }),
          shift: t("week.standardShift", {
            start: STANDARD_SHIFT.start,
            finish: STANDARD_SHIFT.finish,
            breakMinutes: STANDARD_SHIFT.breakMinutes,
          }),
        })}
      </p>
      {DAYS.map((day) => (
        <DayCard key={day} day={day} form={form} api={api} />
      ))}
      <Card className="flex items-center justify-between gap-3 border-amber-500 bg-amber-50 dark:border-amber-500 dark:bg-amber-400/10">
        <span className="text-lg font-bold">{t("week.totalHours")}</span>
        <output aria-live="polite" className="text-3xl font-bold tabular-nums">
          {formatHoursIn(locale, form.totalHours ?? 0)}
        </output>
      </Card>
      <NotesField
        label={fieldLabel("breakdownNotes", t)}
        value={form.breakdownNotes}
        onValueChange={(breakdownNotes) => api.change({ breakdownNotes })}
        placeholder={t("week.breakdownPlaceholder")}
      />
    </div>
  );
}
