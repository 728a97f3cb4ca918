import { describe, expect, it } from "vitest";
import { sentBackOf, sentBackReasons } from "./sent-back";

const at = "2025-06-20T09:00:00.000Z";

describe("a form sent back", () => {
  it("reads the reason and when from a form answer", () => {
    expect(sentBackOf({ id: "a", sentBack: { reason: "Wrong plant", at } })).toEqual({
      reason: "Wrong plant",
      at,
    });
  });

  it("is null for a form never sent back, a blank reason or something else", () => {
    expect(sentBackOf({ id: "a" })).toBeNull();
    expect(sentBackOf({ sentBack: null })).toBeNull();
    expect(sentBackOf({ sentBack: { reason: "  ", at } })).toBeNull();
    expect(sentBackOf({ sentBack: { reason: 5, at } })).toBeNull();
    expect(sentBackOf(null)).toBeNull();
    expect(sentBackOf("sentBack")).toBeNull();
  });

  it("gives a set's reasons once each, in order", () => {
    const forms = [
      { sentBack: { reason: "Check the hours", at } },
      {},
      { sentBack: { reason: "Check the hours", at } },
      { sentBack: { reason: "Sign Tuesday", at } },
    ];
    expect(sentBackReasons(forms)).toEqual(["Check the hours", "Sign Tuesday"]);
    expect(sentBackReasons([])).toEqual([]);
  });
});
