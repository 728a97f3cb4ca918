import { QueryClientProvider } from "@tanstack/react-query";
import { useState } from "react";
import { ErrorBoundary } from "./components/error-boundary";
import { ErrorScreen } from "./components/error-screen";
import { Toaster } from "./components/ui/toaster";
import { TooltipProvider } from "./components/ui/tooltip";
import { AuthDialogs } from "./features/auth/auth-dialogs";
import { SessionExpiryNotice } from "./features/auth/session-expiry-notice";
import { ConsentBanner } from "./features/consent/consent-banner";
import { createQueryClient } from "./lib/query-client";
import { OfflineSync } from "./offline/offline-sync";
import { UpdatePrompt } from "./offline/update-prompt";
import { AppRoutes } from "./routes";

/** Providers and app-wide chrome; everything screen-specific lives behind the routes. */
export function App() {
  const [queryClient] = useState(createQueryClient);
  return (
    <ErrorBoundary name="app" fallback={(error) => <ErrorScreen title="App Error" error={error} />}>
      <QueryClientProvider client={queryClient}>
        <TooltipProvider>
          <AppRoutes />
          <AuthDialogs />
          <SessionExpiryNotice />
          <ConsentBanner />
          <OfflineSync />
          <UpdatePrompt />
          <Toaster />
        </TooltipProvider>
      </QueryClientProvider>
    </ErrorBoundary>
  );
}
