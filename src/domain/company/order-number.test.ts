import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { messages } from "../text/messages";
import {
  DEFAULT_ORDER_RULE,
  normalizeOrderNumber,
  ORDER_PREFIXES,
  type OrderRule,
  validateOrderNumber,
} from "./order-number";

const company: OrderRule = { prefixes: ["PO-", "HS-"] };

describe("order numbers", () => {
  it("have the prefixes P-, S- and M- unless a company sets its own", () => {
    expect(ORDER_PREFIXES).toEqual(["P-", "S-", "M-"]);
    expect(DEFAULT_ORDER_RULE.prefixes).toEqual(ORDER_PREFIXES);
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

  it("are invalid otherwise, in the spec's words", () => {
    for (const bad of ["", "1234", "X-12", "P12", "-P-1", "PM-1"]) {
      expect(validateOrderNumber(bad)).toMatchObject({
        valid: false,
        message: "Order number must start with P-, S-, or M-",
      });
    }
    expect(messages.orderNumberMustStartWith(ORDER_PREFIXES)).toBe(messages.orderNumberInvalid);
  });

  it("follow a company's own prefixes, worded from them", () => {
    expect(validateOrderNumber(" po-123", company)).toEqual({
      valid: true,
      normalized: "PO-123",
      message: "Order number format is valid",
    });
    expect(validateOrderNumber("HS-9", company).valid).toBe(true);
    expect(validateOrderNumber("P-123", company)).toEqual({
      valid: false,
      normalized: "P-123",
      message: "Order number must start with PO- or HS-",
    });
    expect(validateOrderNumber("X", { prefixes: ["PO-"] }).message).toBe("Order number must start with PO-");
    expect(validateOrderNumber("X", { prefixes: ["A", "B/", "C-", "D"] }).message).toBe(
      "Order number must start with A, B/, C-, or D",
    );
  });

  it("have a hint under the field that names the prefixes", () => {
    expect(messages.orderNumberHint(ORDER_PREFIXES)).toBe("Starts with P-, S-, or M-");
    expect(messages.orderNumberHint(company.prefixes)).toBe("Starts with PO- or HS-");
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

  it("are valid under any rule exactly when they start with one of its prefixes", () => {
    const prefix = fc.stringMatching(/^[A-Z0-9/-]{1,8}$/);
    fc.assert(
      fc.property(fc.array(prefix, { minLength: 1, maxLength: 10 }), fc.string(), (prefixes, raw) => {
        const rule = { prefixes };
        const check = validateOrderNumber(raw, rule);
        expect(check.valid).toBe(prefixes.some((p) => check.normalized.startsWith(p)));
        expect(check.message).toBe(
          check.valid ? messages.orderNumberValid : messages.orderNumberMustStartWith(prefixes),
        );
        // Any prefix followed by anything is accepted.
        expect(validateOrderNumber(`${prefixes[0]}${raw.trim()}`, rule).valid).toBe(true);
      }),
    );
  });
});
