import { z } from "zod";
import { messages } from "../text/messages";

/** The spec's prefixes: the rule of every driver whose company has not set its own (decision record 044). */
export const ORDER_PREFIXES = ["P-", "S-", "M-"] as const;

/**
 * What an order number must start with: a company's own prefixes, or the spec's. Only prefixes, never a pattern
 * (decision record 044): each is a few letters, digits, '-' or '/', stored upper case.
 */
export interface OrderRule {
  prefixes: readonly string[];
}

export const DEFAULT_ORDER_RULE: OrderRule = { prefixes: ORDER_PREFIXES };

/** GET /api/order-rule: the rule of the signed-in account's company, the default for anyone else. */
export const OrderRuleSchema = z.object({ prefixes: z.array(z.string()).min(1) });

export type OrderValidationState = "idle" | "validating" | "valid" | "invalid";

/** What the Order Number field holds: trimmed and upper case, as the spec forces. */
export function normalizeOrderNumber(raw: string): string {
  return raw.trim().toUpperCase();
}

export interface OrderNumberCheck {
  valid: boolean;
  normalized: string;
  message: string;
}

/** Format-only check of an order number: after trimming and upper-casing it must start with one of the prefixes. */
export function validateOrderNumber(raw: string, rule: OrderRule = DEFAULT_ORDER_RULE): OrderNumberCheck {
  const normalized = normalizeOrderNumber(raw);
  const valid = rule.prefixes.some((prefix) => normalized.startsWith(prefix));
  return {
    valid,
    normalized,
    message: valid ? messages.orderNumberValid : messages.orderNumberMustStartWith(rule.prefixes),
  };
}
