import { type QueryClient, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  InviteViewResponse,
  OpenInvitesResponse,
  OrganisationResponse,
  WorkshopLinkResponse,
} from "../../../../domain/api/api";
import type { FleetResponse } from "../../../../domain/checks/vehicle-defects";
import type { CompanyCustomersResponse } from "../../../../domain/company/company-lists";
import type { WebhookView } from "../../../../domain/company/webhook";
import { apiRequest, getQueryFn } from "../../../lib/api-client";
import { FRESH_LIST } from "../../../lib/query-client";
import { forgetReturnAfterSignIn } from "../../../lib/return-after-sign-in";
import { setMyOrganisation } from "../../../lib/use-my-organisation";

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

const webhookKey = (organisationId: string) => ["/api/organisations", organisationId, "webhook"];

/** The company's webhook, or null when it has none (admins only). */
export function useWebhook(organisationId: string) {
  return useQuery({
    queryKey: webhookKey(organisationId),
    queryFn: getQueryFn<{ webhook: WebhookView | null }>({ on401: "throw" }),
  });
}

export function refreshWebhook(queryClient: QueryClient, organisationId: string): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: webhookKey(organisationId) });
}

/** The invitation an emailed link or a join code names, read before the driver joins. */
export function useInvite(token: string, enabled: boolean) {
  return useQuery({
    queryKey: ["invite", token],
    enabled,
    queryFn: ({ signal }) =>
      apiRequest<InviteViewResponse>("GET", `/api/invites?token=${encodeURIComponent(token)}`, undefined, {
        signal,
      }),
  });
}

/** Joining: the company the server answers is the account's company from now on. */
export function useAcceptInvite(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<OrganisationResponse>("POST", "/api/invites/accept", { token }),
    onSuccess: (joined) => {
      forgetReturnAfterSignIn();
      setMyOrganisation(queryClient, joined);
    },
  });
}

/** The workshop's emailed link: which company asks it to take its defects. */
export function useWorkshopLink(token: string, enabled: boolean) {
  return useQuery({
    queryKey: ["workshop-link", token],
    enabled,
    queryFn: ({ signal }) =>
      apiRequest<WorkshopLinkResponse>(
        "GET",
        `/api/workshop-confirmation?token=${encodeURIComponent(token)}`,
        undefined,
        { signal },
      ),
  });
}

export function useConfirmWorkshop(token: string) {
  return useMutation({
    mutationFn: () => apiRequest<WorkshopLinkResponse>("POST", "/api/workshop-confirmation", { token }),
  });
}
