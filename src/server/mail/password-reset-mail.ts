import { escapeHtml } from "./escape-html";

/** The email that carries a single-use password-reset link. */
export function passwordResetMail(options: { to: string; fullName: string; link: string }) {
  const text = [
    `Hello ${options.fullName},`,
    "",
    "Someone asked to reset the password of your Plant Sheets account.",
    "Open this link within the next hour to choose a new password:",
    "",
    options.link,
    "",
    "The link works once. If you did not ask for this, you can ignore this email: your password stays as it is.",
  ].join("\n");
  const html = `<p>Hello ${escapeHtml(options.fullName)},</p>
<p>Someone asked to reset the password of your Plant Sheets account. Open this link within the next hour to choose a new password:</p>
<p><a href="${escapeHtml(options.link)}">Choose a new password</a></p>
<p>The link works once. If you did not ask for this, you can ignore this email: your password stays as it is.</p>`;
  return { to: [options.to], subject: "Reset your Plant Sheets password", text, html };
}
