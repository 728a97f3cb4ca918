import OctagonAlert from "lucide-react/icons/octagon-exclamation-point";
import History from "lucide-react/icons/rotate-ccw-clock";
import { isBlocking } from "../../../domain/company/company-state";
import type { ReviewRow } from "../../../domain/company/office-review";
import type { FormKind } from "../../../domain/forms/form-spec";
import { changedFieldsText, companyStatusLabel } from "../../../domain/forms/sent-back";
import { formKindParam } from "../../../domain/text/messages";
import { formatUkTime } from "../../../domain/time/uk-time";
import { useTranslator } from "../../lib/i18n";
import { formatDateTimeIn, formatShortDateIn } from "../../lib/locale-format";
import { useReviewWeek } from "./api/review-queries";

/**
 * The week's forms in the company's words (decision record 040): which stop its approval and why, which were
 * resubmitted and what changed, and its history from the audit trail (submitted, sent back, resubmitted, approved,
 * reopened, with who and why). Read afresh each time a week opens.
 */
export function WeekStatePanel({ organisationId, row }: { organisationId: string; row: ReviewRow }) {
  const { t, locale } = useTranslator();
  const week = useReviewWeek(organisationId, row);
  if (!week.data) return null;
  const name = (form: { kind: FormKind; date: string | null }) =>
    t("review.formName", { kind: formKindParam(form.kind), date: formatShortDateIn(locale, form.date) });
  const blockers = week.data.forms.filter((form) => isBlocking(form.state.state));
  return (
    <div className="grid gap-3">
      {blockers.length > 0 ? (
        <section
          aria-labelledby="week-blockers-heading"
          className="rounded-lg border border-amber-400 bg-amber-50 p-3 text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
        >
          <h3 id="week-blockers-heading" className="flex items-center gap-2 font-bold">
            <OctagonAlert aria-hidden="true" className="size-5 shrink-0" />
            {t("review.blockersHeading")}
          </h3>
          <ul className="mt-1 list-disc ps-6">
            {blockers.map((form) => (
              <li key={form.id} className="break-words">
                {t("review.blocker", { form: name(form), state: form.state.state })}
                {form.state.reason ? `: ${form.state.reason}` : ""}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <ul aria-label={t("review.weekFormsLabel")} className="grid gap-1 text-sm">
        {week.data.forms.map((form) => (
          <li key={form.id} className="break-words">
            <span className="font-semibold">{companyStatusLabel(form.state, t)}</span>: {name(form)}
            {form.state.resubmitted ? ` (${changedFieldsText(form.state.resubmitted.changes, t)})` : ""}
          </li>
        ))}
      </ul>
      <section aria-labelledby="week-history-heading">
        <h3 id="week-history-heading" className="flex items-center gap-2 text-lg font-bold">
          <History aria-hidden="true" className="size-5 shrink-0" />
          {t("review.historyHeading")}
        </h3>
        {week.data.history.length === 0 ? (
          <p className="text-sm">{t("review.historyEmpty")}</p>
        ) : (
          <ol className="mt-1 grid gap-1 text-sm">
            {week.data.history.map((event) => (
              <li key={`${event.at}-${event.formId}-${event.action}`} className="break-words">
                <span className="text-slate-700 dark:text-slate-300">
                  {locale === "en-GB"
                    ? formatUkTime(new Date(event.at), "minute")
                    : formatDateTimeIn(locale, Date.parse(event.at))}
                </span>{" "}
                {t("review.historyEvent", {
                  action: event.action,
                  form: name(event),
                  by: event.by,
                  reason: event.reason ?? "",
                })}
                {event.changes ? ` (${changedFieldsText(event.changes, t)})` : ""}
              </li>
            ))}
          </ol>
        )}
      </section>
    </div>
  );
}
