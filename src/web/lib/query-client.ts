import { QueryClient } from "@tanstack/react-query";
import { getQueryFn } from "./api-client";

/** The spec's data-fetching defaults: no retries, no refetch on focus, no polling, results never stale. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: "throw" }),
        retry: false,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        staleTime: Number.POSITIVE_INFINITY,
      },
      // Every write goes through the outbox, which keeps it on the phone without signal: a mutation must run
      // offline too (TanStack's default would pause it until the browser says it is online again).
      mutations: { retry: false, networkMode: "always" },
    },
  });
}
