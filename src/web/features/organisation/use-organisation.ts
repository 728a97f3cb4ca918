import { type QueryClient, useQuery } from "@tanstack/react-query";
import type { MyOrganisationResponse, OpenInvitesResponse, OrganisationResponse } from "../../../domain/api";
import type { CompanyCustomersResponse } from "../../../domain/company-lists";
import type { FleetResponse } from "../../../domain/vehicle-defects";
import { getQueryFn } from "../../lib/api-client";
import { FRESH_LIST } from "../../lib/query-client";

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

const openInvitesKey = (organisationId: string) => ["/api/organisations", organisationId, "invites"];

/** The company's invitations and join codes that still let someone in (admins only). */
export function useOpenInvites(organisationId: string) {
  return useQuery({
    queryKey: openInvitesKey(organisationId),
    queryFn: getQueryFn<OpenInvitesResponse>({ on401: "throw" }),
    ...FRESH_LIST,
  });
}

export function refreshOpenInvites(queryClient: QueryClient, organisationId: string): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: openInvitesKey(organisationId) });
}

const fleetKey = (organisationId: string) => ["/api/organisations", organisationId, "fleet"];

/** The fleet the company uses, with each vehicle's defects (supervisors and admins). */
export function useFleet(organisationId: string) {
  return useQuery({
    queryKey: fleetKey(organisationId),
    queryFn: getQueryFn<FleetResponse>({ on401: "throw" }),
    // Defects come in from drivers' phones all day.
    ...FRESH_LIST,
  });
}

export function refreshFleet(queryClient: QueryClient, organisationId: string): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: fleetKey(organisationId) });
}

const companyCustomersKey = (organisationId: string) => ["/api/organisations", organisationId, "customers"];

/** The company's customers, retired ones too (admins only). */
export function useCompanyCustomers(organisationId: string) {
  return useQuery({
    queryKey: companyCustomersKey(organisationId),
    queryFn: getQueryFn<CompanyCustomersResponse>({ on401: "throw" }),
  });
}

/** After a change of the company's customers: its admin's list, and the list its drivers pick from. */
export async function refreshCustomers(queryClient: QueryClient, organisationId: string): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: companyCustomersKey(organisationId) }),
    queryClient.invalidateQueries({ queryKey: ["/api/customers"] }),
  ]);
}
