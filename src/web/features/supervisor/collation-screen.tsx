import ClipboardCheck from "lucide-react/icons/clipboard-check";
import Clock from "lucide-react/icons/clock";
import ShieldCheck from "lucide-react/icons/shield-check";
import TriangleAlert from "lucide-react/icons/triangle-exclamation-point";
import { useId } from "react";
import { useLocation, useSearchParams } from "wouter";
import {
  COLLATION_CATEGORIES,
  COLLATION_CATEGORY_KEYS,
  type CollationCategory,
  type CollationEntry,
  collationCategory,
  collationCounts,
  collationLabel,
} from "../../../domain/sets/collation";
import type { MessageKey } from "../../../domain/text/i18n/translate";
import { DefectCount } from "../../components/defect-count";
import { LoadingScreen } from "../../components/loading-screen";
import { ScreenLayout } from "../../components/screen-layout";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../components/ui/tabs";
import { WeekDetail } from "../../components/week-detail";
import { appPaths, parseCollationTab } from "../../lib/app-paths";
import { cn } from "../../lib/cn";
import { failureText } from "../../lib/failure-text";
import { useT, useTranslator } from "../../lib/i18n";
import { formatHoursIn, formatShortDateIn } from "../../lib/locale-format";
import { useSession } from "../../lib/session-store";
import { LastRefreshedNote } from "../../offline/kept-copy-note";
import { useCollations } from "./api/collation-queries";
import { SupervisorLoginRequired } from "./supervisor-login-required";

const COUNTER_STYLES: Readonly<Record<CollationCategory, string>> = {
  ready: "border-emerald-600 text-emerald-800 dark:text-emerald-300",
  incomplete: "border-orange-500 text-orange-800 dark:text-orange-300",
  needs_completion: "border-red-600 text-red-800 dark:text-red-300",
};

const TAB_NAMES: Readonly<Record<CollationCategory, MessageKey>> = {
  ready: "collation.tabReady",
  incomplete: "status.incomplete",
  needs_completion: "status.needsCompletion",
};

function EntryCard({ entry }: { entry: CollationEntry }) {
  const [, navigate] = useLocation();
  const headingId = useId();
  const { locale, t } = useTranslator();
  const category = collationCategory(entry);
  const sheets = entry.checkSheetIds.length || (entry.checkSheetId ? 1 : 0);
  return (
    <Card role="article" aria-labelledby={headingId} className="space-y-3 p-4">
      <div>
        <h3 id={headingId} className="text-lg font-bold">
          {entry.driverSignedName || t("collation.unnamedDriver")}
        </h3>
        <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 text-sm">
          <dt className="text-slate-600 dark:text-slate-400">{t("field.plantNumber.short")}</dt>
          <dd className="font-medium">{entry.plantNumber || "—"}</dd>
          <dt className="text-slate-600 dark:text-slate-400">{t("checkSheet.summaryDate")}</dt>
          <dd className="font-medium">{formatShortDateIn(locale, entry.collationDate) || "—"}</dd>
          <dt className="text-slate-600 dark:text-slate-400">{t("supervisor.forms")}</dt>
          <dd className="font-medium">
            {[
              entry.timesheetId ? t("home.tabTimesheet") : null,
              sheets > 0 ? t("supervisor.checkSheets", { count: sheets }) : null,
            ]
              .filter(Boolean)
              .join(" + ")}
          </dd>
          {entry.totalHours !== null ? (
            <>
              <dt className="text-slate-600 dark:text-slate-400">{t("week.totalHours")}</dt>
              <dd className="font-medium">{formatHoursIn(locale, entry.totalHours)}</dd>
            </>
          ) : null}
          {sheets > 0 ? (
            <>
              <dt className="text-slate-600 dark:text-slate-400">{t("form.defects")}</dt>
              <DefectCount count={entry.defects.length} />
            </>
          ) : null}
        </dl>
      </div>
      <WeekDetail days={entry.days} defects={entry.defects} />
      <p
        className={cn(
          "rounded-lg border-s-4 bg-slate-50 px-3 py-2 text-sm font-semibold dark:bg-slate-800",
          COUNTER_STYLES[category],
        )}
      >
        {collationLabel(entry, t)}
      </p>
      {category === "ready" ? (
        <Button className="w-full" onClick={() => navigate(appPaths.combinedApproval(entry.id))}>
          <ShieldCheck aria-hidden="true" className="size-5" />
          {t("supervisor.getApproval")}
        </Button>
      ) : null}
      {category === "needs_completion" ? (
        <div className="grid gap-2">
          {entry.timesheetId ? (
            <Button
              variant="outline"
              onClick={() => navigate(appPaths.draft("timesheet", entry.timesheetId ?? ""))}
            >
              <Clock aria-hidden="true" className="size-5" />
              {t("supervisor.continueTimesheet")}
            </Button>
          ) : null}
          {entry.checkSheetId ? (
            <Button
              variant="outline"
              onClick={() => navigate(appPaths.draft("check-sheet", entry.checkSheetId ?? ""))}
            >
              <ClipboardCheck aria-hidden="true" className="size-5" />
              {t("supervisor.continueCheckSheet")}
            </Button>
          ) : null}
        </div>
      ) : null}
    </Card>
  );
}

