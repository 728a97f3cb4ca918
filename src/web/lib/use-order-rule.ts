import { type QueryClient, useQuery } from "@tanstack/react-query";
import type { OrderRule } from "../../domain/company/order-number";
import { ORDER_RULE_URL } from "../offline/cache-names";

/**
 * The order-number rule of the signed-in account's company (the spec's P-, S-, M- for anyone else): undefined
 * until it is known, when the screen leaves the check to the server.
 */
export function useOrderRule(): OrderRule | undefined {
  return useQuery<OrderRule>({ queryKey: [ORDER_RULE_URL] }).data;
}

/** After the admin sets the company's rule: this device's copy is the new one. */
export function setOrderRule(queryClient: QueryClient, rule: OrderRule): void {
  queryClient.setQueryData<OrderRule>([ORDER_RULE_URL], rule);
}
