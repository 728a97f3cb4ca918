import { useQueryClient } from "@tanstack/react-query";
import LoaderCircle from "lucide-react/icons/loader-circle";
import Save from "lucide-react/icons/save";
import { type FormEvent, useId, useRef, useState } from "react";
import type { OrganisationResponse } from "../../../domain/api/api";
import type { HireTerms } from "../../../domain/hire/chargeable-hours";
import {
  type HireSettings,
  HireSettingsSchema,
  hireTermsOf,
  MAX_TERM_HOURS,
  TERM_HOURS_STEP,
} from "../../../domain/hire/hire-terms";
import { hireTermsWords } from "../../../domain/hire/timesheet-hire";
import type { Translator } from "../../../domain/text/i18n/translate";
import { DAYS, type Day, dayLabel } from "../../../domain/time/days";
import { done, failed, type Outcome, OutcomeNote } from "../../components/outcome";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { Input } from "../../components/ui/input";
import { Label } from "../../components/ui/label";
import { ApiError } from "../../lib/api-client";
import { failureText } from "../../lib/failure-text";
import { useT } from "../../lib/i18n";
import { schemaWords } from "../../lib/server-words";
import { setMyOrganisation } from "../../lib/use-my-organisation";
import { saveHireTerms } from "./api/organisation-requests";

/** The terms as the form holds them: each figure as typed (an empty overtime is none), each switch on or off. */
interface TermsDraft {
  minimumHours: Record<Day, string>;
  chargeStanding: boolean;
  chargeTravel: boolean;
  overtimeAfter: string;
  weekendSeparate: boolean;
  meterToleranceHours: string;
}

type Field = Day | "overtimeAfter" | "meterToleranceHours";

const SWITCHES = [
  ["chargeStanding", "hireTerms.chargeStanding"],
  ["chargeTravel", "hireTerms.chargeTravel"],
  ["weekendSeparate", "hireTerms.weekendSeparate"],
] as const;

function draftOf(terms: HireTerms, meterToleranceHours: number): TermsDraft {
  return {
    meterToleranceHours: String(meterToleranceHours),
    minimumHours: Object.fromEntries(DAYS.map((day) => [day, String(terms.minimumHours[day])])) as Record<
      Day,
      string
    >,
    chargeStanding: terms.chargeStanding,
    chargeTravel: terms.chargeTravel,
    overtimeAfter: terms.overtimeAfter === null ? "" : String(terms.overtimeAfter),
    weekendSeparate: terms.weekendSeparate,
  };
}

/** A figure as typed: a number, or (left empty) none, which the schema refuses where a figure is needed. */
const figure = (typed: string): number | null => (typed.trim() === "" ? null : Number(typed));

/** The terms the draft holds, checked as the server checks them; else the first field at fault and why. */
function termsOf(
  draft: TermsDraft,
): { ok: true; terms: HireSettings } | { ok: false; field: Field; problem: string } {
  const candidate = {
    ...draft,
    minimumHours: Object.fromEntries(DAYS.map((day) => [day, figure(draft.minimumHours[day])])),
    overtimeAfter: figure(draft.overtimeAfter),
    meterToleranceHours: figure(draft.meterToleranceHours),
  };
  const result = HireSettingsSchema.safeParse(candidate);
  if (result.success) return { ok: true, terms: result.data };
  const issue = result.error.issues[0];
  const day = DAYS.find((each) => issue?.path[1] === each);
  const field = issue?.path[0] === "meterToleranceHours" ? "meterToleranceHours" : "overtimeAfter";
  return { ok: false, field: day ?? field, problem: issue?.message ?? "" };
}

/** The field of this form a server's refusal named ("minimumHours.friday"), and its words; else null. */
function refusedField(error: unknown): { field: Field; problem: string } | null {
  if (!(error instanceof ApiError) || error.key !== "apiError.fieldInvalid") return null;
  const field = error.params?.field;
  const problem = error.params?.problem;
  if (typeof field !== "string" || typeof problem !== "string") return null;
  const named =
    field === "overtimeAfter" || field === "meterToleranceHours"
      ? field
      : DAYS.find((day) => field === `minimumHours.${day}`);
  return named ? { field: named, problem } : null;
}

function fieldName(field: Field, t: Translator["t"]): string {
  if (field === "overtimeAfter") return t("hireTerms.overtimeAfter");
  if (field === "meterToleranceHours") return t("hireTerms.meterTolerance");
  return dayLabel(field, t);
}

/**
 * The company's hire terms, for its admins: what clients are charged for while a machine is on hire. Checked here
 * as the server checks them, so a mistake is named at its field before sending; what was typed stays until it is
 * saved, through a failed save too.
 */
