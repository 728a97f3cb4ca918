import type { CompiledQuery, Kysely, Selectable } from "kysely";
import type { AccountsTable, DB } from "./schema";

/** Accounts, their sessions and their password-reset tokens. */

export interface Account {
  id: string;
  fullName: string;
  email: string;
  passwordHash: string;
  createdAt: string;
  updatedAt: string;
  /** The language the account chose in the app; null until it chooses one (English). */
  language: string | null;
}

export interface NewAccount {
  id: string;
  fullName: string;
  email: string;
  passwordHash: string;
  /** The language it was made in (a Locale); null or absent is English. */
  language?: string | null;
}

export interface SessionAccount {
  account: Account;
  createdAt: string;
  expiresAt: string;
}

/** The key that makes "Ann@Example.com " and "ann@example.com" the same account. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

function toAccount(row: Selectable<AccountsTable>): Account {
  return {
    id: row.id,
    fullName: row.full_name,
    email: row.email,
    passwordHash: row.password_hash,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    language: row.language ?? null,
  };
}

/**
 * Inserts an account. Throws a unique violation (see isUniqueViolation) when the email, in any letter case,
 * is already registered: the unique index on email_normalized decides, so two racing sign-ups cannot both win.
 */
export async function insertAccount(
  db: Kysely<DB>,
  account: NewAccount,
  now: Date = new Date(),
): Promise<void> {
  const timestamp = now.toISOString();
  await db
    .insertInto("accounts")
    .values({
      id: account.id,
      full_name: account.fullName,
      email: account.email,
      email_normalized: normalizeEmail(account.email),
      password_hash: account.passwordHash,
      created_at: timestamp,
      updated_at: timestamp,
      language: account.language ?? null,
    })
    .execute();
}

export async function findAccountByEmail(db: Kysely<DB>, email: string): Promise<Account | undefined> {
  const row = await db
    .selectFrom("accounts")
    .selectAll()
    .where("email_normalized", "=", normalizeEmail(email))
    .executeTakeFirst();
  return row && toAccount(row);
}

export async function findAccountById(db: Kysely<DB>, id: string): Promise<Account | undefined> {
  const row = await db.selectFrom("accounts").selectAll().where("id", "=", id).executeTakeFirst();
  return row && toAccount(row);
}

/** Returns false when no such account exists. */
/** Keeps the language the account chose in the app. */
export async function updateAccountLanguage(db: Kysely<DB>, id: string, language: string): Promise<void> {
  await db.updateTable("accounts").set({ language }).where("id", "=", id).execute();
}

