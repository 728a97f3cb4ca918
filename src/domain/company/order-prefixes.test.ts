import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  checkOrderPrefixes,
  formatOrderPrefixes,
  MAX_ORDER_PREFIX_LENGTH,
  MAX_ORDER_PREFIXES,
  OrderRuleRequestSchema,
  parseOrderPrefixes,
} from "./order-prefixes";

const prefix = fc.stringMatching(/^[A-Za-z0-9/-]{1,8}$/);

describe("a company's order prefixes as its admin types them", () => {
  it("are separated by commas or spaces, upper-cased, each kept once in order", () => {
    expect(parseOrderPrefixes("PO-, HS-")).toEqual({ ok: true, prefixes: ["PO-", "HS-"] });
    expect(parseOrderPrefixes(" po-  hs- ,, PO- ")).toEqual({ ok: true, prefixes: ["PO-", "HS-"] });
    expect(parseOrderPrefixes("A/1\nb-2\t9")).toEqual({ ok: true, prefixes: ["A/1", "B-2", "9"] });
    expect(parseOrderPrefixes("P-,S-,M-")).toEqual({ ok: true, prefixes: ["P-", "S-", "M-"] });
  });

  it("need at least one", () => {
    for (const blank of ["", "   ", ", ,", "\n"]) {
      expect(parseOrderPrefixes(blank)).toMatchObject({
        ok: false,
        message: "Enter at least one prefix, for example PO-.",
      });
    }
  });

  it("are at most ten", () => {
    const ten = Array.from({ length: MAX_ORDER_PREFIXES }, (_, i) => `A${i}-`);
    expect(parseOrderPrefixes(ten.join(",")).ok).toBe(true);
    expect(parseOrderPrefixes([...ten, "B-"].join(","))).toMatchObject({
      ok: false,
      message: "Enter at most 10 prefixes.",
    });
    // The same prefix twice counts once.
    expect(parseOrderPrefixes([...ten, "a0-"].join(",")).ok).toBe(true);
  });

  it("are each at most eight characters", () => {
    expect(parseOrderPrefixes("ABCDEFGH").ok).toBe(true);
    expect(parseOrderPrefixes("PO-, ABCDEFGHI")).toMatchObject({
      ok: false,
      message: '"ABCDEFGHI" is too long: a prefix has at most 8 characters.',
    });
    // A long one is quoted back cut short.
    expect(parseOrderPrefixes("X".repeat(5000))).toMatchObject({
      ok: false,
      message: `"${"X".repeat(12)}..." is too long: a prefix has at most 8 characters.`,
    });
  });

  it("hold only letters A to Z, digits, - and /", () => {
    for (const odd of ["P*", "^P-", "P.", "(A|B)", "É-", "P_1", "ẞ", "P-\u202e"]) {
      const check = parseOrderPrefixes(odd);
      expect(check.ok, odd).toBe(false);
      if (!check.ok) expect(check.message).toMatch(/may hold only letters A to Z, digits, - and \/\.$/);
    }
    expect(parseOrderPrefixes("P*")).toEqual({
      ok: false,
      message: '"P*" may hold only letters A to Z, digits, - and /.',
      text: { key: "orderRule.prefixCharacters", params: { prefix: "P*" } },
    });
  });

  it("read back what they show", () => {
    fc.assert(
      fc.property(fc.array(prefix, { minLength: 1, maxLength: MAX_ORDER_PREFIXES }), (items) => {
        const check = checkOrderPrefixes(items);
        expect(check.ok).toBe(true);
        if (!check.ok) return;
        expect(check.prefixes).toEqual([...new Set(items.map((p) => p.toUpperCase()))]);
        expect(parseOrderPrefixes(formatOrderPrefixes(check.prefixes))).toEqual(check);
      }),
    );
  });

  it("are always stored in the rule's shape, whatever is typed", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (input) => {
        const check = parseOrderPrefixes(input);
        if (!check.ok) return;
        expect(check.prefixes.length).toBeGreaterThanOrEqual(1);
        expect(check.prefixes.length).toBeLessThanOrEqual(MAX_ORDER_PREFIXES);
        for (const p of check.prefixes)
          expect(p).toMatch(new RegExp(`^[A-Z0-9/-]{1,${MAX_ORDER_PREFIX_LENGTH}}$`));
        expect(new Set(check.prefixes).size).toBe(check.prefixes.length);
      }),
    );
  });
});

describe("the request that sets a company's order prefixes", () => {
  it("stores the checked list", () => {
    expect(OrderRuleRequestSchema.parse({ prefixes: [" po-", "HS-"] })).toEqual({ prefixes: ["PO-", "HS-"] });
  });

  it("is refused in the check's words", () => {
    const result = OrderRuleRequestSchema.safeParse({ prefixes: ["P*"] });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('"P*" may hold only letters A to Z, digits, - and /.');
    expect(OrderRuleRequestSchema.safeParse({ prefixes: [] }).success).toBe(false);
    expect(OrderRuleRequestSchema.safeParse({ prefixes: "PO-" }).success).toBe(false);
    expect(OrderRuleRequestSchema.safeParse({ prefixes: Array(101).fill("A") }).success).toBe(false);
    expect(OrderRuleRequestSchema.safeParse({ prefixes: ["A".repeat(101)] }).success).toBe(false);
  });
});
