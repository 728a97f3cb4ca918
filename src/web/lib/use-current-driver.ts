import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import type { LoginResponse } from "../../domain/api";
import { getQueryFn } from "./api-client";
import { endSession, useSession } from "./session-store";

/** The signed-in account as the server knows it; login and register answer with the same shape. */
export const currentDriverQueryKey = ["/api/drivers/me"] as const;

/**
 * Name and email of the signed-in driver. A 401 while this device still thinks it is signed in means the
 * server's cookie is gone (expired, signed out by a password reset, or cleared), so the local session ends too.
 */
export function useCurrentDriver() {
  const session = useSession();
  const query = useQuery({
    queryKey: currentDriverQueryKey,
    queryFn: getQueryFn<LoginResponse>({ on401: "returnNull" }),
    enabled: session !== null,
  });
  const signedOutOnServer = session !== null && query.data === null;
  useEffect(() => {
    if (signedOutOnServer) endSession("expired");
  }, [signedOutOnServer]);
  return query;
}
