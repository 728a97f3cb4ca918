import { useQuery } from "@tanstack/react-query";
import type { CustomerChoice } from "../../domain/company/customer";

/**
 * The customer list, shared by customer selection and the wizard headers through one cache entry. For a signed-in
 * driver each customer carries the order number they last gave it.
 */
export function useCustomers() {
  return useQuery<CustomerChoice[]>({ queryKey: ["/api/customers"] });
}
