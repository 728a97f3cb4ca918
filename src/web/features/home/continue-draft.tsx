import ArrowRight from "lucide-react/icons/arrow-right";
import FilePen from "lucide-react/icons/file-pen";
import { Link } from "wouter";
import { SentBackNotice } from "../../components/sent-back-notice";
import { buttonClasses } from "../../components/ui/button";
import { appPaths } from "../../lib/app-paths";
import { useTranslator } from "../../lib/i18n";
import { formatShortDateIn } from "../../lib/locale-format";
import { useAccountForms, useAccountOffHireNotes } from "../../lib/use-account-forms";

/**
 * A signed-in driver's unfinished timesheet, offered on the home screen: the newest draft of the account opens
 * in its wizard where it was left. Nothing shows while the lists load, or when there is no draft.
 */
export function ContinueDraft() {
  const forms = useAccountForms();
  const { locale, t } = useTranslator();
  if (forms.status !== "success") return null;
  const draft = forms.timesheets
    .filter((form) => form.status === "draft")
    .sort((a, b) => (b.updatedAt ?? "").localeCompare(a.updatedAt ?? ""))[0];
  if (!draft) return null;
  const label = draft.weekEnding
    ? t("home.continueTimesheetWeek", { date: formatShortDateIn(locale, draft.weekEnding) })
    : t("home.continueTimesheet");
  const link = (
    <Link href={appPaths.draft("timesheet", draft.id)} className={`${buttonClasses("outline")} mb-4 w-full`}>
      <FilePen aria-hidden="true" className="size-5" />
      {label}
      <ArrowRight aria-hidden="true" className="size-5" />
    </Link>
  );
  // A week the company's office sent back says why, above the way back into it.
  if (!draft.sentBack) return link;
  return (
    <>
      <SentBackNotice reasons={[draft.sentBack.reason]} className="mb-2" />
      {link}
    </>
  );
}

/**
 * A signed-in driver's off-hire notes saved as drafts, on the Off-Hire tab, newest first: each opens in its wizard
 * where it was left, to be signed when the client's foreman is there. Nothing shows while the list loads, or when
 * there is no draft.
 */
export function OffHireDrafts() {
  const notes = useAccountOffHireNotes();
  const { locale, t } = useTranslator();
  const drafts = (notes ?? [])
    .filter((note) => note.status === "draft")
    .sort((a, b) => (b.updatedAt ?? b.createdAt).localeCompare(a.updatedAt ?? a.createdAt));
  if (drafts.length === 0) return null;
  return (
    <ul aria-label={t("home.offHireDrafts")} className="mb-4 grid gap-2">
      {drafts.map((draft) => (
        <li key={draft.id}>
          <Link
            href={appPaths.draft("off-hire", draft.id)}
            className={`${buttonClasses("outline")} h-auto min-h-11 w-full py-2 text-start`}
          >
            <FilePen aria-hidden="true" className="size-5 shrink-0" />
            <span className="min-w-0 break-words">
              {draft.plantNumber
                ? t("home.continueOffHirePlant", {
                    plant: draft.plantNumber,
                    date: formatShortDateIn(locale, draft.offHireDate),
                  })
                : t("home.continueOffHire")}
            </span>
            <ArrowRight aria-hidden="true" className="size-5 shrink-0" />
          </Link>
        </li>
      ))}
    </ul>
  );
}
