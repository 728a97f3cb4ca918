import { useSearchParams } from "wouter";

/** Reads what customer selection put in the wizard's query string (see appPaths.form). */
export function useFormStart(): { customerId: string | null; orderNumber: string | null } {
  const [params] = useSearchParams();
  return { customerId: params.get("customerId"), orderNumber: params.get("orderNumber") };
}
