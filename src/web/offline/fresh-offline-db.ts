import "fake-indexeddb/auto";
import { IDBFactory } from "fake-indexeddb";
import { afterEach, beforeEach, vi } from "vitest";
import { closeOfflineDb } from "./offline-db";

/** For tests: each test of the calling file starts on an empty device database, closed again after it. */
export function freshOfflineDbForEachTest(): void {
  beforeEach(async () => {
    await closeOfflineDb();
    vi.stubGlobal("indexedDB", new IDBFactory());
  });
  afterEach(async () => {
    vi.unstubAllGlobals();
    await closeOfflineDb();
  });
}
