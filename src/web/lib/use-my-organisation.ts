import { type QueryClient, QueryClientContext, QueryObserver, useQuery } from "@tanstack/react-query";
import { useContext, useEffect, useState } from "react";
import type { MyOrganisationResponse, OrganisationResponse } from "../../domain/api/api";
import { getQueryFn } from "./api-client";
import { FRESH_LIST } from "./query-client";
import { useOwner } from "./session-store";

/** The signed-in account's company, or null for an individual driver; its members join from their own phones. */
export const myOrganisationQueryKey = ["/api/organisations/mine"] as const;

export function useMyOrganisation() {
  return useQuery({
    queryKey: myOrganisationQueryKey,
    queryFn: getQueryFn<MyOrganisationResponse>({ on401: "throw" }),
    ...FRESH_LIST,
  });
}

/** After joining or making a company: what the server answered is the account's company now. */
export function setMyOrganisation(queryClient: QueryClient, organisation: OrganisationResponse | null): void {
  queryClient.setQueryData<MyOrganisationResponse>(myOrganisationQueryKey, { organisation });
}

export function refreshMyOrganisation(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: myOrganisationQueryKey });
}

/**
 * The name of the company the signed-in account belongs to: its forms go to that office ("Submit to office") and
 * its screens speak the company's words (decision record 040). Null while signed out, not yet known, or on a
 * screen drawn before the app's query client is there (a first visit's form): such a screen asks again once it is.
 */
export function useCompanyName(): string | null {
  const client = useContext(QueryClientContext);
  const owner = useOwner();
  const [name, setName] = useState<string | null>(null);
  useEffect(() => {
    if (!client || owner === null) {
      setName(null);
      return;
    }
    const observer = new QueryObserver(client, {
      queryKey: myOrganisationQueryKey,
      queryFn: getQueryFn<MyOrganisationResponse>({ on401: "throw" }),
      ...FRESH_LIST,
    });
    const update = (result: { data?: MyOrganisationResponse | null }) =>
      setName(result.data?.organisation?.name ?? null);
    update(observer.getCurrentResult());
    return observer.subscribe(update);
  }, [client, owner]);
  return owner === null ? null : name;
}

/** Whether the signed-in account belongs to a company (see `useCompanyName`). */
export function useIsCompanyMember(): boolean {
  return useCompanyName() !== null;
}
