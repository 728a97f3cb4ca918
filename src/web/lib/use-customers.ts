import { useQuery } from "@tanstack/react-query";
import type { Customer } from "../../domain/customer";

/** The customer list, shared by customer selection and the wizard headers through one cache entry. */
export function useCustomers() {
  return useQuery<Customer[]>({ queryKey: ["/api/customers"] });
}
