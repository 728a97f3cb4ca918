import { z } from "zod";
import type { ErrorText } from "../api/api-error";
import { shortened } from "../text/company-messages";
import { english } from "../text/i18n/english";

/**
 * A company's order-number rule as its admin enters it (decision record 044): a few prefixes, never a pattern.
 * Checked the same on the Company screen and by the route that stores it.
 */

export const MAX_ORDER_PREFIXES = 10;
export const MAX_ORDER_PREFIX_LENGTH = 8;

/** ASCII letters and digits, '-' and '/': what order references use, and nothing a list or a sentence trips on. */
const PREFIX_CHARACTERS = /^[A-Z0-9/-]+$/;

/** A refusal's words: in English (`message`, what the server's schema reports), and by the catalog's message. */
export type OrderPrefixesCheck =
  | { ok: true; prefixes: string[] }
  | { ok: false; message: string; text: ErrorText };

function refused(text: ErrorText): OrderPrefixesCheck {
  return { ok: false, message: english(text.key, text.params), text };
}

/**
 * The prefixes of a list as they are stored: trimmed, upper case, blanks left out, each once in the order given.
 * Refused, with the words to show, when none is left, there are too many, or one is too long or holds other
 * characters.
 */
export function checkOrderPrefixes(items: readonly string[]): OrderPrefixesCheck {
  const prefixes = [...new Set(items.map((item) => item.trim().toUpperCase()).filter((item) => item !== ""))];
  if (prefixes.length === 0) return refused({ key: "orderRule.prefixesRequired" });
  if (prefixes.length > MAX_ORDER_PREFIXES) {
    return refused({ key: "orderRule.prefixesTooMany", params: { max: MAX_ORDER_PREFIXES } });
  }
  for (const prefix of prefixes) {
    const quoted = shortened(prefix);
    if (prefix.length > MAX_ORDER_PREFIX_LENGTH) {
      return refused({
        key: "orderRule.prefixTooLong",
        params: { prefix: quoted, max: MAX_ORDER_PREFIX_LENGTH },
      });
    }
    if (!PREFIX_CHARACTERS.test(prefix)) {
      return refused({ key: "orderRule.prefixCharacters", params: { prefix: quoted } });
    }
  }
  return { ok: true, prefixes };
}

/** The admin's typing, "PO-, HS-" or "PO- HS-": prefixes are separated by commas or spaces. */
export function parseOrderPrefixes(input: string): OrderPrefixesCheck {
  return checkOrderPrefixes(input.split(/[\s,]+/));
}

/** How the admin's field shows a rule: the form it accepts back. */
export function formatOrderPrefixes(prefixes: readonly string[]): string {
  return prefixes.join(", ");
}

/**
 * PUT /api/organisations/{id}/order-rule. The sizes bound what is read before the rule's own check, which gives
 * the refusal its words.
 */
export const OrderRuleRequestSchema = z.object({
  prefixes: z
    .array(z.string().max(100))
    .max(100)
    .transform((items, ctx) => {
      const check = checkOrderPrefixes(items);
      if (check.ok) return check.prefixes;
      ctx.addIssue({ code: "custom", message: check.message });
      return z.NEVER;
    }),
});
export type OrderRuleRequest = z.input<typeof OrderRuleRequestSchema>;
