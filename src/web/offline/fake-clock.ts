import { afterEach, beforeEach, vi } from "vitest";

/** For tests: each test of the calling file runs on a fake clock set to `now`, its timers run by the test. */
export function fakeClockForEachTest(now: string): void {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["Date", "setTimeout", "clearTimeout"] });
    vi.setSystemTime(new Date(now));
  });
  afterEach(() => {
    vi.useRealTimers();
  });
}
