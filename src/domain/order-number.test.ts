import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { normalizeOrderNumber, ORDER_PREFIXES, validateOrderNumber } from "./order-number";

describe("order numbers", () => {
  it("have the prefixes P-, S- and M-", () => {
    expect(ORDER_PREFIXES).toEqual(["P-", "S-", "M-"]);
  });

  it("are trimmed and upper-cased", () => {
    expect(normalizeOrderNumber("  p-1234 ")).toBe("P-1234");
  });

  it("are valid when they start with a prefix", () => {
    expect(validateOrderNumber("p-1234")).toEqual({
      valid: true,
      normalized: "P-1234",
      message: "Order number format is valid",
    });
    expect(validateOrderNumber(" s-9").valid).toBe(true);
    expect(validateOrderNumber("M-").valid).toBe(true);
  });

  it("are invalid otherwise", () => {
    for (const bad of ["", "1234", "X-12", "P12", "-P-1", "PM-1"]) {
      expect(validateOrderNumber(bad)).toMatchObject({
        valid: false,
        message: "Order number must start with P-, S-, or M-",
      });
    }
  });

  it("depend only on the normalized text", () => {
    fc.assert(
      fc.property(fc.string(), (raw) => {
        const check = validateOrderNumber(raw);
        expect(check.normalized).toBe(check.normalized.trim().toUpperCase());
        expect(validateOrderNumber(check.normalized)).toEqual(check);
        expect(check.valid).toBe(/^[PSM]-/.test(check.normalized));
      }),
    );
  });
});
