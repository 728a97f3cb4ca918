import { STORAGE_KEYS } from "../../domain/forms/constants";
import { isReturnPath, parseStoredReturn, serializeReturn } from "../rules/return-after-sign-in";
import { localStore } from "./local-store";

/** Remembers the invitation a signed-out driver was looking at, to open it again once they sign in. */
export function returnAfterSignIn(path: string): void {
  if (isReturnPath(path)) localStore.set(STORAGE_KEYS.returnAfterSignIn, serializeReturn(path, Date.now()));
}

/** The page to open now that the driver has signed in, used once; null for the usual dashboard. */
export function takeReturnAfterSignIn(): string | null {
  const path = parseStoredReturn(localStore.get(STORAGE_KEYS.returnAfterSignIn), Date.now());
  localStore.remove(STORAGE_KEYS.returnAfterSignIn);
  return path;
}

/** The driver is where they were going (or joined): nothing to return to. */
export function forgetReturnAfterSignIn(): void {
  localStore.remove(STORAGE_KEYS.returnAfterSignIn);
}
