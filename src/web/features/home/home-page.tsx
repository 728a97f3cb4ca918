import ClipboardCheck from "lucide-react/icons/clipboard-check";
import Clock from "lucide-react/icons/clock";
import Truck from "lucide-react/icons/truck";
import WifiOff from "lucide-react/icons/wifi-off";
import { lazy, type ReactNode, Suspense, useEffect } from "react";
import { useLocation, useSearchParams } from "wouter";
import { LoadingScreen } from "../../components/loading-screen";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../components/ui/tabs";
import { type AccountTab, appPaths, type HomeTab, isAccountTab, parseHomeTab } from "../../lib/app-paths";
import { cn } from "../../lib/cn";
import { useT } from "../../lib/i18n";
import { lazyWithQueries } from "../../lib/lazy-with-queries";
import { useSession } from "../../lib/session-store";
import { AccountBanner } from "./account-banner";
import { FormIntroCard } from "./form-intro-card";
import { HomeHeader } from "./home-header";

// Account tabs: not part of the first screen's code.
const LoginRequired = lazy(async () => ({ default: (await import("./login-required")).LoginRequired }));
// Inside the query client: a company member's dashboard lists the forms the office returned.
const OperatorDashboard = lazyWithQueries(
  () => import("./operator-dashboard"),
  (m) => m.OperatorDashboard,
);

// A signed-in driver's unfinished timesheet, from the account's lists: loaded after the first screen.
const ContinueDraft = lazyWithQueries(
  () => import("./continue-draft"),
  (m) => m.ContinueDraft,
);

// A signed-in driver's off-hire notes saved as drafts, on the Off-Hire tab.
const OffHireDrafts = lazyWithQueries(
  () => import("./continue-draft"),
  (m) => m.OffHireDrafts,
);

// Only a signed-in driver has it, so its dropdown code is not part of the first screen's.
const MoreOptionsMenu = lazy(async () => ({
  default: (await import("./more-options-menu")).MoreOptionsMenu,
}));

/** The account tabs other features provide; the app puts them together in routes.tsx. */
export type HomePanels = Record<Exclude<AccountTab, "forms">, ReactNode>;

/**
 * The tabbed home: Timesheet and Check Sheet for everyone; for a logged-in driver also the Operator Dashboard,
 * Driver History, Supervisor and Account tabs from More Options.
 */
