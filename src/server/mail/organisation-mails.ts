import { ROLE_LABELS, type Role } from "../../domain/organisation";
import { paragraphsMail } from "./account-mails";

/**
 * An invitation to join a company. The subject carries no typed text (as every mail's, decision record 023):
 * the company's and the inviter's names are in the body only, escaped in its HTML part.
 */
export function invitationMail(options: {
  to: string;
  organisationName: string;
  inviterName: string;
  role: Role;
  link: string;
}) {
  const role = ROLE_LABELS[options.role].toLowerCase();
  return paragraphsMail(options.to, "You have been invited to join a company on Plant Sheets", [
    "Hello,",
    `${options.inviterName} has invited you to join "${options.organisationName}" on Plant Sheets as a ${role}.`,
    "Open this link within the next 7 days to join. You will be asked to confirm, after logging in (or creating an account) with this email address:",
    { link: options.link, label: "See the invitation" },
    "The link works once. If you did not expect this, you can ignore this email: nothing changes unless you confirm.",
  ]);
}
