import { type ComponentType, lazy, Suspense, useEffect } from "react";
import { Route, Switch, useLocation, useSearchParams } from "wouter";
import { ErrorBoundary } from "./components/error-boundary";
import { ErrorScreen } from "./components/error-screen";
import { LoadingScreen } from "./components/loading-screen";
import type { HomePanels } from "./features/home/home-page";
import { parseFlowScreen } from "./lib/app-paths";
import { lazyWithQueries } from "./lib/lazy-with-queries";

// One chunk per screen keeps the first load small on a phone with one bar of signal.
function lazyScreen<M, P extends object>(load: () => Promise<M>, pick: (module: M) => ComponentType<P>) {
  return lazy(async () => ({ default: pick(await load()) }));
}

const HomePage = lazyScreen(
  () => import("./features/home/home-page"),
  (m) => m.HomePage,
);
const CustomerSelectionPage = lazyWithQueries(
  () => import("./features/customer-selection/customer-selection-page"),
  (m) => m.CustomerSelectionPage,
);
const CollationScreen = lazyWithQueries(
  () => import("./features/supervisor/collation-screen"),
  (m) => m.CollationScreen,
);
const CombinedApprovalScreen = lazyWithQueries(
  () => import("./features/supervisor/combined-approval-screen"),
  (m) => m.CombinedApprovalScreen,
);
/**
 * A wizard's modules run in steps, so that they can run in tasks of their own: a dynamic import runs all of its
 * modules that have not run yet in one task, which for a wizard was one long task on a slow phone. zod's library, what both forms
 * share (the fields and signatures, whose schemas zod builds as their modules run), the form's own rules, then
 * the screen: each step's modules are a part of the next one's, so each runs only what the steps before have not.
 * All are fetched at once, and every step needs zod's chunk, the largest: steps whose other files are in when it
 * arrives run in one task (decision 033).
 */
async function inSteps<M>(steps: Promise<unknown>[], screen: Promise<M>): Promise<M> {
  // Waits on the screen too, so that if a step fails the screen's own failure is not left unhandled.
  await Promise.all([...steps, screen]);
  return screen;
}
const sharedSteps = () => [import("./lib/zod-library"), import("../domain/forms/sign-and-submit")];

const TimesheetPage = lazyWithQueries(
  () =>
    inSteps(
      [...sharedSteps(), import("../domain/hours/timesheet")],
      import("./features/forms/timesheet/timesheet-page"),
    ),
  (m) => m.TimesheetPage,
);
const CheckSheetPage = lazyWithQueries(
  () =>
    inSteps(
      [...sharedSteps(), import("../domain/checks/check-sheet")],
      import("./features/forms/check-sheet/check-sheet-page"),
    ),
  (m) => m.CheckSheetPage,
);
const OffHirePage = lazyWithQueries(
  () =>
    inSteps(
      [...sharedSteps(), import("../domain/hire/off-hire-note")],
      import("./features/forms/off-hire/off-hire-page"),
    ),
  (m) => m.OffHirePage,
);
const CompletedFormPage = lazyWithQueries(
  () => import("./features/completed-form/completed-form-page"),
  (m) => m.CompletedFormPage,
);
const PrivacyPolicyPage = lazyScreen(
  () => import("./features/privacy-policy/privacy-policy-page"),
  (m) => m.PrivacyPolicyPage,
);
const ResetPasswordPage = lazyScreen(
  () => import("./features/auth/reset-password-page"),
  (m) => m.ResetPasswordPage,
);
// Inside the app's query client: opening the link signs in, which resets the cached queries.
const ConfirmAccountPage = lazyWithQueries(
  () => import("./features/auth/confirm-account-page"),
  (m) => m.ConfirmAccountPage,
);
// An invitation's link: asks the driver to confirm joining a company.
const JoinPage = lazyWithQueries(
  () => import("./features/organisation/join-page"),
  (m) => m.JoinPage,
);
// A workshop address's link: asks the person there to confirm the company's defect alerts; no account needed.
const ConfirmWorkshopPage = lazyWithQueries(
  () => import("./features/organisation/confirm-workshop-page"),
  (m) => m.ConfirmWorkshopPage,
);
// The company's office review: supervisors' and admins' only, never in the driver's home bundle.
const OfficeReviewPage = lazyWithQueries(
  () => import("./features/office-review/office-review-page"),
  (m) => m.OfficeReviewPage,
);
// The fleet's printable QR labels: an admin's, loading the QR encoder with it.
const QrLabelsPage = lazyWithQueries(
  () => import("./features/organisation/qr-labels-page"),
  (m) => m.QrLabelsPage,
);
const NotFoundPage = lazyScreen(
  () => import("./features/not-found/not-found-page"),
  (m) => m.NotFoundPage,
);

