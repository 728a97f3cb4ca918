import { useQueryClient } from "@tanstack/react-query";
import { useLocation } from "wouter";
import { apiRequest } from "./api-client";
import { appPaths } from "./app-paths";
import { endSession } from "./session-store";

/** A dead connection must not keep a driver from logging out; the server's cookie expires by itself. */
const LOGOUT_REPLY_WAIT_MS = 10_000;

/**
 * Logout as the spec has it: the server session ends, local account state is cleared and the Timesheet tab
 * shows. The call is awaited (briefly) so its cookie-clearing reply cannot land after a quick next login.
 */
export function useLogout(): () => Promise<void> {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  return async () => {
    try {
      await apiRequest<void>("POST", "/api/drivers/logout", undefined, {
        signal: AbortSignal.timeout(LOGOUT_REPLY_WAIT_MS),
      });
    } catch (error) {
      // Signed out on this device either way; the reason only matters to whoever reads the console.
      console.warn("Logout request failed", error);
    }
    endSession("logout");
    queryClient.clear();
    navigate(appPaths.home("timesheet"));
  };
}
