import { messages } from "./messages";

export const ORDER_PREFIXES = ["P-", "S-", "M-"] as const;

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

/** Format-only check of an order number: it must start with P-, S- or M- after trimming and upper-casing. */
export function validateOrderNumber(raw: string): OrderNumberCheck {
  const normalized = normalizeOrderNumber(raw);
  const valid = ORDER_PREFIXES.some((prefix) => normalized.startsWith(prefix));
  return {
    valid,
    normalized,
    message: valid ? messages.orderNumberValid : messages.orderNumberInvalid,
  };
}
