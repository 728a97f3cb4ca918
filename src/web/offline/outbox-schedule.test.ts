import { describe, expect, it } from "vitest";
import { ApiError, InvalidResponseError, NetworkError } from "../lib/api-client";
import { PhotoUploadError } from "../lib/upload-photo";
import type { OutboxItem } from "./offline-db";
import {
  classifyFailure,
  coalesceTarget,
  isRateLimited,
  isServerFailure,
  nextAttemptAfter,
  nextStep,
  RETRY_MAX_MS,
  retryDelay,
} from "./outbox-schedule";

function item(seq: number, overrides: Partial<OutboxItem> = {}): OutboxItem {
  return {
    seq,
    method: "PUT",
    url: `/api/timesheets/${seq}`,
    body: {},
    idempotencyKey: `key-${seq}-abcdef`,
    label: `Item ${seq}`,
    group: null,
    formKey: null,
    fixUrl: null,
    createdAt: 0,
    attempts: 0,
    nextAttemptAt: 0,
    state: "waiting",
    problem: null,
    ...overrides,
  };
}

describe("retryDelay", () => {
  it("doubles from 2 s after each failed try and stops at 5 minutes", () => {
    expect([0, 1, 2, 3, 4].map(retryDelay)).toEqual([0, 2_000, 4_000, 8_000, 16_000]);
    expect(retryDelay(8)).toBe(256_000);
    expect(retryDelay(9)).toBe(RETRY_MAX_MS);
    expect(retryDelay(1000)).toBe(RETRY_MAX_MS);
  });
});

describe("classifyFailure", () => {
  const api = (status: number, body = "") => new ApiError(status, body, "");
  it("retries what signal or time can fix", () => {
    expect(classifyFailure(new NetworkError(new TypeError("Failed to fetch")))).toBe("retry");
    expect(classifyFailure(new DOMException("slow", "TimeoutError"))).toBe("retry");
    expect(classifyFailure(api(503))).toBe("retry");
    expect(classifyFailure(api(500))).toBe("retry");
    expect(classifyFailure(api(429))).toBe("retry");
    expect(classifyFailure(api(409, JSON.stringify({ code: "in_progress", message: "still running" })))).toBe(
      "retry",
    );
  });
  it("waits for a new sign-in on 401", () => {
    expect(classifyFailure(api(401))).toBe("needs-login");
  });
  it("sets aside what the server refused", () => {
    expect(classifyFailure(api(400, JSON.stringify({ code: "bad_request", message: "no" })))).toBe("refused");
    expect(classifyFailure(api(409, JSON.stringify({ code: "conflict", message: "locked" })))).toBe(
      "refused",
    );
    expect(classifyFailure(api(404))).toBe("refused");
    expect(classifyFailure(new InvalidResponseError(200))).toBe("refused");
  });
});

describe("a limit the server asks to wait for (429)", () => {
  const limited = (retryAfterMs: number | null) =>
    new ApiError(
      429,
      JSON.stringify({
        code: "rate_limited",
        message:
          "Too many forms have been emailed without an account for now. To send this one, create an account or try again in 30 minutes.",
      }),
      "Too Many Requests",
      retryAfterMs,
    );

  it("is waiting, never refused: not a failure of the server that the screen would take back", () => {
    expect(classifyFailure(limited(1_800_000))).toBe("retry");
    expect(isRateLimited(limited(1_800_000))).toBe(true);
    expect(isServerFailure(limited(1_800_000))).toBe(false);
    expect(isServerFailure(new ApiError(503, "", "Service Unavailable"))).toBe(true);
    expect(isRateLimited(new ApiError(503, "", "Service Unavailable"))).toBe(false);
  });

  it("tries again when the server said (Retry-After), not at the back-off's time", () => {
    // After one try the back-off would be 2 s; the server asked for 30 minutes.
    expect(nextAttemptAfter(limited(1_800_000), 1, 1_000)).toBe(1_000 + 1_800_000);
    // Longer than the back-off's cap of 5 minutes, too.
    expect(nextAttemptAfter(limited(3 * 3_600_000), 9, 0)).toBe(3 * 3_600_000);
    // Without Retry-After, the back-off.
    expect(nextAttemptAfter(limited(null), 3, 1_000)).toBe(1_000 + retryDelay(3));
    expect(nextAttemptAfter(new TypeError("Failed to fetch"), 2, 1_000)).toBe(1_000 + retryDelay(2));
  });

  it("reads a photo upload's limit through the upload's failure", () => {
    const upload = new PhotoUploadError("The photo could not be uploaded.", { cause: limited(60_000) });
    expect(isRateLimited(upload)).toBe(true);
    expect(nextAttemptAfter(upload, 1, 0)).toBe(60_000);
  });

  it("holds the queue until that time, then sends it", () => {
    const waiting = item(1, { nextAttemptAt: 1_800_000, waitingFor: "try again in 30 minutes" });
    expect(nextStep([waiting, item(2)], 10)).toEqual({ kind: "wait", until: 1_800_000 });
    expect(nextStep([waiting, item(2)], 1_800_000)).toEqual({ kind: "send", item: waiting });
  });
});

describe("nextStep", () => {
  it("sends the oldest due request first, whatever order the store gave", () => {
    expect(nextStep([item(3), item(1), item(2)], 10)).toEqual({ kind: "send", item: item(1) });
  });
  it("holds everything behind a request that is backing off", () => {
    expect(nextStep([item(1, { nextAttemptAt: 500 }), item(2)], 10)).toEqual({ kind: "wait", until: 500 });
  });
  it("skips refused requests but stops at one waiting for a sign-in", () => {
    expect(nextStep([item(1, { state: "refused" }), item(2)], 10)).toEqual({ kind: "send", item: item(2) });
    expect(nextStep([item(1, { state: "needs-login" }), item(2)], 10)).toEqual({ kind: "blocked" });
  });
  it("holds back only the same driver's requests behind one waiting for that driver to sign in", () => {
    const sams = { owner: "Sam Driver" };
    const held = item(1, { ...sams, state: "needs-login" });
    expect(nextStep([held, item(2, sams)], 10)).toEqual({ kind: "blocked" });
    expect(nextStep([held, item(2, sams), item(3, { owner: "Ann Other" })], 10)).toEqual({
      kind: "send",
      item: item(3, { owner: "Ann Other" }),
    });
    expect(nextStep([held, item(2, { owner: null })], 10)).toEqual({
      kind: "send",
      item: item(2, { owner: null }),
    });
    // Nothing to tell it apart by (kept before owners were recorded): everything waits, as in order.
    expect(nextStep([item(1, { state: "needs-login" }), item(2, sams)], 10)).toEqual({ kind: "blocked" });
  });
  it("is idle when nothing is left to send", () => {
    expect(nextStep([], 10)).toEqual({ kind: "idle" });
    expect(nextStep([item(1, { state: "refused" })], 10)).toEqual({ kind: "idle" });
  });
});

describe("coalesceTarget", () => {
  it("replaces the last untried save of the same draft only", () => {
    const items = [item(1, { group: "a" }), item(2, { group: "b" }), item(3, { group: "a" })];
    expect(coalesceTarget(items, "a")?.seq).toBe(3);
    expect(coalesceTarget(items, "c")).toBeNull();
    expect(coalesceTarget(items, null)).toBeNull();
  });
  it("never replaces a request that was already tried or set aside", () => {
    expect(coalesceTarget([item(1, { group: "a", attempts: 1 })], "a")).toBeNull();
    expect(coalesceTarget([item(1, { group: "a", state: "refused" })], "a")).toBeNull();
  });
});
