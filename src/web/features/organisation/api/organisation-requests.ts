import type { InviteResponse, JoinCodeResponse, OrganisationResponse } from "../../../../domain/api/api";
import type { WorkshopResponse } from "../../../../domain/checks/vehicle-defects";
import type { ImportPreview, ImportResult } from "../../../../domain/company/list-import";
import type { OrderRule } from "../../../../domain/company/order-number";
import type { Role } from "../../../../domain/company/organisation";
import type { HireTerms } from "../../../../domain/hire/chargeable-hours";
import type { Locale } from "../../../../domain/text/i18n/locales";
import { apiRequest } from "../../../lib/api-client";

// The company's changes as the server takes them; what each screen reads again afterwards stays with the screen.

export function createCompany(request: unknown): Promise<OrganisationResponse> {
  return apiRequest<OrganisationResponse>("POST", "/api/organisations", request);
}

export function leaveCompany(organisationId: string): Promise<void> {
  return apiRequest<void>("POST", `/api/organisations/${organisationId}/leave`);
}

export function changeMemberRole(organisationId: string, accountId: string, role: Role): Promise<void> {
  return apiRequest<void>("PUT", `/api/organisations/${organisationId}/members/${accountId}`, { role });
}

export function removeMember(organisationId: string, accountId: string): Promise<void> {
  return apiRequest<void>("DELETE", `/api/organisations/${organisationId}/members/${accountId}`);
}

export function inviteByEmail(organisationId: string, request: unknown): Promise<InviteResponse> {
  return apiRequest<InviteResponse>("POST", `/api/organisations/${organisationId}/invites`, request);
}

export function revokeInvite(organisationId: string, inviteId: string): Promise<void> {
  return apiRequest<void>("DELETE", `/api/organisations/${organisationId}/invites/${inviteId}`);
}

export function makeJoinCode(organisationId: string, role: Role): Promise<JoinCodeResponse> {
  return apiRequest<JoinCodeResponse>("POST", `/api/organisations/${organisationId}/join-codes`, { role });
}

export function addCustomer(organisationId: string, customer: unknown): Promise<unknown> {
  return apiRequest("POST", `/api/organisations/${organisationId}/customers`, customer);
}

export function saveCustomer(organisationId: string, customerId: string, changed: unknown): Promise<unknown> {
  return apiRequest("PUT", `/api/organisations/${organisationId}/customers/${customerId}`, changed);
}

export function retireCustomer(
  organisationId: string,
  customerId: string,
  retired: boolean,
): Promise<unknown> {
  return apiRequest("PUT", `/api/organisations/${organisationId}/customers/${customerId}/retired`, {
    retired,
  });
}

export function addVehicle(organisationId: string, vehicle: unknown): Promise<unknown> {
  return apiRequest("POST", `/api/organisations/${organisationId}/vehicles`, vehicle);
}

const vehicleUrl = (organisationId: string, qrCode: string) =>
  `/api/organisations/${organisationId}/vehicles/${encodeURIComponent(qrCode)}`;

export function saveVehicle(organisationId: string, qrCode: string, changed: unknown): Promise<unknown> {
  return apiRequest("PUT", vehicleUrl(organisationId, qrCode), changed);
}

export function retireVehicle(organisationId: string, qrCode: string, retired: boolean): Promise<unknown> {
  return apiRequest("PUT", `${vehicleUrl(organisationId, qrCode)}/retired`, { retired });
}

export function markDefectFixed(
  organisationId: string,
  defectId: string,
  request: unknown,
): Promise<unknown> {
  return apiRequest("POST", `/api/organisations/${organisationId}/defects/${defectId}/fixed`, request);
}

export function saveWorkshop(organisationId: string, request: unknown): Promise<WorkshopResponse> {
  return apiRequest<WorkshopResponse>("PUT", `/api/organisations/${organisationId}/workshop`, request);
}

export function resendWorkshopLink(organisationId: string): Promise<WorkshopResponse> {
  return apiRequest<WorkshopResponse>("POST", `/api/organisations/${organisationId}/workshop/link`);
}

/** `list` is the list's path under the company: vehicles or customers. */
const importUrl = (organisationId: string, list: string) =>
  `/api/organisations/${organisationId}/${list}/import`;

export function previewListImport(organisationId: string, list: string, file: Blob): Promise<ImportPreview> {
  return apiRequest<ImportPreview>("POST", `${importUrl(organisationId, list)}/preview`, file);
}

/** Imports the file only if it is still the one previewed (its fingerprint). */
export function importList(
  organisationId: string,
  list: string,
  fingerprint: string,
  file: Blob,
): Promise<ImportResult> {
  return apiRequest<ImportResult>(
    "POST",
    `${importUrl(organisationId, list)}?expect=${encodeURIComponent(fingerprint)}`,
    file,
  );
}

export function removeSamples(organisationId: string): Promise<unknown> {
  return apiRequest("DELETE", `/api/organisations/${organisationId}/samples`);
}

export function saveOrderRule(organisationId: string, prefixes: readonly string[]): Promise<OrderRule> {
  return apiRequest<OrderRule>("PUT", `/api/organisations/${organisationId}/order-rule`, { prefixes });
}

export function saveCompanyLanguage(organisationId: string, language: Locale): Promise<OrganisationResponse> {
  return apiRequest<OrganisationResponse>("PUT", `/api/organisations/${organisationId}/language`, {
    language,
  });
}

export function saveHireTerms(organisationId: string, terms: HireTerms): Promise<OrganisationResponse> {
  return apiRequest<OrganisationResponse>("PUT", `/api/organisations/${organisationId}/hire-terms`, terms);
}

export function saveHireDesk(
  organisationId: string,
  accountId: string | null,
): Promise<OrganisationResponse> {
  return apiRequest<OrganisationResponse>("PUT", `/api/organisations/${organisationId}/hire-desk`, {
    accountId,
  });
}

const webhookUrl = (organisationId: string) => `/api/organisations/${organisationId}/webhook`;

export function saveWebhook(organisationId: string, url: string): Promise<{ url: string; secret?: string }> {
  return apiRequest<{ url: string; secret?: string }>("PUT", webhookUrl(organisationId), { url });
}

export function removeWebhook(organisationId: string): Promise<void> {
  return apiRequest<void>("DELETE", webhookUrl(organisationId));
}

export function rotateWebhookSecret(organisationId: string): Promise<{ secret: string }> {
  return apiRequest<{ secret: string }>("POST", `${webhookUrl(organisationId)}/rotate-secret`);
}

export function resendWebhookCall(organisationId: string, deliveryId: string): Promise<void> {
  return apiRequest<void>("POST", `${webhookUrl(organisationId)}/deliveries/${deliveryId}/resend`);
}
