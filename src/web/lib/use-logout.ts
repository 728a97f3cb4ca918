import { useQueryClient } from "@tanstack/react-query";
import { useLocation } from "wouter";
import { apiRequest } from "./api-client";
import { appPaths } from "./app-paths";
import { currentOwner, endSession } from "./session-store";

/** A dead connection must not keep a driver from logging out; the server's cookie expires by itself. */
const LOGOUT_REPLY_WAIT_MS = 10_000;
/** Nor may a wedged IndexedDB. */
const CLEAR_DEVICE_WAIT_MS = 3_000;

/**
 * What the account left on this device for reading offline goes with it, so the next person on a shared
 * phone sees none of it; work not sent yet stays (device-copies.ts).
 */
async function clearAccountFromDevice(owner: string): Promise<void> {
  try {
    const copies = await import("../offline/device-copies");
    await Promise.race([
      copies.clearAccountFromDevice(owner),
      new Promise((resolve) => setTimeout(resolve, CLEAR_DEVICE_WAIT_MS)),
    ]);
  } catch (error) {
    console.warn("Could not clear the account's copies from this device", error);
  }
}

/**
 * Logout as the spec has it: the server session ends, local account state is cleared and the Timesheet tab
 * shows. The call is awaited (briefly) so its cookie-clearing reply cannot land after a quick next login.
 */
export function useLogout(): () => Promise<void> {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  return async () => {
    const owner = currentOwner();
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
    if (owner !== null) await clearAccountFromDevice(owner);
    navigate(appPaths.home("timesheet"));
  };
}
