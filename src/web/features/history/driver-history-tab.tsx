import ClipboardCheck from "lucide-react/icons/clipboard-check";
import Clock from "lucide-react/icons/clock";
import Eye from "lucide-react/icons/eye";
import FilePlus2 from "lucide-react/icons/file-plus-corner";
import Pencil from "lucide-react/icons/pencil";
import History from "lucide-react/icons/rotate-ccw-clock";
import SearchX from "lucide-react/icons/search-x";
import { useId, useMemo, useState } from "react";
import { useLocation } from "wouter";
import type { ListCard } from "../../../domain/forms/form-lists";
import { formStatusLabel } from "../../../domain/forms/form-status";
import { companyStatusLabel, returnedState } from "../../../domain/forms/sent-back";
import type { AnyLocale } from "../../../domain/text/i18n/translate";
import { LoadingScreen } from "../../components/loading-screen";
import { SentBackNotice } from "../../components/sent-back-notice";
import { TextField } from "../../components/text-field";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { appPaths } from "../../lib/app-paths";
import { useTranslator } from "../../lib/i18n";
import { formatShortDateIn } from "../../lib/locale-format";
import { type StoredCheckSheet, type StoredTimesheet, useAccountForms } from "../../lib/use-account-forms";
import { LastRefreshedNote } from "../../offline/kept-copy-note";
import { type HistoryWeek, historyWeeks } from "./history-weeks";
import { OffHireHistory, useCompletedOffHireNotes } from "./off-hire-history";

type HistoryCard = ListCard<StoredTimesheet, StoredCheckSheet>;

/** When the sheet left the driver: completion, else submission, else its last change. */
function submittedOn(card: HistoryCard, locale: AnyLocale): string {
  const { completedAt, submittedAt, updatedAt, createdAt } = card.form;
  return formatShortDateIn(locale, completedAt ?? submittedAt ?? updatedAt ?? createdAt);
}

function HistoryRow({ card }: { card: HistoryCard }) {
  const [, navigate] = useLocation();
  const { locale, t } = useTranslator();
  const timesheet = card.type === "timesheet";
  const Icon = timesheet ? Clock : ClipboardCheck;
  const type = t(timesheet ? "home.tabTimesheet" : "home.tabCheckSheet");
  const plant = card.form.plantNumber || card.form.machineNumber;
  const returned = returnedState(card.form.companyState);
  const date = timesheet
    ? [t("history.weekEndingLabel"), formatShortDateIn(locale, card.form.weekEnding)]
    : [t("history.checkDateLabel"), formatShortDateIn(locale, card.form.checkDate)];
  return (
    <article aria-label={`${type} ${plant}`} className="space-y-2">
      <div className="flex items-start gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-amber-100 text-amber-800 dark:bg-amber-400/15 dark:text-amber-300">
          <Icon aria-hidden="true" className="size-5" />
        </span>
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h4 className="font-bold">{type}</h4>
            <span className="rounded-full bg-slate-100 px-2.5 py-0.5 text-sm font-semibold text-slate-800 dark:bg-slate-800 dark:text-slate-100">
              {card.form.companyState
                ? companyStatusLabel(card.form.companyState, t)
                : formStatusLabel(card.form.status, t)}
            </span>
          </div>
          <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 text-sm">
            <dt className="text-slate-600 dark:text-slate-400">{t("field.plantNumber.short")}</dt>
            <dd className="min-w-0 break-words font-medium">{plant || "—"}</dd>
            {card.form.siteLocation ? (
              <>
                <dt className="text-slate-600 dark:text-slate-400">{t("history.site")}</dt>
                <dd className="min-w-0 break-words font-medium">{card.form.siteLocation}</dd>
              </>
            ) : null}
            <dt className="text-slate-600 dark:text-slate-400">{date[0]}</dt>
            <dd className="font-medium">{date[1] || "—"}</dd>
            <dt className="text-slate-600 dark:text-slate-400">{t("history.submitted")}</dt>
            <dd className="font-medium">{submittedOn(card, locale) || "—"}</dd>
          </dl>
        </div>
      </div>
      {returned ? (
        <>
          <SentBackNotice
            reasons={[returned.reason ?? ""]}
            heading={t(returned.state === "reopened" ? "sentBack.reopenedHeading" : "sentBack.heading")}
          />
          <Button
            className="w-full sm:ms-13 sm:w-auto"
            onClick={() => navigate(appPaths.draft(timesheet ? "timesheet" : "check-sheet", card.id))}
          >
            <Pencil aria-hidden="true" className="size-5" />
            {t("home.fixAndSubmit")}
          </Button>
        </>
      ) : (
        <Button
          variant="outline"
          className="w-full sm:ms-13 sm:w-auto"
          onClick={() => navigate(appPaths.completedForm(card.id))}
        >
          <Eye aria-hidden="true" className="size-5" />
          {t("history.viewRecord")}
        </Button>
      )}
    </article>
  );
}

