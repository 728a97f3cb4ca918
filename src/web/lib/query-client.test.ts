import { focusManager, onlineManager, QueryObserver } from "@tanstack/react-query";
import { describe, expect, it, vi } from "vitest";
import { dueOnReturn, FRESH_LIST, LIST_REFRESH_MS, LIST_SHARED_MS } from "./query-client";
import { queryClientForEachTest, settled } from "./query-client-for-tests";

const START = Date.parse("2026-11-20T08:00:00Z");
const testClient = queryClientForEachTest(START);

/** A query with a counting read: each read answers the number of reads so far. */
function counted(options: object = FRESH_LIST) {
  let reads = 0;
  const queryFn = vi.fn(async () => ++reads);
  return { queryFn, options: { queryKey: ["/api/things"], queryFn, ...options } };
}

/** A screen showing the query opens; what it shows, and how it closes. */
async function openScreen(options: object) {
  const observer = new QueryObserver(testClient(), options as ConstructorParameters<typeof QueryObserver>[1]);
  const close = observer.subscribe(() => {});
  await settled();
  return { shown: () => observer.getCurrentResult().data, close };
}

/** The app goes to the background and comes back (the phone locked, another app used). */
async function leaveAndReturn(): Promise<void> {
  focusManager.setFocused(false);
  focusManager.setFocused(true);
  await settled();
}

describe("a list read again on returning to the foreground", () => {
  it("is due once it is a minute old, never sooner", () => {
    expect(dueOnReturn(START, START)).toBe(false);
    expect(dueOnReturn(START, START + LIST_REFRESH_MS - 1)).toBe(false);
    expect(dueOnReturn(START, START + LIST_REFRESH_MS)).toBe(true);
    expect(dueOnReturn(START, START + 24 * 60 * LIST_REFRESH_MS)).toBe(true);
    // Never read: due.
    expect(dueOnReturn(0, START)).toBe(true);
  });
});

describe("lists keep up with the account's other devices", () => {
  it("are read afresh whenever their screen opens, the parts of one screen sharing a read", async () => {
    const { queryFn, options } = counted();
    const first = await openScreen(options);
    const secondPart = await openScreen(options);
    expect(queryFn).toHaveBeenCalledTimes(1);
    first.close();
    secondPart.close();

    vi.setSystemTime(START + LIST_SHARED_MS);
    const again = await openScreen(options);
    expect(queryFn).toHaveBeenCalledTimes(2);
    expect(again.shown()).toBe(2);
    again.close();
  });

  it("are read again when the app returns to the foreground, at most once a minute", async () => {
    const { queryFn, options } = counted();
    const screen = await openScreen(options);

    vi.setSystemTime(START + 30_000);
    await leaveAndReturn();
    expect(queryFn).toHaveBeenCalledTimes(1);

    vi.setSystemTime(START + LIST_REFRESH_MS);
    await leaveAndReturn();
    expect(queryFn).toHaveBeenCalledTimes(2);
    expect(screen.shown()).toBe(2);

    // Back and forth again straight away: no more reads.
    await leaveAndReturn();
    await leaveAndReturn();
    expect(queryFn).toHaveBeenCalledTimes(2);
    screen.close();
  });

  it("without signal, keep what they show on returning to the foreground, and are read when the signal returns", async () => {
    const { queryFn, options } = counted();
    const screen = await openScreen(options);

    onlineManager.setOnline(false);
    vi.setSystemTime(START + 5 * LIST_REFRESH_MS);
    await leaveAndReturn();
    expect(queryFn).toHaveBeenCalledTimes(1);
    expect(screen.shown()).toBe(1);

    onlineManager.setOnline(true);
    await settled();
    expect(queryFn).toHaveBeenCalledTimes(2);
    expect(screen.shown()).toBe(2);
    screen.close();
  });

  it("are read again at once, whatever their age, after a write of the driver's own", async () => {
    const { queryFn, options } = counted();
    const screen = await openScreen(options);
    await testClient().invalidateQueries({ queryKey: ["/api/things"] });
    expect(queryFn).toHaveBeenCalledTimes(2);
    expect(screen.shown()).toBe(2);
    screen.close();
  });

  it("leave everything else alone: a form being edited is never read again under the driver's hands", async () => {
    const { queryFn, options } = counted({});
    const first = await openScreen(options);
    vi.setSystemTime(START + 60 * LIST_REFRESH_MS);
    await leaveAndReturn();
    first.close();
    const again = await openScreen(options);
    expect(queryFn).toHaveBeenCalledTimes(1);
    again.close();
  });
});