export function HomePage({ panels }: { panels: HomePanels }) {
  const [params, setParams] = useSearchParams();
  const [location] = useLocation();
  const session = useSession();
  const t = useT();
  const productName = t("header.productName");
  // The tab lives in the URL so Back from customer selection lands on the tab the driver came from.
  // /home is the logged-in dashboard, so without a tab it opens there.
  const defaultTab: HomeTab = location === appPaths.dashboard && session ? "forms" : "timesheet";
  const tab = parseHomeTab(params.get("tab")) ?? defaultTab;
  const selectTab = (next: HomeTab) => setParams({ tab: next }, { replace: true });

  useEffect(() => {
    document.title = productName;
  }, [productName]);

  // Beside the More Options button on a narrow phone, the tab names only fit without their icons.
  // Three tabs share a phone's width: below 400 px each stacks its icon over its name, in smaller type, so a long
  // name ("Verificação", "Zakończenie") keeps a third of the row; beside More Options the icons go.
  const triggerClass = cn(
    "px-1 max-[399px]:flex-col max-[399px]:gap-0.5 max-[399px]:text-sm max-[399px]:leading-tight",
    session && "max-[399px]:[&>svg]:hidden",
  );

  let accountPanel: ReactNode = null;
  if (isAccountTab(tab)) {
    let panel: ReactNode;
    if (!session) panel = <LoginRequired area={tab} />;
    else if (tab === "forms") panel = <OperatorDashboard driverName={session.driverName} />;
    else panel = panels[tab];
    accountPanel = <Suspense fallback={<LoadingScreen />}>{panel}</Suspense>;
  }

  // The desk's screens use its width: the supervisor's table of sets from 1024 px, the Company screen's sections
  // and the driver's history side by side from 1280 px. The forms and a phone stay one column.
  const width = !session
    ? "max-w-2xl"
    : tab === "supervisor"
      ? "max-w-2xl lg:max-w-7xl"
      : tab === "company" || tab === "history"
        ? "max-w-2xl xl:max-w-7xl"
        : "max-w-2xl";

  return (
    <div className="min-h-dvh">
      <HomeHeader width={width} />
      <main className={cn("mx-auto px-4 pt-4 pb-56", width)}>
        <p className="mb-4 flex items-start gap-2 rounded-lg border border-slate-300 bg-white p-3 text-sm text-slate-800 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-200">
          <WifiOff aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-amber-700 dark:text-amber-400" />
          <span>
            <strong>{t("home.worksOfflineTitle")}</strong> {t("home.worksOfflineText")}
          </span>
        </p>
        {session ? (
          <Suspense fallback={null}>
            <ContinueDraft />
          </Suspense>
        ) : null}
        <Tabs
          value={tab}
          onValueChange={(value) => {
            const next = parseHomeTab(value);
            if (next) selectTab(next);
          }}
        >
          <div className="flex gap-2">
            <TabsList aria-label={t("home.formsTabs")} className="min-w-0 flex-1">
              <TabsTrigger value="timesheet" className={triggerClass}>
                <Clock aria-hidden="true" className="size-5 shrink-0" />
                {t("home.tabTimesheet")}
              </TabsTrigger>
              <TabsTrigger value="check-sheet" className={triggerClass}>
                <ClipboardCheck aria-hidden="true" className="size-5 shrink-0" />
                {t("home.tabCheckSheet")}
              </TabsTrigger>
              <TabsTrigger value="off-hire" className={triggerClass}>
                <Truck aria-hidden="true" className="size-5 shrink-0" />
                {t("home.tabOffHire")}
              </TabsTrigger>
            </TabsList>
            {session ? (
              <Suspense fallback={null}>
                <MoreOptionsMenu tab={tab} onSelect={selectTab} />
              </Suspense>
            ) : null}
          </div>
          <TabsContent value="timesheet">
            <FormIntroCard
              icon={Clock}
              title={t("home.timesheetTitle")}
              description={t("home.timesheetDescription")}
              points={[
                t("home.timesheetPointHours"),
                t("home.timesheetPointMachine"),
                t("home.pointSignatures"),
                t("home.pointEmailed"),
              ]}
              startLabel={t("home.startTimesheet")}
              startHref={appPaths.customerSelection("timesheet")}
            />
          </TabsContent>
          <TabsContent value="check-sheet">
            <FormIntroCard
              icon={ClipboardCheck}
              title={t("home.checkSheetTitle")}
              description={t("home.checkSheetDescription")}
              points={[
                t("home.checkSheetPointChecks"),
                t("home.checkSheetPointPhotos"),
                t("home.pointSignatures"),
                t("home.pointEmailed"),
              ]}
              startLabel={t("home.startCheckSheet")}
              startHref={appPaths.customerSelection("check-sheet")}
            />
          </TabsContent>
          <TabsContent value="off-hire">
            {session ? (
              <Suspense fallback={null}>
                <OffHireDrafts />
              </Suspense>
            ) : null}
            <FormIntroCard
              icon={Truck}
              title={t("form.offHire.title")}
              description={t("home.offHireDescription")}
              points={[
                t("home.offHirePointMeter"),
                t("home.offHirePointPhotos"),
                t("home.pointSignatures"),
                t("home.pointEmailed"),
              ]}
              startLabel={t("home.startOffHire")}
              startHref={appPaths.customerSelection("off-hire")}
            />
          </TabsContent>
        </Tabs>
        {accountPanel ? <div className="mt-4">{accountPanel}</div> : null}
        {session ? null : <AccountBanner />}
      </main>
    </div>
  );
}
