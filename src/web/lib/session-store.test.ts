import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { IDLE_HEADER, SESSION_ENDS_IN_HEADER } from "../../domain/accounts/session";

const MINUTE = 60_000;
const START = Date.parse("2026-06-01T08:00:00Z");

/** What the server answers to the store's question, and what the store sent. */
let answer: () => Response;
let asked: { idleMs: number; at: number }[];

/** A fresh store on a page of its own (storage, touches), its clock under the test's hand. */
async function freshStore() {
  vi.resetModules();
  const storage = new Map<string, string>();
  const page = Object.assign(new EventTarget(), {
    localStorage: {
      getItem: (key: string) => storage.get(key) ?? null,
      setItem: (key: string, value: string) => storage.set(key, value),
      removeItem: (key: string) => storage.delete(key),
    },
  });
  vi.stubGlobal("window", page);
  vi.stubGlobal(
    "fetch",
    vi.fn(async (_url: string, init?: RequestInit) => {
      const headers = init?.headers as Record<string, string>;
      asked.push({ idleMs: Number(headers[IDLE_HEADER]), at: Date.now() });
      return answer();
    }),
  );
  const store = await import("./session-store");
  // Loaded now, as the app has loaded it long before a session ends: the store's call then needs no module load.
  await import("./api-client");
  const touch = () => page.dispatchEvent(new Event("keydown"));
  return { store, touch };
}

const alive = (endsInMs: number) => () =>
  new Response("{}", { status: 200, headers: { [SESSION_ENDS_IN_HEADER]: String(endsInMs) } });
const ended = () => new Response('{"message":"Please log in."}', { status: 401 });

/** Lets the store's call (its code loaded on demand, then the fetch) finish. */
async function settle() {
  for (let i = 0; i < 10; i += 1) await vi.advanceTimersByTimeAsync(0);
}

beforeEach(() => {
  vi.useFakeTimers({ now: START });
  asked = [];
  answer = ended;
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("the session on the page", () => {
  it("asks the server at the end when nobody touched the page, and keeps the screen when it has ended", async () => {
    const { store } = await freshStore();
    store.startSession("acc-1", "Sam Driver");
    await vi.advanceTimersByTimeAsync(29 * MINUTE);
    expect(asked).toEqual([]);
    await vi.advanceTimersByTimeAsync(MINUTE);
    await settle();
    expect(asked).toHaveLength(1);
    expect(asked[0]!.idleMs).toBeGreaterThanOrEqual(30 * MINUTE);
    expect(store.isSessionExpired()).toBe(true);
    // Still signed in as far as the screen goes: it stays as it was under the login dialog.
    expect(store.getSession()?.driverName).toBe("Sam Driver");
  });

  it("renews a minute before the end when the page was touched since its last call", async () => {
    const { store, touch } = await freshStore();
    store.startSession("acc-1", "Sam Driver");
    await vi.advanceTimersByTimeAsync(10 * MINUTE);
    touch();
    answer = alive(31 * MINUTE);
    await vi.advanceTimersByTimeAsync(19 * MINUTE);
    await settle();
    expect(asked).toEqual([{ idleMs: 19 * MINUTE, at: START + 29 * MINUTE }]);
    expect(store.isSessionExpired()).toBe(false);
    // The new end holds: nothing is asked until a minute before it.
    await vi.advanceTimersByTimeAsync(29 * MINUTE);
    expect(asked).toHaveLength(1);
  });

  it("asks at once on a touch in the last minute", async () => {
    const { store, touch } = await freshStore();
    store.startSession("acc-1", "Sam Driver");
    answer = alive(MINUTE);
    await vi.advanceTimersByTimeAsync(29 * MINUTE + 10_000);
    expect(asked).toEqual([]);
    answer = alive(30 * MINUTE);
    touch();
    await settle();
    expect(asked).toEqual([{ idleMs: 0, at: START + 29 * MINUTE + 10_000 }]);
    expect(store.isSessionExpired()).toBe(false);
  });

  it("follows the server when another tab kept the session alive", async () => {
    const { store } = await freshStore();
    store.startSession("acc-1", "Sam Driver");
    answer = alive(20 * MINUTE);
    await vi.advanceTimersByTimeAsync(30 * MINUTE);
    await settle();
    expect(asked).toHaveLength(1);
    expect(store.isSessionExpired()).toBe(false);
    answer = ended;
    await vi.advanceTimersByTimeAsync(20 * MINUTE);
    await settle();
    expect(asked).toHaveLength(2);
    expect(store.isSessionExpired()).toBe(true);
  });

  it("without signal, ends by its own count once the page has been left alone for 30 minutes", async () => {
    const { store } = await freshStore();
    store.startSession("acc-1", "Sam Driver");
    answer = () => {
      throw new TypeError("Failed to fetch");
    };
    await vi.advanceTimersByTimeAsync(30 * MINUTE);
    await settle();
    expect(asked).toHaveLength(1);
    expect(store.isSessionExpired()).toBe(true);
  });

  it("a login again ends the expiry; a logout forgets the session", async () => {
    const { store } = await freshStore();
    store.startSession("acc-1", "Sam Driver");
    store.noteSessionAnswer(null, START, START);
    expect(store.isSessionExpired()).toBe(true);
    store.startSession("acc-1", "Sam Driver");
    expect(store.isSessionExpired()).toBe(false);
    store.endSession("logout");
    expect(store.getSession()).toBeNull();
    expect(store.isSessionExpired()).toBe(false);
  });
});
