import { lazy, Suspense, useEffect, useState } from "react";
import { ErrorBoundary } from "./components/error-boundary";
import { ErrorScreen } from "./components/error-screen";
import { useToast } from "./components/ui/use-toast";
import { ConsentBanner } from "./features/consent/consent-banner";
import { useAuthDialog } from "./lib/auth-dialog-store";
import { wholeCatalog } from "./lib/i18n";
import { lazyWithQueries } from "./lib/lazy-with-queries";
import { preloadWhenIdle } from "./lib/preload-when-idle";
import { useSessionExpired } from "./lib/session-store";
import { OfflineSync } from "./offline/offline-sync";
import { UpdatePrompt } from "./offline/update-prompt";
import { AppRoutes } from "./routes";

const AuthDialogs = lazyWithQueries(
  () => import("./features/auth/auth-dialogs"),
  (m) => m.AuthDialogs,
);

/**
 * The account dialogs (their forms, validation and dialog code) load the first time one opens, or the session
 * ends, not with the first screen; once loaded they stay mounted so closing still animates.
 */
function DeferredAuthDialogs() {
  const { view } = useAuthDialog();
  const expired = useSessionExpired();
  const needed = view !== null || expired;
  const [wanted, setWanted] = useState(false);
  if (needed && !wanted) setWanted(true);
  if (!wanted && !needed) return null;
  return (
    <Suspense fallback={null}>
      <AuthDialogs />
    </Suspense>
  );
}

const loadToaster = () => import("./components/ui/toaster");
const Toaster = lazy(async () => ({ default: (await loadToaster()).Toaster }));

/** The toast viewport and its code arrive once the first screen is idle, or with the first toast if that is sooner. */
function DeferredToaster() {
  const { toasts } = useToast();
  const [loaded, setLoaded] = useState(false);
  useEffect(() => preloadWhenIdle(() => loadToaster().then(() => setLoaded(true))), []);
  if (!loaded && toasts.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}

/** App-wide chrome; everything screen-specific lives behind the routes, each with its data (lazy-with-queries.tsx). */
export function App() {
  // The words of every screen after the first, there before a tap needs them.
  useEffect(() => preloadWhenIdle(wholeCatalog), []);
  return (
    <ErrorBoundary name="app" fallback={(error) => <ErrorScreen layer="app" error={error} />}>
      <AppRoutes />
      <DeferredAuthDialogs />
      <ConsentBanner />
      <OfflineSync />
      <UpdatePrompt />
      <DeferredToaster />
    </ErrorBoundary>
  );
}
