import { focusManager, onlineManager, type QueryClient } from "@tanstack/react-query";
import { afterEach, beforeEach, vi } from "vitest";
import { createQueryClient } from "./query-client";

/**
 * For tests: each test of the calling file gets the app's query client, mounted as its provider mounts it (so it
 * hears the foreground and the signal), on a fake Date set to `now`. Returns the current test's client.
 */
export function queryClientForEachTest(now: number): () => QueryClient {
  let client: QueryClient;
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(now);
    client = createQueryClient();
    client.mount();
  });
  afterEach(() => {
    client.clear();
    client.unmount();
    focusManager.setFocused(undefined);
    onlineManager.setOnline(true);
    vi.useRealTimers();
  });
  return () => client;
}

/** Everything the test just started (reads, the device's database) has finished. */
export async function settled(): Promise<void> {
  for (let i = 0; i < 20; i++) await new Promise((resolve) => setImmediate(resolve));
}
