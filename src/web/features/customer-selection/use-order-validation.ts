import { useCallback, useRef, useState } from "react";
import {
  type OrderRule,
  type OrderValidationState,
  validateOrderNumber,
} from "../../../domain/company/order-number";
import { validateOrder } from "./api/order-validation";

export interface OrderValidation {
  state: OrderValidationState;
  /**
   * The valid/invalid message as the check gave it, in English; null while idle or validating. The screen says it
   * in the reader's language, from the state and the rule.
   */
  message: string | null;
  /** The prefixes the number was checked against, when the rule was known: what an invalid number must start with. */
  prefixes: readonly string[] | null;
  /** The check itself failed (no signal, server error); the number is then neither valid nor invalid. */
  failed: boolean;
  /** The number that was confirmed, as the server saw it (trimmed, upper case). */
  validatedNumber: string | null;
}

const idle: OrderValidation = {
  state: "idle",
  message: null,
  prefixes: null,
  failed: false,
  validatedNumber: null,
};

/**
 * The order-number check of customer selection: the company's format rule first (no round trip for an obvious
 * mistake), then the server's confirmation for the chosen customer. Without the rule yet, the server decides.
 */
export function useOrderValidation() {
  const [validation, setValidation] = useState<OrderValidation>(idle);
  // Each check gets a number; an answer that arrives after a reset or a newer check is ignored.
  const latest = useRef(0);

  const reset = useCallback(() => {
    latest.current += 1;
    setValidation(idle);
  }, []);

  const validate = useCallback(async (customerId: string, rawOrderNumber: string, rule?: OrderRule) => {
    const run = ++latest.current;
    const local = validateOrderNumber(rawOrderNumber, rule);
    const prefixes = rule?.prefixes ?? null;
    if (rule && !local.valid) {
      setValidation({
        state: "invalid",
        message: local.message,
        prefixes,
        failed: false,
        validatedNumber: null,
      });
      return;
    }
    setValidation({ ...idle, state: "validating" });
    try {
      const answer = await validateOrder(customerId, local.normalized);
      if (run !== latest.current) return;
      setValidation({
        state: answer.valid ? "valid" : "invalid",
        message: answer.message,
        prefixes,
        failed: false,
        validatedNumber: answer.valid ? local.normalized : null,
      });
    } catch (error) {
      if (run !== latest.current) return;
      console.warn("Order number validation failed", error);
      setValidation({ ...idle, failed: true });
    }
  }, []);

  return { validation, validate, reset };
}
