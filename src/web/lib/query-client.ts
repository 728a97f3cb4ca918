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
      mutations: { retry: false },
    },
  });
}
