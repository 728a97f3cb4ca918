import type { OutgoingMail } from "../db/outbox-repository";
import { translatorFor } from "../i18n";
import { escapeHtml } from "./escape-html";

/**
 * The mails of account sign-up and password reset. Each address gets one whether or not it has an account, so
 * neither the answer nor the work behind it says which addresses have one: the mail tells its reader. Each is
 * written in its reader's language when it is known (null or anything the app does not speak is English); what
 * people typed, such as their name, is put in as it was typed.
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

/** A new address: the single-use link that makes the account and signs it in, in the sign-up's language. */
export function registrationLinkMail(options: {
  to: string;
  fullName: string;
  link: string;
  language?: string | null;
}) {
  const { t } = translatorFor(options.language);
  return paragraphsMail(options.to, t("mail.signUp.subject"), [
    t("mail.signUp.hello", { fullName: options.fullName }),
    t("mail.signUp.openLink"),
    { link: options.link, label: t("mail.signUp.linkLabel") },
    t("mail.signUp.ignore"),
  ]);
}

/** An address that already has an account: nothing is created, its owner is told, in the account's language. */
export function registrationAttemptMail(options: {
  to: string;
  fullName: string;
  loginUrl: string;
  language?: string | null;
}) {
  const { t } = translatorFor(options.language);
  return paragraphsMail(options.to, t("mail.signUp.attemptSubject"), [
    t("mail.signUp.hello", { fullName: options.fullName }),
    t("mail.signUp.attemptText"),
    t("mail.signUp.attemptIfYou"),
    { link: options.loginUrl, label: t("mail.signUp.openApp") },
    t("mail.signUp.notYou"),
  ]);
}

/** An address with an account: the single-use link to choose a new password, in the account's language. */
export function passwordResetMail(options: {
  to: string;
  fullName: string;
  link: string;
  language?: string | null;
}) {
  const { t } = translatorFor(options.language);
  return paragraphsMail(options.to, t("mail.reset.subject"), [
    t("mail.reset.hello", { fullName: options.fullName }),
    t("mail.reset.text"),
    { link: options.link, label: t("mail.reset.linkLabel") },
    t("mail.reset.ignore"),
  ]);
}

/** An address without an account: said so, in the mail only, in English (no one's language is known). */
export function passwordResetNoAccountMail(options: { to: string; registerUrl: string }) {
  const { t } = translatorFor(null);
  return paragraphsMail(options.to, t("mail.reset.subject"), [
    t("mail.reset.helloNoName"),
    t("mail.reset.noAccountText"),
    t("mail.reset.noAccountIfYou"),
    { link: options.registerUrl, label: t("mail.reset.openApp") },
    t("mail.reset.notYou"),
  ]);
}
