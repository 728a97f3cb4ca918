import { QueryClient } from "@tanstack/react-query";
import { getQueryFn } from "./api-client";

/** A list is read again at most this often when the app returns to the foreground. */
export const LIST_REFRESH_MS = 60_000;

/**
 * A list read this recently serves a screen that opens now: the parts of one screen that load one after the
 * other (the home's draft link and its tab) share one read.
 */
export const LIST_SHARED_MS = 5_000;

/**
 * Whether a list last read at `readAt` is read again when the app returns to the foreground at `now`: once it is
 * a minute old, so a phone unlocked every few seconds does not ask the server each time.
 */
export function dueOnReturn(readAt: number, now: number): boolean {
  return now - readAt >= LIST_REFRESH_MS;
}

/**
 * How a list of work keeps up with the account's other devices (a desk and a phone): read afresh whenever a
 * screen shows it (it opens, or its filters change) and when the signal returns, and when the app returns to the
 * foreground if it is due (dueOnReturn). Spread into a list's query; own writes refresh their lists at once
 * (invalidateQueries).
 */
export const FRESH_LIST = {
  staleTime: LIST_SHARED_MS,
  refetchOnMount: true,
  refetchOnWindowFocus: (query: { state: { dataUpdatedAt: number } }) =>
    dueOnReturn(query.state.dataUpdatedAt, Date.now()),
  refetchOnReconnect: true,
} as const;

/**
 * The data-fetching defaults: no retries, no polling, and results never stale, so a form being edited is never
 * read again under the driver's hands. Lists opt in to refreshing with FRESH_LIST.
 */
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
