import ArrowRight from "lucide-react/icons/arrow-right";
import FilePen from "lucide-react/icons/file-pen";
import { Link } from "wouter";
import { SentBackNotice } from "../../components/sent-back-notice";
import { buttonClasses } from "../../components/ui/button";
import { appPaths } from "../../lib/app-paths";
import { useTranslator } from "../../lib/i18n";
import { formatShortDateIn } from "../../lib/locale-format";
import { useAccountForms } from "../../lib/use-account-forms";

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
