import { describe, expect, it } from "vitest";
import {
  clearAccountFromDevice,
  countUnsentWork,
  DEVICE_COPY_MAX_AGE_MS,
  holdsUnsavedWork,
  idsWaitingToSend,
  isStaleCopy,
  pruneDeviceCopies,
} from "./device-copies";
import { freshOfflineDbForEachTest } from "./fresh-offline-db";
import { fetchKeepingOffline } from "./kept-lists";
import { readLocalForm, writeLocalForm } from "./local-forms";
import { type LocalForm, offlineDb } from "./offline-db";
import { enqueue } from "./outbox";

const NOW = Date.parse("2025-06-07T08:00:00Z");
const DAY = 24 * 60 * 60 * 1000;

function copy(
  id: string,
  overrides: Partial<LocalForm<{ version: number }>> = {},
): LocalForm<{ version: number }> {
  return {
    key: `timesheet:${id}`,
    kind: "timesheet",
    id,
    state: { version: 3 },
    updatedAt: NOW,
    stored: true,
    savedVersion: 3,
    owner: "Sam Driver",
    start: "c1|",
    sending: false,
    ...overrides,
  };
}

async function formIds(): Promise<string[]> {
  const db = await offlineDb();
  return (await db.getAll("forms")).map((form) => form.id).sort();
}

async function keptListOwners(): Promise<string[]> {
  const db = await offlineDb();
  return (await db.getAll("lists")).map((list) => list.owner).sort();
}

freshOfflineDbForEachTest();

describe("the rules for device copies", () => {
  it("counts a copy changed after its last save, or never saved, as unsaved work; one being sent is the outbox's", () => {
    expect(holdsUnsavedWork(copy("a"))).toBe(false);
    expect(holdsUnsavedWork(copy("a", { savedVersion: 2 }))).toBe(true);
    expect(holdsUnsavedWork(copy("a", { stored: false, savedVersion: 0 }))).toBe(true);
    expect(holdsUnsavedWork(copy("a", { savedVersion: 2, sending: true }))).toBe(false);
    expect(holdsUnsavedWork({ ...copy("a"), state: {} } as LocalForm)).toBe(true);
  });

  it("finds the form ids a waiting submission or draft save carries", () => {
    const ids = idsWaitingToSend([
      { formKey: "check-sheet:c-1", group: null },
      { formKey: null, group: "/api/timesheets/t-2" },
    ]);
    expect([...ids].sort()).toEqual(["c-1", "t-2"]);
  });

  it("prunes only copies the server has, untouched for longer than the age limit", () => {
    const old = NOW - DEVICE_COPY_MAX_AGE_MS - 1;
    const none = new Set<string>();
    expect(isStaleCopy(copy("a", { updatedAt: old }), none, NOW)).toBe(true);
    expect(isStaleCopy(copy("a", { updatedAt: NOW - DEVICE_COPY_MAX_AGE_MS }), none, NOW)).toBe(false);
    // Unsaved work, however old, stays.
    expect(isStaleCopy(copy("a", { updatedAt: old, savedVersion: 1 }), none, NOW)).toBe(false);
    expect(isStaleCopy(copy("a", { updatedAt: old, stored: false, savedVersion: 0 }), none, NOW)).toBe(false);
    // A submission the outbox finished with (sent) goes; one still waiting stays.
    expect(isStaleCopy(copy("a", { updatedAt: old, sending: true }), none, NOW)).toBe(true);
    expect(isStaleCopy(copy("a", { updatedAt: old, sending: true }), new Set(["a"]), NOW)).toBe(false);
  });
});

describe("pruning at app start", () => {
  it("removes old saved copies and old kept lists, and keeps everything unsent or recent", async () => {
    const old = NOW - 40 * DAY;
    await writeLocalForm(copy("old-saved", { updatedAt: old }));
    await writeLocalForm(copy("old-unsaved", { updatedAt: old, savedVersion: 1 }));
    await writeLocalForm(
      copy("old-anonymous", { updatedAt: old, owner: null, stored: false, savedVersion: 0 }),
    );
    await writeLocalForm(copy("old-queued", { updatedAt: old }));
    await writeLocalForm(copy("recent-saved", { updatedAt: NOW - 2 * DAY }));
    await enqueue({
      method: "PUT",
      url: "/api/timesheets/old-queued",
      body: {},
      label: "Draft",
      group: "/api/timesheets/old-queued",
      owner: null,
    });
    const db = await offlineDb();
    await db.put("lists", {
      key: "Sam|/api/timesheets",
      owner: "Sam",
      url: "/api/timesheets",
      data: [],
      savedAt: old,
    });
    await db.put("lists", {
      key: "Ann|/api/timesheets",
      owner: "Ann",
      url: "/api/timesheets",
      data: [],
      savedAt: NOW - DAY,
    });

    await pruneDeviceCopies(NOW);

    expect(await formIds()).toEqual(["old-anonymous", "old-queued", "old-unsaved", "recent-saved"]);
    expect(await keptListOwners()).toEqual(["Ann"]);
  });
});

describe("logging out", () => {
  it("counts every waiting request and the driver's own unsaved copies, once each", async () => {
    await writeLocalForm(copy("saved"));
    await writeLocalForm(copy("unsaved", { savedVersion: 1 }));
    await writeLocalForm(copy("someone-elses", { savedVersion: 1, owner: "Ann Other" }));
    // Unsaved and with its save waiting too: one thing to send, not two.
    await writeLocalForm(copy("queued", { savedVersion: 2 }));
    await enqueue({
      method: "PUT",
      url: "/api/timesheets/queued",
      body: {},
      label: "Draft",
      group: "/api/timesheets/queued",
      owner: null,
    });
    await enqueue({
      method: "POST",
      url: "/api/timesheets/complete",
      body: {},
      label: "Timesheet",
      formKey: "timesheet:sub",
      owner: null,
    });
    await writeLocalForm(copy("sub", { sending: true }));

    expect(await countUnsentWork("Sam Driver")).toBe(3);
    expect(await countUnsentWork("Nobody")).toBe(2);
  });

  it("removes the kept lists and the driver's copies the server has, and keeps unsent work and others' forms", async () => {
    await writeLocalForm(copy("saved"));
    await writeLocalForm(copy("unsaved", { savedVersion: 1 }));
    await writeLocalForm(copy("sending", { sending: true }));
    await enqueue({
      method: "POST",
      url: "/api/timesheets/complete",
      body: {},
      label: "Timesheet",
      formKey: "timesheet:sending",
      owner: null,
    });
    await writeLocalForm(copy("anonymous", { owner: null, stored: false, savedVersion: 0 }));
    await writeLocalForm(copy("ann-saved", { owner: "Ann Other" }));
    await fetchKeepingOffline("Sam Driver", "/api/timesheets", async () => [{ id: "t-1" }]);

    await clearAccountFromDevice("Sam Driver");

    expect(await formIds()).toEqual(["ann-saved", "anonymous", "sending", "unsaved"]);
    expect(await keptListOwners()).toEqual([]);
    expect(await readLocalForm("timesheet", "unsaved")).toMatchObject({ savedVersion: 1 });
  });
});
