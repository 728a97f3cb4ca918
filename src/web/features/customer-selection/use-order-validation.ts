import { useCallback, useRef, useState } from "react";
import {
  type OrderRule,
  type OrderValidationState,
  validateOrderNumber,
} from "../../../domain/company/order-number";
import { messages } from "../../../domain/text/messages";
import { validateOrder } from "./api/order-validation";

export interface OrderValidation {
  state: OrderValidationState;
  /** The valid/invalid message shown under the field; null while idle or validating. */
  message: string | null;
  /** Set when the check itself failed (no signal, server error); the number is then neither valid nor invalid. */
  failure: string | null;
  /** The number that was confirmed, as the server saw it (trimmed, upper case). */
  validatedNumber: string | null;
}

const idle: OrderValidation = { state: "idle", message: null, failure: null, validatedNumber: null };

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
    if (rule && !local.valid) {
      setValidation({ state: "invalid", message: local.message, failure: null, validatedNumber: null });
      return;
    }
    setValidation({ state: "validating", message: null, failure: null, validatedNumber: null });
    try {
      const answer = await validateOrder(customerId, local.normalized);
      if (run !== latest.current) return;
      setValidation({
        state: answer.valid ? "valid" : "invalid",
        message: answer.message,
        failure: null,
        validatedNumber: answer.valid ? local.normalized : null,
      });
    } catch (error) {
      if (run !== latest.current) return;
      console.warn("Order number validation failed", error);
      setValidation({ ...idle, failure: messages.orderValidationFailed });
    }
  }, []);

  return { validation, validate, reset };
}
