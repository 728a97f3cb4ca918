import { english } from "../text/i18n/english";
import type { Translator } from "../text/i18n/translate";

/** Words a problem in the reader's language; English (the spec's wording) unless a screen passes its own. */
export type Wording = Translator["t"];

export const MIN_PASSWORD_LENGTH = 6;

/** Passwords are never trimmed (spaces may be part of one); a field is filled when it holds anything. */
function filled(value: string | null | undefined): boolean {
  return typeof value === "string" && value.length > 0;
}

/** Characters as a person counts them: an emoji is one, not two UTF-16 units. */
function characterCount(value: string): number {
  return [...value].length;
}

/** Text fields such as names and emails are filled when something other than spaces is there. */
function filledText(value: string | null | undefined): boolean {
  return typeof value === "string" && value.trim().length > 0;
}

export interface ChangePasswordFields {
  current: string;
  new: string;
  confirm: string;
}

/** Spec section 5, in its order: all three fields, then the confirmation, then the length. */
export function validateChangePassword(fields: ChangePasswordFields, t: Wording = english): string | null {
  if (!filled(fields.current)) return t("auth.passwordFieldsRequired");
  return validateNewPassword(fields, t);
}

/**
 * A new password and its confirmation, as a reset link asks for them: the change-password rules without
 * the current password, which the link stands in for.
 */
export function validateNewPassword(
  fields: Omit<ChangePasswordFields, "current">,
  t: Wording = english,
): string | null {
  if (!filled(fields.new) || !filled(fields.confirm)) return t("auth.passwordFieldsRequired");
  if (fields.new !== fields.confirm) return t("auth.passwordMismatch");
  if (characterCount(fields.new) < MIN_PASSWORD_LENGTH) return t("auth.passwordTooShort");
  return null;
}

export function validateLogin(
  fields: { email: string; password: string },
  t: Wording = english,
): string | null {
  if (!filledText(fields.email) || !filled(fields.password)) return t("auth.loginFieldsRequired");
  return null;
}

/**
 * Spec section 5 asks for all the fields of Create Account: now the full name and email, as the password is
 * chosen on the emailed link's page (see validateConfirmAccount).
 */
export function validateRegister(
  fields: { fullName: string; email: string },
  t: Wording = english,
): string | null {
  if (!filledText(fields.fullName) || !filledText(fields.email)) return t("auth.registerFieldsRequired");
  return null;
}

/**
 * The password chosen on the sign-up link's page. The spec sets no minimum for a new account's password, but a
 * 1-character password is not one; we hold it to the same minimum as a changed one.
 */
export function validateConfirmAccount(fields: { password: string }, t: Wording = english): string | null {
  if (characterCount(fields.password) < MIN_PASSWORD_LENGTH) return t("auth.registerPasswordTooShort");
  return null;
}

export function validateResetRequest(fields: { email: string }, t: Wording = english): string | null {
  return filledText(fields.email) ? null : t("auth.resetEmailRequired");
}
