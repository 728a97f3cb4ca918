import { QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { createQueryClient } from "./query-client";

/** One client for the whole app: the parts that load on their own (lazy-with-queries.tsx) share its cache. */
export const appQueryClient = createQueryClient();

export function QueryScope({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={appQueryClient}>{children}</QueryClientProvider>;
}
