import type { Kysely } from "kysely";
import {
  LOGIN_BACKOFF,
  type LoginBackoffRule,
  tooManyAttemptsText,
  waitBeforeAttempt,
  withFailure,
} from "../../domain/accounts/login-backoff";
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

/** One key a login attempt is counted under, with its rule. */
interface CountedKey {
  key: string;
  rule: LoginBackoffRule;
}

/**
 * Where one login attempt is counted: the client address it comes from, the account it names from that address,
 * and the account from every address (decision record 036). In the order they are claimed.
 */
export interface LoginKeys {
  address: CountedKey;
  accountAtAddress: CountedKey;
  account: CountedKey;
}

export function loginKeys(email: string, address: string): LoginKeys {
  const account = normalizeEmail(email);
  return {
    address: { key: `login:address:${address}`, rule: LOGIN_BACKOFF.perAddress },
    accountAtAddress: {
      key: `login:account-at-address:${account}:${address}`,
      rule: LOGIN_BACKOFF.perAccountAtAddress,
    },
    account: { key: `login:account:${account}`, rule: LOGIN_BACKOFF.perAccount },
  };
}

function lockedOut(waitMs: number): AppError {
  return new AppError("rate_limited", tooManyAttemptsText(waitMs), {
    logMessage: "login locked out",
    retryAfterMs: waitMs,
  });
}

/**
 * Takes one attempt under a key, refused while the key is locked out. The attempt is counted as a failure
 * before the password is checked (and taken back if it turns out right), so attempts made at the same moment,
 * on any instance, cannot all slip through an unlocked key.
 */
async function claimAttempt(db: Kysely<DB>, { key, rule }: CountedKey, now: number): Promise<void> {
  for (let tries = 0; tries < CLAIM_TRIES; tries += 1) {
    const seen = await findLoginFailures(db, key);
    const wait = waitBeforeAttempt(seen, now, rule);
    if (wait > 0) throw lockedOut(wait);
    if (await replaceLoginFailures(db, key, seen, withFailure(seen, now, rule))) return;
  }
  // So many attempts on one key at once that none could be counted: that is what the back-off is for.
  throw lockedOut(rule.firstLockoutMs);
}

/**
 * Lets a login attempt go on to check the password, or refuses it with 429 while any of its keys is locked out
 * (the same answer whether the account exists or not). An attempt refused under one key is taken back from the
 * keys claimed before it: it costs nothing where it was not made.
 */
export async function claimLoginAttempt(db: Kysely<DB>, keys: LoginKeys, now: Date): Promise<void> {
  const claimed: CountedKey[] = [];
  try {
    for (const key of [keys.address, keys.accountAtAddress, keys.account]) {
      await claimAttempt(db, key, now.getTime());
      claimed.push(key);
    }
  } catch (error) {
    for (const { key } of claimed) await uncountLoginFailure(db, key);
    throw error;
  }
}

/**
 * The password was right: the failures of the account at this address are forgotten (the owner's own typos),
 * and the attempt is taken back from the address and the account. The account's count across addresses stays,
 * so its owner's logins do not give a botnet fresh guesses.
 */
export async function loginSucceeded(db: Kysely<DB>, keys: LoginKeys): Promise<void> {
  await forgetLoginFailures(db, keys.accountAtAddress.key);
  await uncountLoginFailure(db, keys.address.key);
  await uncountLoginFailure(db, keys.account.key);
}

/** The password was wrong: the lock-out runs from now, when the failure is known, not from when it was claimed. */
export async function loginFailed(db: Kysely<DB>, keys: LoginKeys, now: Date): Promise<void> {
  for (const { key } of [keys.address, keys.accountAtAddress, keys.account]) {
    await markLoginFailureAt(db, key, now);
  }
}
