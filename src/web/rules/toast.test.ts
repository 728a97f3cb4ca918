import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  enqueueToast,
  TOAST_DURATION_MS,
  TOAST_LIMIT,
  TOAST_MAX_WIDTH_PX,
  TOAST_REMOVE_DELAY_MS,
  TOAST_SWIPE_THRESHOLD_PX,
} from "./toast";

describe("toast constants", () => {
  it("matches spec section 9", () => {
    expect(TOAST_LIMIT).toBe(1);
    expect(TOAST_DURATION_MS).toBe(5000);
    expect(TOAST_SWIPE_THRESHOLD_PX).toBe(50);
    expect(TOAST_MAX_WIDTH_PX).toBe(420);
    expect(TOAST_REMOVE_DELAY_MS).toBe(1000000);
  });
});

describe("enqueueToast", () => {
  it("replaces the visible toast with the new one", () => {
    expect(enqueueToast(["old"], "new")).toEqual(["new"]);
    expect(enqueueToast([], "first")).toEqual(["first"]);
  });

  it("keeps the newest first up to a custom limit", () => {
    expect(enqueueToast(["b", "a"], "c", 2)).toEqual(["c", "b"]);
  });

  it("never shows more than the limit and always shows the newest", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer()),
        fc.integer(),
        fc.integer({ min: 1, max: 5 }),
        (visible, toast, limit) => {
          const next = enqueueToast(visible, toast, limit);
          expect(next.length).toBeLessThanOrEqual(limit);
          expect(next[0]).toBe(toast);
        },
      ),
    );
  });

  it("does not change the list it was given", () => {
    const visible = ["a"];
    enqueueToast(visible, "b");
    expect(visible).toEqual(["a"]);
  });
});
