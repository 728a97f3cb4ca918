import { useEffect, useId, useState } from "react";
import { DEFAULT_HIRE_TERMS } from "../../../../domain/hire/chargeable-hours";
import {
  BREAKDOWN_REASON_KEYS,
  BREAKDOWN_REASONS,
  type DayKinds,
  dayKindsProblems,
  STANDING_REASON_KEYS,
  STANDING_REASONS,
} from "../../../../domain/hire/day-kinds";
import { DAY_KINDS, type DayKind, dayOfKind, kindOfDay } from "../../../../domain/hire/timesheet-hire";
import { dayNetHours } from "../../../../domain/hours/hours";
import type { TimesheetFields } from "../../../../domain/hours/timesheet";
import type { MessageKey, Translator } from "../../../../domain/text/i18n/translate";
import type { Day } from "../../../../domain/time/days";
import { formatDisplayDate } from "../../../../domain/time/iso-date";
import { TextField } from "../../../components/text-field";
import { Label } from "../../../components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "../../../components/ui/select";
import { cn } from "../../../lib/cn";
import { useTranslator } from "../../../lib/i18n";
import { formatHoursIn } from "../../../lib/locale-format";

const KIND_KEYS = {
  worked: "week.kind.worked",
  standing: "week.kind.standing",
  breakdown: "week.kind.breakdown",
  travel: "week.kind.travel",
  offHire: "week.kind.offHire",
} as const satisfies Record<DayKind, MessageKey>;

const HOURS_KEYS = {
  standing: "week.kinds.standing",
  breakdown: "week.kinds.breakdown",
  travel: "week.kinds.travel",
} as const satisfies Record<string, MessageKey>;

/** A day's kinds in words, as the split line shows them: "Worked 3, Breakdown 5.5". */
function splitWords(kinds: DayKinds, t: Translator["t"], hours: (value: number) => string): string {
  return (["worked", "standing", "breakdown", "travel"] as const)
    .filter((kind) => kinds[kind] > 0)
    .map((kind) => `${t(KIND_KEYS[kind])} ${hours(kinds[kind])}`)
    .join(", ");
}