export async function updatePasswordHash(
  db: Kysely<DB>,
  id: string,
  passwordHash: string,
  now: Date = new Date(),
): Promise<boolean> {
  const result = await db
    .updateTable("accounts")
    .set({ password_hash: passwordHash, updated_at: now.toISOString() })
    .where("id", "=", id)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function insertSession(
  db: Kysely<DB>,
  session: { tokenHash: string; accountId: string; createdAt: Date; expiresAt: Date },
): Promise<void> {
  await db
    .insertInto("sessions")
    .values({
      token_hash: session.tokenHash,
      account_id: session.accountId,
      created_at: session.createdAt.toISOString(),
      expires_at: session.expiresAt.toISOString(),
    })
    .execute();
}

// Stand-ins for the values, replaced in the compiled query's parameters: no real token hash or time looks like them.
const TOKEN_HASH = "\u0000token_hash";
const NOW = "\u0000now";

type SessionAccountRow =
  ReturnType<typeof compileSessionAccountQuery> extends CompiledQuery<infer R> ? R : never;

function compileSessionAccountQuery(db: Kysely<DB>) {
  return db
    .selectFrom("sessions")
    .innerJoin("accounts", "accounts.id", "sessions.account_id")
    .selectAll("accounts")
    .select(["sessions.created_at as session_created_at", "sessions.expires_at as session_expires_at"])
    .where("sessions.token_hash", "=", TOKEN_HASH)
    .where("sessions.expires_at", ">", NOW)
    .compile();
}

/**
 * Every signed-in request looks its session up, and building this query with Kysely cost more than SQLite takes
 * to run it: so it is compiled once per database and run again with each request's values.
 */
const sessionAccountQueries = new WeakMap<Kysely<DB>, CompiledQuery<SessionAccountRow>>();

/** The account of a session that has not expired at `now`; undefined for an unknown or expired one. */
export async function findSessionAccount(
  db: Kysely<DB>,
  tokenHash: string,
  now: Date,
): Promise<SessionAccount | undefined> {
  let query = sessionAccountQueries.get(db);
  if (!query) {
    query = compileSessionAccountQuery(db);
    sessionAccountQueries.set(db, query);
  }
  const nowIso = now.toISOString();
  const parameters = query.parameters.map((value) =>
    value === TOKEN_HASH ? tokenHash : value === NOW ? nowIso : value,
  );
  const [row] = (await db.executeQuery<SessionAccountRow>({ ...query, parameters })).rows;
  if (!row) return undefined;
  const { session_created_at, session_expires_at, ...account } = row;
  return { account: toAccount(account), createdAt: session_created_at, expiresAt: session_expires_at };
}

/**
 * Moves a session's end later, never earlier: two requests of the same moment (or two server processes) may
 * renew it at once, and the later end wins.
 */
export async function extendSession(db: Kysely<DB>, tokenHash: string, expiresAt: string): Promise<void> {
  await db
    .updateTable("sessions")
    .set({ expires_at: expiresAt })
    .where("token_hash", "=", tokenHash)
    .where("expires_at", "<", expiresAt)
    .execute();
}

export async function deleteSession(db: Kysely<DB>, tokenHash: string): Promise<void> {
  await db.deleteFrom("sessions").where("token_hash", "=", tokenHash).execute();
}

/** Signs an account out everywhere, optionally keeping the session that asked (e.g. after a password change). */
export async function deleteSessionsOf(
  db: Kysely<DB>,
  accountId: string,
  exceptTokenHash?: string,
): Promise<void> {
  await db
    .deleteFrom("sessions")
    .where("account_id", "=", accountId)
    .$if(exceptTokenHash !== undefined, (qb) => qb.where("token_hash", "!=", exceptTokenHash ?? ""))
    .execute();
}

export async function deleteExpiredSessions(db: Kysely<DB>, now: Date): Promise<number> {
  const result = await db
    .deleteFrom("sessions")
    .where("expires_at", "<=", now.toISOString())
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function insertPasswordReset(
  db: Kysely<DB>,
  reset: { tokenHash: string; accountId: string; createdAt: Date; expiresAt: Date },
): Promise<void> {
  await db
    .insertInto("password_resets")
    .values({
      token_hash: reset.tokenHash,
      account_id: reset.accountId,
      created_at: reset.createdAt.toISOString(),
      expires_at: reset.expiresAt.toISOString(),
      used_at: null,
    })
    .execute();
}

/**
 * Uses up a reset token and returns its account id, or undefined when the token is unknown, expired or
 * already used. One conditional UPDATE, so two simultaneous uses of one link cannot both succeed.
 */
export async function consumePasswordReset(
  db: Kysely<DB>,
  tokenHash: string,
  now: Date,
): Promise<string | undefined> {
  const row = await db
    .updateTable("password_resets")
    .set({ used_at: now.toISOString() })
    .where("token_hash", "=", tokenHash)
    .where("used_at", "is", null)
    .where("expires_at", ">", now.toISOString())
    .returning("account_id")
    .executeTakeFirst();
  return row?.account_id;
}

/** Revokes every reset link of an account: a newer link, a changed or a reset password makes them useless. */
export async function deletePasswordResetsOf(db: Kysely<DB>, accountId: string): Promise<void> {
  await db.deleteFrom("password_resets").where("account_id", "=", accountId).execute();
}

export async function deleteExpiredPasswordResets(db: Kysely<DB>, now: Date): Promise<number> {
  const result = await db
    .deleteFrom("password_resets")
    .where("expires_at", "<=", now.toISOString())
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** What a sign-up asked for: the name and address. The password is chosen when the emailed link is opened. */
export interface PendingRegistration {
  fullName: string;
  email: string;
}

/** A sign-up as its link makes the account: with the language it was made in (null is English). */
export interface UsedRegistration extends PendingRegistration {
  language: string | null;
}

/**
 * Records a sign-up waiting for its emailed link. An earlier link for the same address (in any letter case) is
 * revoked: only the newest one works.
 */
export async function insertPendingRegistration(
  db: Kysely<DB>,
  registration: PendingRegistration & {
    tokenHash: string;
    createdAt: Date;
    expiresAt: Date;
    language?: string | null;
  },
): Promise<void> {
  const emailNormalized = normalizeEmail(registration.email);
  await db.deleteFrom("pending_registrations").where("email_normalized", "=", emailNormalized).execute();
  await db
    .insertInto("pending_registrations")
    .values({
      token_hash: registration.tokenHash,
      full_name: registration.fullName,
      email: registration.email,
      email_normalized: emailNormalized,
      created_at: registration.createdAt.toISOString(),
      expires_at: registration.expiresAt.toISOString(),
      language: registration.language ?? null,
    })
    .execute();
}

/**
 * What a sign-up link is for, without using it up: undefined when the link is unknown, expired, already used or
 * no longer the newest sent to its address.
 */
export async function findPendingRegistration(
  db: Kysely<DB>,
  tokenHash: string,
  now: Date,
): Promise<PendingRegistration | undefined> {
  const row = await db
    .selectFrom("pending_registrations")
    .select(["full_name", "email"])
    .where("token_hash", "=", tokenHash)
    .where("expires_at", ">", now.toISOString())
    .executeTakeFirst();
  return row && { fullName: row.full_name, email: row.email };
}

/**
 * Uses up a sign-up link, and with it every other link of its address (they are useless once it has an account):
 * returns what was typed at sign-up, or undefined when the link is unknown, expired or already used. One DELETE of
 * all the address's rows, so two links of one address used at the same moment wait for each other in one order
 * (the second then finds nothing left) rather than each holding a row the other needs, a deadlock on PostgreSQL.
 */
export async function consumePendingRegistration(
  db: Kysely<DB>,
  tokenHash: string,
  now: Date,
): Promise<UsedRegistration | undefined> {
  const rows = await db
    .deleteFrom("pending_registrations")
    .where("email_normalized", "=", (eb) =>
      eb
        .selectFrom("pending_registrations")
        .select("email_normalized")
        .where("token_hash", "=", tokenHash)
        .where("expires_at", ">", now.toISOString()),
    )
    .returning(["token_hash", "full_name", "email", "language"])
    .execute();
  const used = rows.find((row) => row.token_hash === tokenHash);
  return used && { fullName: used.full_name, email: used.email, language: used.language ?? null };
}

export async function deleteExpiredPendingRegistrations(db: Kysely<DB>, now: Date): Promise<number> {
  const result = await db
    .deleteFrom("pending_registrations")
    .where("expires_at", "<=", now.toISOString())
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
