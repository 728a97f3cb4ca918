import { type QueryClient, QueryClientContext, QueryObserver, useQuery } from "@tanstack/react-query";
import { useContext, useEffect, useState } from "react";
import type { MyOrganisationResponse, OrganisationResponse } from "../../domain/api/api";
import type { HireTerms } from "../../domain/hire/chargeable-hours";
import type { Locale } from "../../domain/text/i18n/locales";
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
 * The company the signed-in account belongs to, as the server last told: its forms go to that office ("Submit to
 * office") and its screens speak the company's words (decision record 040). Null while signed out, not yet known,
 * or on a screen drawn before the app's query client is there (a first visit's form): such a screen asks again
 * once it is.
 */
function useCompany(): OrganisationResponse | null {
  const client = useContext(QueryClientContext);
  const owner = useOwner();
  const [company, setCompany] = useState<OrganisationResponse | null>(null);
  useEffect(() => {
    if (!client || owner === null) {
      setCompany(null);
      return;
    }
    const observer = new QueryObserver(client, {
      queryKey: myOrganisationQueryKey,
      queryFn: getQueryFn<MyOrganisationResponse>({ on401: "throw" }),
      ...FRESH_LIST,
    });
    const update = (result: { data?: MyOrganisationResponse | null }) =>
      setCompany(result.data?.organisation ?? null);
    update(observer.getCurrentResult());
    return observer.subscribe(update);
  }, [client, owner]);
  return owner === null ? null : company;
}

/** The name of the company the signed-in account belongs to (see `useCompany`). */
export function useCompanyName(): string | null {
  return useCompany()?.name ?? null;
}

/** The language the signed-in account's company works in, which a client's copy defaults to (see `useCompany`). */
export function useCompanyLanguage(): Locale | null {
  return useCompany()?.language ?? null;
}

/** The hire terms of the signed-in account's company, which its timesheets are charged under (see `useCompany`). */
export function useCompanyHireTerms(): HireTerms | null {
  return useCompany()?.hireTerms ?? null;
}

/** Whether the signed-in account belongs to a company (see `useCompanyName`). */
export function useIsCompanyMember(): boolean {
  return useCompanyName() !== null;
}
