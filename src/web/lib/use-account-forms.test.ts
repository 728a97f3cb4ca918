import { QueryObserver } from "@tanstack/react-query";
import { describe, expect, it, vi } from "vitest";
import { emptyOffHireNote } from "../../domain/hire/off-hire-note";
import { emptyTimesheet } from "../../domain/hours/timesheet";
import { freshOfflineDbForEachTest } from "../offline/fresh-offline-db";
import { offlineDb } from "../offline/offline-db";
import { enqueue } from "../offline/outbox";
import { LIST_REFRESH_MS } from "./query-client";
import { queryClientForEachTest, settled } from "./query-client-for-tests";
import {
  accountFormsOf,
  accountListQueries,
  offHireListQuery,
  type StoredOffHireNote,
  type StoredTimesheet,
  showWaitingSaves,
  TIMESHEETS_KEY,
} from "./use-account-forms";

const OWNER = "acc-1";
// Form ids are UUIDs made on the phone.
const T1 = "5b0e3a1c-1d2e-4f5a-8b6c-7d8e9f0a1b21";
const T2 = "5b0e3a1c-1d2e-4f5a-8b6c-7d8e9f0a1b22";
const START = Date.parse("2026-11-20T08:00:00Z");

freshOfflineDbForEachTest();
const testClient = queryClientForEachTest(START);

const timesheet = (id: string, plantNumber: string) => ({
  ...emptyTimesheet(),
  id,
  plantNumber,
  createdAt: "2026-11-16T08:00:00.000Z",
});

/** The server's timesheet list as it stands; `null` for no signal. */
function serverAnswers(initial: unknown[] | null) {
  let answer = initial;
  const fetchMock = vi.fn(async () => {
    if (answer === null) throw new TypeError("Failed to fetch");
    return new Response(JSON.stringify(answer), { headers: { "Content-Type": "application/json" } });
  });
  vi.stubGlobal("fetch", fetchMock);
  return { fetchMock, set: (next: unknown[] | null) => (answer = next) };
}

/** The Supervisor tab's timesheet list, open. */
async function openTimesheets() {
  const [timesheets] = accountListQueries(OWNER);
  const observer = new QueryObserver(
    testClient(),
    timesheets as ConstructorParameters<typeof QueryObserver>[1],
  );
  const close = observer.subscribe(() => {});
  await settled();
  const shown = () =>
    observer.getCurrentResult().data as { list: StoredTimesheet[]; refreshedAt: number; fromDevice: boolean };
  return { observer, shown, plants: () => shown().list.map((form) => form.plantNumber), close };
}

function saveDraft(id: string, plantNumber: string, stored: boolean): Promise<number> {
  return enqueue({
    method: stored ? "PUT" : "POST",
    url: stored ? `/api/timesheets/${id}` : "/api/timesheets",
    body: { ...emptyTimesheet(), id, plantNumber },
    label: "Timesheet",
    group: `/api/timesheets/${id}`,
    owner: OWNER,
  });
}

