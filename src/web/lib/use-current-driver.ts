import { useQuery } from "@tanstack/react-query";
import type { LoginResponse } from "../../domain/api/api";
import { getQueryFn } from "./api-client";
import { useSession } from "./session-store";

/** The signed-in account as the server knows it; login and register answer with the same shape. */
export const currentDriverQueryKey = ["/api/drivers/me"] as const;

/**
 * Name and email of the signed-in driver. A 401 while this device still thinks it is signed in means the
 * server's cookie is gone (expired, signed out by a password reset, or cleared): the API client then ends the
 * local session too, asking to log in again over the screen (session-store's expireSession).
 */
export function useCurrentDriver() {
  const session = useSession();
  const query = useQuery({
    queryKey: currentDriverQueryKey,
    queryFn: getQueryFn<LoginResponse>({ on401: "returnNull" }),
    enabled: session !== null,
  });
  return query;
}