/** One week: a heading, then the timesheet and its check sheets as rows of one card. */
function WeekGroup({ week }: { week: HistoryWeek<StoredTimesheet, StoredCheckSheet> }) {
  const headingId = useId();
  const { locale, t } = useTranslator();
  const title = week.weekEnding
    ? t("history.weekEnding", { date: formatShortDateIn(locale, week.weekEnding) })
    : t("history.undated");
  return (
    <Card role="region" aria-labelledby={headingId} className="p-4">
      <h3 id={headingId} className="text-lg font-bold">
        {title}
      </h3>
      {/* A phone lists the week's sheets one under another; a desk puts three side by side, each framed. */}
      <ul
        aria-label={title}
        className="mt-3 divide-y divide-slate-200 xl:grid xl:grid-cols-3 xl:gap-3 xl:divide-y-0 dark:divide-slate-700"
      >
        {week.cards.map((card) => (
          <li
            key={`${card.type}-${card.id}`}
            className="py-3 first:pt-0 last:pb-0 xl:rounded-lg xl:border xl:border-slate-200 xl:p-3 xl:first:pt-3 xl:last:pb-3 dark:xl:border-slate-700"
          >
            <HistoryRow card={card} />
          </li>
        ))}
      </ul>
    </Card>
  );
}

/**
 * Driver History (spec section 2): the completed sheets, one group per week (the timesheet with its check
 * sheets), newest week first, each opening its read-only record; a search finds a plant or a site.
 */
export function DriverHistoryTab() {
  const [, navigate] = useLocation();
  const { t } = useTranslator();
  const forms = useAccountForms();
  const offHireNotes = useCompletedOffHireNotes();
  const [search, setSearch] = useState("");
  const everything = useMemo(
    () => historyWeeks(forms.timesheets, forms.checkSheets),
    [forms.timesheets, forms.checkSheets],
  );
  const weeks = useMemo(
    () => historyWeeks(forms.timesheets, forms.checkSheets, search),
    [forms.timesheets, forms.checkSheets, search],
  );
  return (
    <section aria-labelledby="history-heading">
      <h2 id="history-heading" className="text-xl font-bold">
        {t("home.driverHistory")}
      </h2>
      <p className="mt-1 text-slate-700 dark:text-slate-300">{t("history.intro")}</p>
      <LastRefreshedNote
        refreshedAt={forms.status === "success" ? forms.refreshedAt : null}
        fromDevice={forms.status === "success" && forms.fromDevice}
        className="mt-3"
      />
      {forms.status === "pending" ? (
        <LoadingScreen label={t("history.loading")} />
      ) : everything.length === 0 ? (
        offHireNotes.length > 0 ? null : (
          <Card className="mt-3 flex flex-col items-center gap-3 py-8 text-center">
            <History aria-hidden="true" className="size-10 text-slate-500 dark:text-slate-400" />
            <h3 className="text-lg font-bold">{t("history.emptyTitle")}</h3>
            <p className="max-w-sm text-slate-700 dark:text-slate-300">{t("history.emptyText")}</p>
            <Button size="lg" onClick={() => navigate(appPaths.home("forms"))}>
              <FilePlus2 aria-hidden="true" className="size-5" />
              {t("history.createFirst")}
            </Button>
          </Card>
        )
      ) : (
        <>
          <div className="mt-3 xl:max-w-2xl">
            <TextField
              label={t("history.searchLabel")}
              type="search"
              value={search}
              onValueChange={setSearch}
              autoComplete="off"
              placeholder={t("history.searchPlaceholder")}
            />
          </div>
          {weeks.length === 0 ? (
            <Card role="status" className="mt-3 flex flex-col items-center gap-2 py-6 text-center">
              <SearchX aria-hidden="true" className="size-8 text-slate-500 dark:text-slate-400" />
              <p className="font-semibold">{t("history.noMatch", { search: search.trim() })}</p>
            </Card>
          ) : (
            <ul aria-label={t("history.byWeek")} className="mt-3 space-y-3">
              {weeks.map((week) => (
                <li key={week.weekEnding}>
                  <WeekGroup week={week} />
                </li>
              ))}
            </ul>
          )}
        </>
      )}
      <OffHireHistory search={search} />
    </section>
  );
}
