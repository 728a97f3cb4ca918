import { createValueStore } from "./value-store";

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
const store = createValueStore<AuthDialogState>(closed);

export function openAuthDialog(view: AuthDialogView, email = ""): void {
  store.set({ view, email });
}

export function closeAuthDialog(): void {
  store.set(closed);
}

export function useAuthDialog(): AuthDialogState {
  return store.useValue();
}
