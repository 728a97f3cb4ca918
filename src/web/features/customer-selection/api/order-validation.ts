import type { ValidateOrderResponse } from "../../../../domain/company/customer";
import { apiRequest } from "../../../lib/api-client";

/** The server's check of an order number for a customer (its prefixes, its rule). */
export function validateOrder(customerId: string, orderNumber: string): Promise<ValidateOrderResponse> {
  return apiRequest<ValidateOrderResponse>(
    "POST",
    `/api/customers/${encodeURIComponent(customerId)}/validate-order`,
    { orderNumber },
  );
}
