import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError, NetworkError } from "../lib/api-client";
import { freshOfflineDbForEachTest } from "./fresh-offline-db";
import { fetchKeepingOffline, findKeptForm, forgetOtherAccounts } from "./kept-lists";

const offline = async (): Promise<never> => {
  throw new NetworkError(new TypeError("Failed to fetch"));
};

freshOfflineDbForEachTest();
beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date("2025-06-07T08:00:00Z"));
});
afterEach(() => {
  vi.useRealTimers();
});

describe("lists kept for reading offline", () => {
  it("answers fresh with signal, and with the copy from that time without", async () => {
    const fetchedAt = Date.now();
    const fresh = await fetchKeepingOffline("Sam", "/api/timesheets", async () => [{ id: "t-1" }]);
    expect(fresh).toEqual({ data: [{ id: "t-1" }], keptAt: null });

    vi.setSystemTime(fetchedAt + 60_000);
    const kept = await fetchKeepingOffline("Sam", "/api/timesheets", offline);
    expect(kept).toEqual({ data: [{ id: "t-1" }], keptAt: fetchedAt });
  });

  it("shows a driver only their own lists", async () => {
    await fetchKeepingOffline("Sam", "/api/timesheets", async () => [{ id: "t-1" }]);
    await expect(fetchKeepingOffline("Ann", "/api/timesheets", offline)).rejects.toBeInstanceOf(NetworkError);
    await expect(fetchKeepingOffline(null, "/api/timesheets", offline)).rejects.toBeInstanceOf(NetworkError);
  });

  it("keeps nothing without a signed-in driver, and passes on failures other than no signal", async () => {
    await fetchKeepingOffline(null, "/api/timesheets", async () => [{ id: "t-1" }]);
    await expect(fetchKeepingOffline("Sam", "/api/timesheets", offline)).rejects.toBeInstanceOf(NetworkError);

    await fetchKeepingOffline("Sam", "/api/timesheets", async () => [{ id: "t-1" }]);
    const refused = new ApiError(401, "Not signed in", "Unauthorized");
    await expect(
      fetchKeepingOffline("Sam", "/api/timesheets", async () => {
        throw refused;
      }),
    ).rejects.toBe(refused);
  });

  it("finds a form of either list by id, for the driver who fetched it", async () => {
    await fetchKeepingOffline("Sam", "/api/timesheets", async () => [{ id: "t-1", plantNumber: "EX-1" }]);
    await fetchKeepingOffline("Sam", "/api/check-sheets", async () => [{ id: "c-1", plantNumber: "EX-2" }]);
    expect(await findKeptForm("Sam", "c-1")).toEqual({
      type: "check-sheet",
      form: { id: "c-1", plantNumber: "EX-2" },
      keptAt: Date.now(),
    });
    expect(await findKeptForm("Sam", "t-1")).toMatchObject({ type: "timesheet" });
    expect(await findKeptForm("Sam", "x")).toBeNull();
    expect(await findKeptForm("Ann", "t-1")).toBeNull();
  });

  it("forgets the lists of every other account when a driver signs in", async () => {
    await fetchKeepingOffline("Sam", "/api/timesheets", async () => [{ id: "t-1" }]);
    await fetchKeepingOffline("Ann", "/api/timesheets", async () => [{ id: "t-2" }]);
    await forgetOtherAccounts("Ann");
    expect(await findKeptForm("Sam", "t-1")).toBeNull();
    expect(await findKeptForm("Ann", "t-2")).not.toBeNull();
  });
});
