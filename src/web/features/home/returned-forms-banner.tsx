import MessageSquareWarning from "lucide-react/icons/message-square-exclamation-point";
import Pencil from "lucide-react/icons/pencil";
import { useLocation } from "wouter";
import { returnedFormsBanner, returnedFormTitle, returnedState } from "../../../domain/forms/sent-back";
import { Button } from "../../components/ui/button";
import { appPaths, type FormKind } from "../../lib/app-paths";
import { useTranslator } from "../../lib/i18n";
import { formatShortDateIn } from "../../lib/locale-format";
import { useAccountForms } from "../../lib/use-account-forms";

interface ReturnedForm {
  id: string;
  kind: FormKind;
  title: string;
  state: "sent_back" | "reopened";
  reason: string;
}

/**
 * The forms the company's office sent back or reopened (decision record 040), at the top of a member's home
 * screen: how many, each with its reason and the way into it, open to edit.
 */
export function ReturnedFormsBanner() {
  const [, navigate] = useLocation();
  const forms = useAccountForms();
  const { locale, t } = useTranslator();
  const fixFormLabel = t("home.fixAndSubmit");
  const returnedOf = (
    kind: ReturnedForm["kind"],
    form: { id?: string | null; companyState?: Parameters<typeof returnedState>[0] },
    date: string,
  ): ReturnedForm[] => {
    const back = returnedState(form.companyState);
    if (!back || !form.id) return [];
    const title = returnedFormTitle(kind, formatShortDateIn(locale, date), t);
    return [{ id: form.id, kind, title, state: back.state, reason: back.reason ?? "" }];
  };
  const returned = [
    ...forms.timesheets.flatMap((form) => returnedOf("timesheet", form, form.weekEnding)),
    ...forms.checkSheets.flatMap((form) => returnedOf("check-sheet", form, form.checkDate)),
  ];
  if (returned.length === 0) return null;
  const sentBack = returned.filter((form) => form.state === "sent_back").length;
  return (
    <section
      aria-labelledby="returned-forms-heading"
      className="mb-4 rounded-lg border border-amber-400 bg-amber-50 p-3 text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
    >
      <h2 id="returned-forms-heading" className="flex items-start gap-2 font-bold">
        <MessageSquareWarning aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
        {returnedFormsBanner(sentBack, returned.length - sentBack, t)}
      </h2>
      <ul className="mt-2 space-y-3">
        {returned.map((form) => (
          <li key={form.id} className="space-y-1">
            <p className="font-semibold">{form.title}</p>
            <p className="break-words whitespace-pre-line">{form.reason}</p>
            <Button
              size="lg"
              className="w-full sm:w-auto"
              aria-label={`${fixFormLabel}: ${form.title}`}
              onClick={() => navigate(appPaths.draft(form.kind, form.id))}
            >
              <Pencil aria-hidden="true" className="size-5" />
              {fixFormLabel}
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