describe("the account's lists", () => {
  it("show the driver's saves waiting to send, and still after the list is read again", async () => {
    const server = serverAnswers([timesheet(T1, "EX-1")]);
    await saveDraft(T1, "EX-1 edited", true);
    await saveDraft(T2, "NEW-2", false);
    const list = await openTimesheets();
    expect(list.plants()).toEqual(["EX-1 edited", "NEW-2"]);

    vi.setSystemTime(START + LIST_REFRESH_MS);
    await list.observer.refetch();
    expect(server.fetchMock).toHaveBeenCalledTimes(2);
    expect(list.plants()).toEqual(["EX-1 edited", "NEW-2"]);
    list.close();
  });

  it("show a save the moment it is queued, without asking the server, and drop it only once the server has it", async () => {
    const server = serverAnswers([timesheet(T1, "EX-1")]);
    const list = await openTimesheets();
    const readAt = testClient().getQueryState(TIMESHEETS_KEY)?.dataUpdatedAt;

    const seq = await saveDraft(T2, "NEW-2", false);
    await showWaitingSaves(testClient(), OWNER);
    await settled();
    expect(list.plants()).toEqual(["EX-1", "NEW-2"]);
    expect(server.fetchMock).toHaveBeenCalledTimes(1);
    // Not a read from the server: the list is not a minute fresher for it.
    expect(testClient().getQueryState(TIMESHEETS_KEY)?.dataUpdatedAt).toBe(readAt);

    // Sent: the outbox lets it go and the server has it. It never blinks out while the list is read again.
    server.set([timesheet(T1, "EX-1"), timesheet(T2, "NEW-2")]);
    await (await offlineDb()).delete("outbox", seq);
    const shownMeanwhile: string[][] = [];
    const stop = list.observer.subscribe((result) =>
      shownMeanwhile.push((result.data as { list: StoredTimesheet[] }).list.map((form) => form.plantNumber)),
    );
    await showWaitingSaves(testClient(), OWNER);
    await settled();
    stop();
    expect(server.fetchMock).toHaveBeenCalledTimes(2);
    expect(list.plants()).toEqual(["EX-1", "NEW-2"]);
    for (const shown of shownMeanwhile) expect(shown).toContain("NEW-2");
    list.close();
  });

  it("without signal, keep what they showed, from the device's copy, with when it was read from the server, and are due again at once", async () => {
    const server = serverAnswers([timesheet(T1, "EX-1")]);
    const list = await openTimesheets();
    expect(list.shown()).toMatchObject({ refreshedAt: START, fromDevice: false });

    server.set(null);
    vi.setSystemTime(START + 2 * LIST_REFRESH_MS);
    await list.observer.refetch();
    expect(list.plants()).toEqual(["EX-1"]);
    expect(list.shown()).toMatchObject({ refreshedAt: START, fromDevice: true });
    expect(list.observer.getCurrentResult().isStale).toBe(true);

    server.set([timesheet(T1, "EX-1"), timesheet(T2, "DZ-7")]);
    vi.setSystemTime(START + 3 * LIST_REFRESH_MS);
    await list.observer.refetch();
    expect(list.plants()).toEqual(["EX-1", "DZ-7"]);
    expect(list.shown()).toMatchObject({ refreshedAt: START + 3 * LIST_REFRESH_MS, fromDevice: false });
    list.close();
  });

  it("keep the off-hire notes as the other two: a draft saved without signal shows, and the device's copy stands in for the server", async () => {
    const note = (id: string, plantNumber: string, status: string) => ({
      ...emptyOffHireNote("2026-11-20"),
      id,
      plantNumber,
      status,
      createdAt: "2026-11-20T16:00:00.000Z",
    });
    const server = serverAnswers([note(T1, "EX-1", "completed")]);
    await enqueue({
      method: "POST",
      url: "/api/off-hire-notes",
      body: { ...emptyOffHireNote("2026-11-20"), id: T2, plantNumber: "DU-2" },
      label: "Off-hire note",
      group: `/api/off-hire-notes/${T2}`,
      owner: OWNER,
    });
    const observer = new QueryObserver(
      testClient(),
      offHireListQuery(OWNER) as ConstructorParameters<typeof QueryObserver>[1],
    );
    const close = observer.subscribe(() => {});
    await settled();
    const shown = () =>
      observer.getCurrentResult().data as { list: StoredOffHireNote[]; fromDevice: boolean };
    const notes = () => shown().list.map((form) => [form.plantNumber, form.status]);
    expect(notes()).toEqual([
      ["EX-1", "completed"],
      ["DU-2", "draft"],
    ]);

    server.set(null);
    vi.setSystemTime(START + 2 * LIST_REFRESH_MS);
    await observer.refetch();
    expect(notes()).toEqual([
      ["EX-1", "completed"],
      ["DU-2", "draft"],
    ]);
    expect(shown().fromDevice).toBe(true);
    close();
  });

  it("are never emptied by a read that fails once they have been shown", () => {
    const shown = {
      data: { list: [timesheet(T1, "EX-1")], refreshedAt: START, fromDevice: false },
      error: new Error("503: busy"),
    };
    const checkSheets = { data: { list: [], refreshedAt: START + 1, fromDevice: false }, error: null };
    expect(accountFormsOf(shown, checkSheets)).toMatchObject({
      status: "success",
      timesheets: shown.data.list,
      refreshedAt: START,
    });
    // Never loaded: both lists empty rather than half a week's sets.
    expect(accountFormsOf({ error: new Error("503: busy") }, checkSheets)).toEqual({
      status: "error",
      timesheets: [],
      checkSheets: [],
    });
    expect(accountFormsOf({ error: null }, checkSheets).status).toBe("pending");
  });
});
