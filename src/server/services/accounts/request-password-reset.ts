import type { ResetPasswordRequest } from "../../../domain/api/api";
import { hashToken, newToken } from "../../auth/sessions";
import {
  deletePasswordResetsOf,
  findAccountByEmail,
  insertPasswordReset,
  normalizeEmail,
} from "../../db/accounts-repository";
import { enqueueMail } from "../../db/outbox-repository";
import { passwordResetMail, passwordResetNoAccountMail } from "../../mail/account-mails";
import type { ServiceDeps, ServiceLog } from "../service-deps";
import { enforceRateLimit, MINUTE_MS } from "./rate-limit";

const RESET_LIMITS = {
  perAddress: { limit: 20, windowMs: 60 * MINUTE_MS },
  perEmail: { limit: 5, windowMs: 60 * MINUTE_MS },
};

/** How long a reset link works. */
export const RESET_LINK_LIFETIME_MS = 60 * MINUTE_MS;

/**
 * Sends a reset link. Whether or not the address has an account, the same work is done before the same answer:
 * the same limits, a link token made and hashed, and one transaction that revokes the account's older links and
 * queues one mail. An address with an account gets its link (older links stop working); one without is told, in
 * the mail only, that no account uses it.
 */
export async function requestPasswordReset(
  deps: ServiceDeps,
  log: ServiceLog,
  input: ResetPasswordRequest,
  clientAddress: string,
): Promise<void> {
  const { db } = deps.database;
  const { config } = deps;
  await enforceRateLimit(deps, log, `reset:address:${clientAddress}`, RESET_LIMITS.perAddress);
  await enforceRateLimit(deps, log, `reset:account:${normalizeEmail(input.email)}`, RESET_LIMITS.perEmail);
  const account = await findAccountByEmail(db, input.email);
  const token = newToken();
  const tokenHash = hashToken(token);
  const now = deps.now();
  await db.transaction().execute(async (trx) => {
    // Run for an unknown address too (it matches nothing), so both cases make the same statements.
    await deletePasswordResetsOf(trx, account?.id ?? "");
    if (!account) {
      const to = input.email.trim();
      await enqueueMail(trx, passwordResetNoAccountMail({ to, registerUrl: config.publicUrl }), now);
      return;
    }
    await insertPasswordReset(trx, {
      tokenHash,
      accountId: account.id,
      createdAt: now,
      expiresAt: new Date(now.getTime() + RESET_LINK_LIFETIME_MS),
    });
    const link = `${config.publicUrl}/reset-password?token=${token}`;
    await enqueueMail(
      trx,
      passwordResetMail({
        to: account.email,
        fullName: account.fullName,
        link,
        language: account.language,
      }),
      now,
    );
  });
  deps.outbox?.wake();
}
