import { openDB } from "idb";
import { describe, expect, it } from "vitest";
import { freshOfflineDbForEachTest } from "./fresh-offline-db";
import { offlineDb } from "./offline-db";

freshOfflineDbForEachTest();

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