const DriverHistoryTab = lazyWithQueries(
  () => import("./features/history/driver-history-tab"),
  (m) => m.DriverHistoryTab,
);
const SupervisorTab = lazyWithQueries(
  () => import("./features/supervisor/supervisor-tab"),
  (m) => m.SupervisorTab,
);
const CompanyTab = lazyWithQueries(
  () => import("./features/organisation/company-tab"),
  (m) => m.CompanyTab,
);
const AccountTab = lazyWithQueries(
  () => import("./features/auth/account-tab"),
  (m) => m.AccountTab,
);

// The home's account tabs come from their own features and meet here; each loads when first opened.
const homePanels: HomePanels = {
  history: <DriverHistoryTab />,
  supervisor: <SupervisorTab />,
  company: <CompanyTab />,
  account: <AccountTab />,
};

function Home() {
  return <HomePage panels={homePanels} />;
}

/** "/" is the spec's multi-screen flow: the landing tabs, or a step of the flow named in `?screen=`. */
function RootFlow() {
  const [params] = useSearchParams();
  switch (parseFlowScreen(params.get("screen"))) {
    case "customer-selection":
      return <CustomerSelectionPage />;
    case "collation":
      return <CollationScreen />;
    case "combined-approval":
      return <CombinedApprovalScreen />;
    default:
      return <Home />;
  }
}

/**
 * Tells boot.js that the screen is the app's: rendered in the routes' Suspense boundary, its effect runs
 * once the screen (prerendered or not) has been taken over, so the taps boot.js kept meanwhile can be acted on.
 */
function ScreenReady() {
  useEffect(() => {
    document.dispatchEvent(new Event("plant-sheets:ready"));
  }, []);
  return null;
}

export function AppRoutes() {
  const [location] = useLocation();
  return (
    // Keyed by location: after a failed screen, navigating elsewhere gets a fresh boundary.
    <ErrorBoundary
      key={location}
      name="router"
      fallback={(error) => <ErrorScreen layer="router" error={error} />}
    >
      <Suspense fallback={<LoadingScreen />}>
        <Switch>
          <Route path="/" component={RootFlow} />
          {/* The logged-in dashboard: the home screen opening on the Operator Dashboard. */}
          <Route path="/home" component={Home} />
          <Route path="/timesheet" component={TimesheetPage} />
          <Route path="/check-sheet" component={CheckSheetPage} />
          <Route path="/off-hire" component={OffHirePage} />
          <Route path="/completed-form/:id" component={CompletedFormPage} />
          <Route path="/privacy-policy" component={PrivacyPolicyPage} />
          <Route path="/reset-password" component={ResetPasswordPage} />
          <Route path="/confirm-account" component={ConfirmAccountPage} />
          <Route path="/join" component={JoinPage} />
          <Route path="/confirm-workshop" component={ConfirmWorkshopPage} />
          <Route path="/office-review" component={OfficeReviewPage} />
          <Route path="/qr-labels/:organisationId" component={QrLabelsPage} />
          <Route component={NotFoundPage} />
        </Switch>
        <ScreenReady />
      </Suspense>
    </ErrorBoundary>
  );
}
