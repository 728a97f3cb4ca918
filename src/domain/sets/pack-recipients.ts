import { isValidClientEmail, nonBlankEmails } from "../text/client-email";

/**
 * Everyone a completed form or weekly pack goes to: the given addresses, then the account holder (the supervisor
 * on this device), who keeps a copy of everything they send. Each address once, whatever its case, in the order
 * given.
 */
export function packRecipients(
  addresses: readonly (string | null | undefined)[],
  accountEmail: string | null | undefined,
): string[] {
  const seen = new Set<string>();
  const recipients: string[] = [];
  for (const address of [...nonBlankEmails(addresses), ...nonBlankEmails([accountEmail])]) {
    const key = address.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    recipients.push(address);
  }
  return recipients;
}

/**
 * Who Get Approval mails the pack to: the client addresses on the timesheet that can reach someone, and the
 * account holder.
 */
export function approvalRecipients(
  submissionEmails: readonly (string | null | undefined)[],
  accountEmail: string | null | undefined,
): string[] {
  return packRecipients(nonBlankEmails(submissionEmails).filter(isValidClientEmail), accountEmail);
}
