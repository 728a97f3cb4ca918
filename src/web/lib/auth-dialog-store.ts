import { useSyncExternalStore } from "react";

/**
 * Which account dialog is open. The buttons that open them (header, banner, Login Required, the reset page)
 * live in several features, while the dialogs are mounted once at the app root; this store is the link.
 */
export type AuthDialogView = "login" | "register" | "reset-password";

export interface AuthDialogState {
  view: AuthDialogView | null;
  /** An address already typed elsewhere (e.g. in the login form before Forgot Password), to save retyping. */
  email: string;
}

const closed: AuthDialogState = { view: null, email: "" };
let state: AuthDialogState = closed;
const listeners = new Set<() => void>();

function publish(next: AuthDialogState): void {
  state = next;
  for (const listener of listeners) listener();
}

export function openAuthDialog(view: AuthDialogView, email = ""): void {
  publish({ view, email });
}

export function closeAuthDialog(): void {
  publish(closed);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function getState(): AuthDialogState {
  return state;
}

export function useAuthDialog(): AuthDialogState {
  return useSyncExternalStore(subscribe, getState, getState);
}
