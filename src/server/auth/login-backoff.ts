import type { Kysely } from "kysely";
import {
  countedFailures,
  LOGIN_BACKOFF,
  type LoginBackoffRule,
  tooManyAttemptsMessage,
  waitBeforeAttempt,
} from "../../domain/login-backoff";
import { AppError } from "../app-error";
import { normalizeEmail } from "../db/accounts-repository";
import {
  findLoginFailures,
  forgetLoginFailures,
  markLoginFailureAt,
  replaceLoginFailures,
  uncountLoginFailure,
} from "../db/login-failures-repository";
import type { DB } from "../db/schema";

/** How often a claim is tried again when other attempts on the same key keep changing its count. */
const CLAIM_TRIES = 5;

/** Where one login attempt is counted: the account it names and the address it comes from. */
export interface LoginKeys {
  account: string;
  address?: string;
}

export function loginKeys(email: string, address?: string): LoginKeys {
  return {
    account: `login:account:${normalizeEmail(email)}`,
    ...(address === undefined ? {} : { address: `login:address:${address}` }),
  };
}

function lockedOut(waitMs: number): AppError {
  return new AppError("rate_limited", tooManyAttemptsMessage(waitMs), {
    logMessage: "login locked out",
    retryAfterMs: waitMs,
  });
}

/**
 * Takes one attempt under a key, refused while the key is locked out. The attempt is counted as a failure
 * before the password is checked (and taken back if it turns out right), so attempts made at the same moment,
 * on any instance, cannot all slip through an unlocked key.
 */
async function claimAttempt(db: Kysely<DB>, key: string, rule: LoginBackoffRule, now: number): Promise<void> {
  for (let tries = 0; tries < CLAIM_TRIES; tries += 1) {
    const seen = await findLoginFailures(db, key);
    const wait = waitBeforeAttempt(seen, now, rule);
    if (wait > 0) throw lockedOut(wait);
    const next = { failures: countedFailures(seen, now, rule) + 1, lastFailureAt: now };
    if (await replaceLoginFailures(db, key, seen, next)) return;
  }
  // So many attempts on one key at once that none could be counted: that is what the back-off is for.
  throw lockedOut(rule.firstLockoutMs);
}

/**
 * Lets a login attempt go on to check the password, or refuses it with 429 while its account or its address
 * is locked out (the same answer whether the account exists or not). An address is not charged for an
 * attempt its locked account refused.
 */
export async function claimLoginAttempt(db: Kysely<DB>, keys: LoginKeys, now: Date): Promise<void> {
  if (keys.address) await claimAttempt(db, keys.address, LOGIN_BACKOFF.perAddress, now.getTime());
  try {
    await claimAttempt(db, keys.account, LOGIN_BACKOFF.perAccount, now.getTime());
  } catch (error) {
    if (keys.address) await uncountLoginFailure(db, keys.address);
    throw error;
  }
}

/** The password was right: the account's failures are forgotten and the address's attempt taken back. */
export async function loginSucceeded(db: Kysely<DB>, keys: LoginKeys): Promise<void> {
  await forgetLoginFailures(db, keys.account);
  if (keys.address) await uncountLoginFailure(db, keys.address);
}

/** The password was wrong: the lock-out runs from now, when the failure is known, not from when it was claimed. */
export async function loginFailed(db: Kysely<DB>, keys: LoginKeys, now: Date): Promise<void> {
  for (const key of [keys.address, keys.account]) if (key) await markLoginFailureAt(db, key, now);
}