const EMPTY_TEXT: Readonly<Record<CollationCategory, MessageKey>> = {
  ready: "collation.emptyReady",
  incomplete: "collation.emptyIncomplete",
  needs_completion: "collation.emptyNeedsCompletion",
};

function Collations() {
  const [params, setParams] = useSearchParams();
  const t = useT();
  const lookup = useCollations();

  if (lookup.isPending) return <LoadingScreen label={t("collation.loading")} />;
  // A read that fails after one that worked leaves the sets shown as they were.
  if (lookup.isError && lookup.data === undefined) {
    return (
      <Card role="alert" className="space-y-3">
        <p className="flex items-start gap-2 font-medium text-red-800 dark:text-red-300">
          <TriangleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
          {t("collation.loadFailed", { error: failureText(lookup.error) })}
        </p>
        <Button variant="outline" onClick={() => void lookup.refetch()}>
          {t("customer.tryAgain")}
        </Button>
      </Card>
    );
  }

  const entries = lookup.data;
  const counts = collationCounts(entries);
  // Without a tab in the address, open on the first category that has something in it.
  const tab =
    parseCollationTab(params.get("tab")) ??
    COLLATION_CATEGORIES.find((category) => counts[category] > 0) ??
    "ready";
  return (
    <>
      <LastRefreshedNote refreshedAt={lookup.dataUpdatedAt} className="mb-4" />
      <div className="space-y-4">
        <ul aria-label={t("collation.summary")} className="grid grid-cols-3 gap-2">
          {COLLATION_CATEGORIES.map((category) => (
            <li
              key={category}
              className={cn(
                "flex flex-col items-center justify-center rounded-xl border-t-4 bg-white p-2 text-center shadow-sm dark:bg-slate-900",
                COUNTER_STYLES[category],
              )}
            >
              <span className="text-3xl font-bold">{counts[category]}</span>
              <span className="text-xs font-semibold leading-tight text-slate-800 dark:text-slate-200">
                {t(COLLATION_CATEGORY_KEYS[category])}
              </span>
            </li>
          ))}
        </ul>
        <Tabs
          value={tab}
          onValueChange={(value) => {
            const next = parseCollationTab(value);
            if (next) setParams({ screen: "collation", tab: next }, { replace: true });
          }}
        >
          <TabsList aria-label={t("collation.tabs")} className="h-auto">
            {COLLATION_CATEGORIES.map((category) => (
              <TabsTrigger
                key={category}
                value={category}
                aria-label={`${t(COLLATION_CATEGORY_KEYS[category])} (${counts[category]})`}
                className="flex-col gap-0 px-1 py-1 text-sm leading-tight"
              >
                <span>{t(TAB_NAMES[category])}</span>
                <span className="text-xs">({counts[category]})</span>
              </TabsTrigger>
            ))}
          </TabsList>
          {COLLATION_CATEGORIES.map((category) => {
            const list = entries.filter((entry) => collationCategory(entry) === category);
            return (
              <TabsContent key={category} value={category}>
                <h2 className="sr-only">{t(COLLATION_CATEGORY_KEYS[category])}</h2>
                {list.length === 0 ? (
                  <Card className="text-center text-slate-700 dark:text-slate-300">
                    {t(EMPTY_TEXT[category])}
                  </Card>
                ) : (
                  <ul
                    aria-label={t(COLLATION_CATEGORY_KEYS[category])}
                    className="grid items-start gap-3 lg:grid-cols-2 xl:grid-cols-3"
                  >
                    {list.map((entry) => (
                      <li key={entry.id}>
                        <EntryCard entry={entry} />
                      </li>
                    ))}
                  </ul>
                )}
              </TabsContent>
            );
          })}
        </Tabs>
      </div>
    </>
  );
}

/** The supervisor's collation screen: the week's forms sorted into ready, incomplete and needing completion. */
export function CollationScreen() {
  const session = useSession();
  const t = useT();
  return (
    <ScreenLayout
      title={t("supervisor.approvalTitle")}
      subtitle={t("collation.subtitle")}
      back={{ href: appPaths.home("supervisor"), label: t("home.supervisor") }}
      wide
    >
      {session ? <Collations /> : <SupervisorLoginRequired />}
    </ScreenLayout>
  );
}
