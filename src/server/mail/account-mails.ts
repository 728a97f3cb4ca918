import type { OutgoingMail } from "../db/outbox-repository";
import { escapeHtml } from "./escape-html";

/**
 * The mails of account sign-up and password reset. Each address gets one whether or not it has an account, so
 * neither the answer nor the work behind it says which addresses have one: the mail tells its reader.
 */

/** A plain mail of paragraphs and links, its HTML part escaped from the text: nothing typed becomes markup. */
export function paragraphsMail(
  to: string,
  subject: string,
  paragraphs: ReadonlyArray<string | { link: string; label: string }>,
) {
  const text = paragraphs.map((p) => (typeof p === "string" ? p : p.link)).join("\n\n");
  const html = paragraphs
    .map((p) =>
      typeof p === "string"
        ? `<p>${escapeHtml(p)}</p>`
        : `<p><a href="${escapeHtml(p.link)}">${escapeHtml(p.label)}</a></p>`,
    )
    .join("\n");
  return { to: [to], subject, text, html } satisfies OutgoingMail;
}

/** A new address: the single-use link that makes the account and signs it in. */
export function registrationLinkMail(options: { to: string; fullName: string; link: string }) {
  return paragraphsMail(options.to, "Finish creating your Plant Sheets account", [
    `Hello ${options.fullName},`,
    "Open this link within the next 24 hours to choose your password and finish creating your Plant Sheets driver account:",
    { link: options.link, label: "Choose my password" },
    "The link works once. If you did not ask for an account, you can ignore this email: nothing is created.",
  ]);
}

/** An address that already has an account: nothing is created, its owner is told. */
export function registrationAttemptMail(options: { to: string; fullName: string; loginUrl: string }) {
  return paragraphsMail(options.to, "Someone tried to create a Plant Sheets account with your address", [
    `Hello ${options.fullName},`,
    "Someone tried to create a Plant Sheets account with your email address, which already has an account. Nothing was changed.",
    "If it was you, log in with your password, or use Forgot Password to reset it:",
    { link: options.loginUrl, label: "Open Plant Sheets" },
    "If it was not you, you can ignore this email.",
  ]);
}

/** An address with an account: the single-use link to choose a new password. */
export function passwordResetMail(options: { to: string; fullName: string; link: string }) {
  return paragraphsMail(options.to, "Reset your Plant Sheets password", [
    `Hello ${options.fullName},`,
    "Someone asked to reset the password of your Plant Sheets account. Open this link within the next hour to choose a new password:",
    { link: options.link, label: "Choose a new password" },
    "The link works once, and only the newest link sent works. If you did not ask for this, you can ignore this email: your password stays as it is.",
  ]);
}

/** An address without an account: said so, in the mail only. */
export function passwordResetNoAccountMail(options: { to: string; registerUrl: string }) {
  return paragraphsMail(options.to, "Reset your Plant Sheets password", [
    "Hello,",
    "Someone asked to reset the password of a Plant Sheets account with this email address, but no account uses it.",
    "If it was you, you may have signed up with another address, or you can create an account:",
    { link: options.registerUrl, label: "Open Plant Sheets" },
    "If it was not you, you can ignore this email.",
  ]);
}
