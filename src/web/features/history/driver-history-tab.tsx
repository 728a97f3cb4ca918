import { ClipboardCheck, Clock, Eye, FilePlus2, History } from "lucide-react";
import { useMemo } from "react";
import { useLocation } from "wouter";
import { completedList, type ListCard } from "../../../domain/form-lists";
import { FORM_STATUS_LABELS } from "../../../domain/form-status";
import { formatDisplayDate } from "../../../domain/iso-date";
import { LoadingScreen } from "../../components/loading-screen";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { appPaths } from "../../lib/app-paths";
import { type StoredCheckSheet, type StoredTimesheet, useAccountForms } from "../../lib/use-account-forms";
import { KeptCopyNote } from "../../offline/kept-copy-note";

type HistoryCard = ListCard<StoredTimesheet, StoredCheckSheet>;

/** When the sheet left the driver: completion, else submission, else its last change. */
function submittedOn(card: HistoryCard): string {
  const { completedAt, submittedAt, updatedAt, createdAt } = card.form;
  return formatDisplayDate(completedAt ?? submittedAt ?? updatedAt ?? createdAt);
}

function HistoryRow({ card }: { card: HistoryCard }) {
  const [, navigate] = useLocation();
  const timesheet = card.type === "timesheet";
  const Icon = timesheet ? Clock : ClipboardCheck;
  const type = timesheet ? "Timesheet" : "Check Sheet";
  const plant = card.form.plantNumber || card.form.machineNumber;
  const date = timesheet
    ? ["Week ending", formatDisplayDate(card.form.weekEnding)]
    : ["Check date", formatDisplayDate(card.form.checkDate)];
  return (
    <Card role="article" aria-label={`${type} ${plant}`} className="space-y-3 p-4">
      <div className="flex items-start gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-amber-100 text-amber-800 dark:bg-amber-400/15 dark:text-amber-300">
          <Icon aria-hidden="true" className="size-5" />
        </span>
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h3 className="text-lg font-bold">{type}</h3>
            <span className="rounded-full bg-slate-100 px-2.5 py-0.5 text-sm font-semibold text-slate-800 dark:bg-slate-800 dark:text-slate-100">
              {FORM_STATUS_LABELS[card.form.status]}
            </span>
          </div>
          <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 text-sm">
            <dt className="text-slate-600 dark:text-slate-400">Plant</dt>
            <dd className="min-w-0 break-words font-medium">{plant || "—"}</dd>
            <dt className="text-slate-600 dark:text-slate-400">{date[0]}</dt>
            <dd className="font-medium">{date[1] || "—"}</dd>
            <dt className="text-slate-600 dark:text-slate-400">Submitted</dt>
            <dd className="font-medium">{submittedOn(card) || "—"}</dd>
          </dl>
        </div>
      </div>
      <Button variant="outline" className="w-full" onClick={() => navigate(appPaths.completedForm(card.id))}>
        <Eye aria-hidden="true" className="size-5" />
        View Record
      </Button>
    </Card>
  );
}

/** Driver History (spec section 2): the completed sheets, newest first, each opening its read-only record. */
export function DriverHistoryTab() {
  const [, navigate] = useLocation();
  const forms = useAccountForms();
  const completed = useMemo(
    () => completedList(forms.timesheets, forms.checkSheets),
    [forms.timesheets, forms.checkSheets],
  );
  return (
    <section aria-labelledby="history-heading">
      <h2 id="history-heading" className="text-xl font-bold">
        Driver History
      </h2>
      <p className="mt-1 text-slate-700 dark:text-slate-300">Your completed timesheets and check sheets.</p>
      {forms.status === "success" && forms.keptAt !== null ? (
        <KeptCopyNote keptAt={forms.keptAt} className="mt-3" />
      ) : null}
      {forms.status === "pending" ? (
        <LoadingScreen label="Loading history..." />
      ) : completed.length === 0 ? (
        <Card className="mt-3 flex flex-col items-center gap-3 py-8 text-center">
          <History aria-hidden="true" className="size-10 text-slate-500 dark:text-slate-400" />
          <h3 className="text-lg font-bold">No Completed Sheets Yet</h3>
          <p className="max-w-sm text-slate-700 dark:text-slate-300">
            Completed sheets are listed here with their plant number and dates, so you can open any of them
            again.
          </p>
          <Button size="lg" onClick={() => navigate(appPaths.home("forms"))}>
            <FilePlus2 aria-hidden="true" className="size-5" />
            Create Your First Sheet
          </Button>
        </Card>
      ) : (
        <ul aria-label="Completed sheets" className="mt-3 space-y-3">
          {completed.map((card) => (
            <li key={`${card.type}-${card.id}`}>
              <HistoryRow card={card} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