export function HireTermsSettings({ organisation }: { organisation: OrganisationResponse }) {
  const t = useT();
  const id = useId();
  const queryClient = useQueryClient();
  const form = useRef<HTMLFormElement>(null);
  // What the admin changed; null shows the company's terms as they are.
  const [draft, setDraft] = useState<TermsDraft | null>(null);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [invalid, setInvalid] = useState<Field | null>(null);
  const shown = draft ?? draftOf(hireTermsOf(organisation.hireTerms), organisation.meterToleranceHours);
  const problemId = `${id}-problem`;

  const change = (next: TermsDraft) => {
    setDraft(next);
    setOutcome(null);
    setInvalid(null);
  };

  /** A figure at fault, named with its field's label, and the field marked and focused for correcting. */
  const fieldProblem = (field: Field, problem: string) => {
    setInvalid(field);
    form.current?.querySelector<HTMLInputElement>(`[data-field="${field}"]`)?.focus();
    return t("hireTerms.fieldProblem", { field: fieldName(field, t), problem: schemaWords(problem) });
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const check = termsOf(shown);
    if (!check.ok) {
      setOutcome(failed(fieldProblem(check.field, check.problem)));
      return;
    }
    setBusy(true);
    setOutcome(null);
    try {
      setMyOrganisation(queryClient, await saveHireTerms(organisation.id, check.terms));
      setDraft(null);
      setOutcome(done(t("hireTerms.saved")));
    } catch (error) {
      const refused = refusedField(error);
      const detail = refused ? fieldProblem(refused.field, refused.problem) : failureText(error);
      setOutcome(failed(t("hireTerms.notSaved", { detail })));
    } finally {
      setBusy(false);
    }
  };

  const hoursInput = (field: Field, value: string, onValue: (value: string) => void, hint?: string) => (
    <Input
      id={`${id}-${field}`}
      data-field={field}
      type="number"
      inputMode="decimal"
      min={0}
      max={MAX_TERM_HOURS}
      step={TERM_HOURS_STEP}
      value={value}
      onChange={(event) => onValue(event.currentTarget.value)}
      aria-invalid={invalid === field || undefined}
      aria-describedby={[hint, invalid === field ? problemId : null].filter(Boolean).join(" ") || undefined}
    />
  );

  return (
    <section aria-labelledby={`${id}-heading`}>
      <Card className="grid gap-4">
        <h3 id={`${id}-heading`} className="text-lg font-bold">
          {t("hireTerms.heading")}
        </h3>
        <p className="text-slate-700 dark:text-slate-300">{t("hireTerms.explained")}</p>
        <form ref={form} onSubmit={(event) => void save(event)} noValidate className="grid gap-4">
          <fieldset className="grid gap-2" aria-describedby={`${id}-minimums-hint`}>
            <legend className="mb-1 font-semibold text-slate-900 dark:text-slate-100">
              {t("hireTerms.minimums")}
            </legend>
            <p id={`${id}-minimums-hint`} className="text-sm text-slate-700 dark:text-slate-300">
              {t("hireTerms.minimumsHint")}
            </p>
            <div className="grid grid-cols-2 gap-3 sm:grid-cols-4 xl:grid-cols-2 2xl:grid-cols-4">
              {DAYS.map((day) => (
                <div key={day} className="min-w-0">
                  <Label htmlFor={`${id}-${day}`} className="break-words">
                    {dayLabel(day, t)}
                  </Label>
                  {hoursInput(day, shown.minimumHours[day], (value) =>
                    change({ ...shown, minimumHours: { ...shown.minimumHours, [day]: value } }),
                  )}
                </div>
              ))}
            </div>
          </fieldset>
          <div>
            <Label htmlFor={`${id}-overtimeAfter`}>{t("hireTerms.overtimeAfter")}</Label>
            {hoursInput(
              "overtimeAfter",
              shown.overtimeAfter,
              (value) => change({ ...shown, overtimeAfter: value }),
              `${id}-overtime-hint`,
            )}
            <p id={`${id}-overtime-hint`} className="mt-1.5 text-sm text-slate-700 dark:text-slate-300">
              {t("hireTerms.overtimeHint")}
            </p>
          </div>
          <div>
            <Label htmlFor={`${id}-meterToleranceHours`}>{t("hireTerms.meterTolerance")}</Label>
            {hoursInput(
              "meterToleranceHours",
              shown.meterToleranceHours,
              (value) => change({ ...shown, meterToleranceHours: value }),
              `${id}-tolerance-hint`,
            )}
            <p id={`${id}-tolerance-hint`} className="mt-1.5 text-sm text-slate-700 dark:text-slate-300">
              {t("hireTerms.meterToleranceHint")}
            </p>
          </div>
          <div className="grid gap-1">
            {SWITCHES.map(([term, label]) => (
              <label key={term} className="flex min-h-12 items-center gap-3 font-medium">
                <input
                  type="checkbox"
                  checked={shown[term]}
                  onChange={(event) => change({ ...shown, [term]: event.currentTarget.checked })}
                  className="size-6 shrink-0 accent-amber-600"
                />
                <span className="min-w-0 break-words">{t(label)}</span>
              </label>
            ))}
          </div>
          <div id={problemId}>
            <OutcomeNote outcome={outcome} />
          </div>
          <Button type="submit" size="lg" disabled={busy}>
            {busy ? (
              <LoaderCircle aria-hidden="true" className="size-5 animate-spin" />
            ) : (
              <Save aria-hidden="true" className="size-5" />
            )}
            {busy ? t("hireTerms.saving") : t("hireTerms.save")}
          </Button>
        </form>
      </Card>
    </section>
  );
}

/**
 * The company's hire terms as a member who may not change them reads them: a short summary, in the words the
 * timesheet's signature step and PDF state them in.
 */
export function HireTermsSummary({ organisation }: { organisation: OrganisationResponse }) {
  const t = useT();
  const id = useId();
  const terms = hireTermsOf(organisation.hireTerms);
  return (
    <section aria-labelledby={`${id}-heading`}>
      <Card className="grid gap-3">
        <h3 id={`${id}-heading`} className="text-lg font-bold">
          {t("hireTerms.heading")}
        </h3>
        <ul className="grid gap-1 text-slate-700 dark:text-slate-300">
          {hireTermsWords(terms, t).map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
        <p className="text-sm text-slate-700 dark:text-slate-300">{t("hireTerms.adminsSet")}</p>
      </Card>
    </section>
  );
}
