import { useQuery } from "@tanstack/react-query";
import type {
  RegisterLinkResponse,
  RegisterRequest,
  RegisterResponse,
  ResetPasswordConfirmRequest,
} from "../../../../domain/api/api";
import { apiRequest } from "../../../lib/api-client";

/** The emailed sign-up link: whom it is for, or why it no longer works. */
export function useSignUpLink(token: string, enabled: boolean) {
  return useQuery({
    queryKey: ["sign-up-link", token],
    enabled,
    queryFn: ({ signal }) =>
      apiRequest<RegisterLinkResponse>(
        "GET",
        `/api/drivers/register/confirm?token=${encodeURIComponent(token)}`,
        undefined,
        { signal },
      ),
  });
}

/** Asks for an account: the server mails the link that finishes it. */
export function register(request: RegisterRequest): Promise<RegisterResponse> {
  return apiRequest<RegisterResponse>("POST", "/api/drivers/register", request);
}

export function confirmPasswordReset(request: ResetPasswordConfirmRequest): Promise<unknown> {
  return apiRequest("POST", "/api/drivers/reset-password/confirm", request);
}

/** One of the account's own requests (a new password, a name, leaving), posted as the form has it. */
export function postAccountRequest(path: string, request: unknown): Promise<unknown> {
  return apiRequest("POST", path, request);
}
