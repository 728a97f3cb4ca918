import { useQuery } from "@tanstack/react-query";
import type { MyOrganisationResponse } from "../../domain/api/api";
import type { AccountValues } from "../rules/form-prefill";
import { getQueryFn } from "./api-client";
import { useSession } from "./session-store";

/** The same query as the Company screen's: the account's company, or null for a driver on their own. */
const MY_ORGANISATION_KEY = ["/api/organisations/mine"] as const;

/**
 * The signed-in driver's name and company, for a new form to start with. `settling` while the company is being
 * asked for; without signal the question waits, and the form starts without it rather than waiting too.
 */
export function useAccountValues(): { values: AccountValues; settling: boolean } {
  const session = useSession();
  const organisation = useQuery({
    queryKey: MY_ORGANISATION_KEY,
    queryFn: getQueryFn<MyOrganisationResponse>({ on401: "returnNull" }),
    enabled: session !== null,
  });
  return {
    values: {
      driverName: session?.driverName ?? null,
      companyName: organisation.data?.organisation?.name ?? null,
    },
    settling: session !== null && organisation.isPending && organisation.fetchStatus === "fetching",
  };
}
