import "fake-indexeddb/auto";
import { IDBFactory } from "fake-indexeddb";
import { openDB } from "idb";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { closeOfflineDb, offlineDb } from "./offline-db";

beforeEach(async () => {
  await closeOfflineDb();
  vi.stubGlobal("indexedDB", new IDBFactory());
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await closeOfflineDb();
});

describe("the device's database", () => {
  it("keeps forms and waiting requests of the first version when it gains the kept lists", async () => {
    const first = await openDB("plant-sheets", 1, {
      upgrade(db) {
        db.createObjectStore("forms", { keyPath: "key" }).createIndex("byKind", "kind");
        db.createObjectStore("outbox", { keyPath: "seq", autoIncrement: true });
      },
    });
    await first.put("forms", { key: "timesheet:t-1", kind: "timesheet", id: "t-1" });
    await first.add("outbox", { url: "/api/timesheets" });
    first.close();

    const db = await offlineDb();
    expect(await db.get("forms", "timesheet:t-1")).toMatchObject({ id: "t-1" });
    expect(await db.count("outbox")).toBe(1);
    expect(await db.count("lists")).toBe(0);
  });
});