/** A reason picked from a list, shown only while the day holds hours that need one. */
function ReasonSelect<R extends string>({
  label,
  value,
  reasons,
  reasonKey,
  onChange,
}: {
  label: string;
  value: R | null;
  reasons: readonly R[];
  reasonKey: (reason: R) => MessageKey;
  onChange: (reason: R) => void;
}) {
  const { t } = useTranslator();
  const id = useId();
  return (
    <div>
      <Label htmlFor={id}>{label}</Label>
      <Select value={value ?? ""} onValueChange={(next) => onChange(next as R)}>
        <SelectTrigger id={id}>
          <SelectValue placeholder={t("week.kinds.chooseReason")} />
        </SelectTrigger>
        <SelectContent>
          {reasons.map((reason) => (
            <SelectItem key={reason} value={reason}>
              {t(reasonKey(reason))}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}

/** Hours typed as text (a comma as good as a point): blank is none, anything else quarter hours within a day. */
function hoursValue(text: string): number {
  const hours = Number(text.trim().replace(",", "."));
  return Number.isFinite(hours) ? Math.min(24, Math.max(0, Math.round(hours * 4) / 4)) : 0;
}

/** An hours input that keeps the text being typed ("1." on the way to "1.5") while it holds the same hours. */
function HoursField({
  label,
  value,
  onValue,
}: {
  label: string;
  value: number;
  onValue: (hours: number) => void;
}) {
  const [text, setText] = useState(value === 0 ? "" : String(value));
  useEffect(() => {
    setText((typed) => (hoursValue(typed) === value ? typed : value === 0 ? "" : String(value)));
  }, [value]);
  return (
    <TextField
      label={label}
      inputMode="decimal"
      autoComplete="off"
      maxLength={5}
      placeholder="0"
      value={text}
      onValueChange={(typed) => {
        setText(typed);
        onValue(hoursValue(typed));
      }}
    />
  );
}

/**
 * A timesheet day's kind: one tap on worked, standing, breakdown, travel or not on hire, and under it the day's hours
 * split between kinds, with a reason for standing and breakdown hours.
 */
export function DayKindsEditor({
  day,
  form,
  onChange,
}: {
  day: Day;
  form: TimesheetFields & { hireDays: NonNullable<TimesheetFields["hireDays"]> };
  onChange: (kinds: DayKinds) => void;
}) {
  const { t, locale } = useTranslator();
  const kinds = form.hireDays[day];
  const net = dayNetHours(form, day);
  const picked = kindOfDay(kinds);
  const hours = (value: number) => formatHoursIn(locale, value);
  // A day without times that is standing, broken down or travelling all day holds the hours it would have worked.
  const wholeDay = net > 0 ? net : (form.hireTerms ?? DEFAULT_HIRE_TERMS).minimumHours[day];
  const problems = dayKindsProblems(kinds, net > 0 ? net : null);
  const set = (fields: Partial<DayKinds>) => onChange({ ...kinds, ...fields });
  return (
    <div className="space-y-2">
      <fieldset className="flex flex-wrap gap-2">
        <legend className="mb-1 text-sm font-semibold">{t("week.kind.label")}</legend>
        {DAY_KINDS.map((kind) => (
          <button
            key={kind}
            type="button"
            aria-pressed={picked === kind}
            onClick={() => onChange(dayOfKind(kinds, kind, kind === "worked" ? net : wholeDay))}
            className={cn(
              "min-h-11 grow rounded-lg border-2 px-3 text-sm font-semibold transition-colors",
              "border-slate-300 bg-white text-slate-900 hover:bg-slate-50 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800",
              "aria-pressed:border-amber-500 aria-pressed:bg-amber-50 dark:aria-pressed:bg-amber-400/15",
            )}
          >
            {t(KIND_KEYS[kind])}
          </button>
        ))}
      </fieldset>
      {picked === "split" ? (
        <p className="text-sm font-medium">{t("week.kind.split", { kinds: splitWords(kinds, t, hours) })}</p>
      ) : null}
      {kinds.breakdownFrom && kinds.breakdown > 0 ? (
        <p className="rounded-lg bg-red-50 p-2 text-sm font-medium text-red-900 dark:bg-red-400/10 dark:text-red-200">
          {t("week.kinds.fromCheck", {
            date: formatDisplayDate(kinds.breakdownFrom.date),
            time: kinds.breakdownFrom.time,
            item: kinds.breakdownFrom.item,
          })}
        </p>
      ) : null}
      {problems.map((problem) => (
        <p key={problem.key} role="alert" className="text-sm font-medium text-red-700 dark:text-red-300">
          {t(problem.key, problem.values)}
        </p>
      ))}
      {kinds.onHire ? (
        <details
          className="rounded-lg border border-slate-200 dark:border-slate-700"
          open={problems.length > 0 || picked === "split" ? true : undefined}
        >
          <summary className="flex min-h-11 cursor-pointer items-center px-3 font-semibold select-none">
            {t("week.kinds.edit")}
          </summary>
          <div className="grid grid-cols-2 gap-3 px-3 pt-1 pb-3">
            <p className="col-span-2 text-sm">
              {t("week.kinds.worked")}: <strong className="tabular-nums">{hours(kinds.worked)}</strong>{" "}
              <span className="text-slate-700 dark:text-slate-300">({t("week.kinds.workedHint")})</span>
            </p>
            {(["standing", "breakdown", "travel"] as const).map((kind) => (
              <HoursField
                key={kind}
                label={t(HOURS_KEYS[kind])}
                value={kinds[kind]}
                onValue={(value) =>
                  set({
                    [kind]: value,
                    ...(kind === "breakdown" && value === 0 ? { breakdownFrom: null } : {}),
                  })
                }
              />
            ))}
            {kinds.standing > 0 ? (
              <div className="col-span-2">
                <ReasonSelect
                  label={t("week.kinds.standingReason")}
                  value={kinds.standingReason}
                  reasons={STANDING_REASONS}
                  reasonKey={(reason) => STANDING_REASON_KEYS[reason]}
                  onChange={(standingReason) => set({ standingReason })}
                />
              </div>
            ) : null}
            {kinds.breakdown > 0 ? (
              <div className="col-span-2">
                <ReasonSelect
                  label={t("week.kinds.breakdownReason")}
                  value={kinds.breakdownReason}
                  reasons={BREAKDOWN_REASONS}
                  reasonKey={(reason) => BREAKDOWN_REASON_KEYS[reason]}
                  onChange={(breakdownReason) => set({ breakdownReason })}
                />
              </div>
            ) : null}
            <div className="col-span-2">
              <TextField
                label={t("week.kinds.note")}
                value={kinds.note}
                maxLength={500}
                onValueChange={(note) => set({ note })}
              />
            </div>
          </div>
        </details>
      ) : null}
    </div>
  );
}
