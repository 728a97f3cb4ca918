import type { Kysely } from "kysely";
import type { WorkshopAddress } from "../../domain/checks/vehicle-defects";
import { PERMISSIONS, type Role } from "../../domain/company/organisation";
import type { HireTerms } from "../../domain/hire/chargeable-hours";
import { type HireSettings, hireTermsOf, meterToleranceOf } from "../../domain/hire/hire-terms";
import { DEFAULT_LOCALE, isLocale, type Locale } from "../../domain/text/i18n/locales";
import { dialectOf } from "./database";
import type { DB } from "./schema";

/** Organisations, their members and their invitations (migration 010). */

export interface Organisation {
  id: string;
  name: string;
  createdAt: string;
  /** The language its office works in (English unless its admin picked another). */
  language: Locale;
  /** What its clients are charged for while a machine is on hire (the defaults until its admin sets its own). */
  hireTerms: HireTerms;
  /** How far a week's hour meter may differ from its worked hours before the office review flags it. */
  meterToleranceHours: number;
}

export interface Membership {
  accountId: string;
  organisationId: string;
  role: Role;
  joinedAt: string;
}

export interface Member extends Membership {
  fullName: string;
  email: string;
}

export interface StoredInvite {
  id: string;
  tokenHash: string;
  organisationId: string;
  organisationName: string;
  email: string | null;
  role: Role;
  expiresAt: string;
  usedAt: string | null;
  revokedAt: string | null;
}

/** An invitation that still lets someone in, as its company's admins list it. */
export interface OpenInvite {
  id: string;
  email: string | null;
  role: Role;
  createdAt: string;
  expiresAt: string;
  /** Who made it, when their account still exists. */
  createdByName: string | null;
  /** How many have joined by it. */
  uses: number;
}

/** A new company, in English and on the default hire terms until its admin sets others. */
export async function insertOrganisation(
  db: Kysely<DB>,
  organisation: Omit<Organisation, "language" | "hireTerms" | "meterToleranceHours">,
): Promise<void> {
  await db
    .insertInto("organisations")
    .values({
      id: organisation.id,
      name: organisation.name,
      workshop_email: null,
      created_at: organisation.createdAt,
    })
    .execute();
}

export async function findOrganisation(db: Kysely<DB>, id: string): Promise<Organisation | undefined> {
  const row = await db
    .selectFrom("organisations")
    .select(["id", "name", "created_at", "language", "hire_terms"])
    .where("id", "=", id)
    .executeTakeFirst();
  return (
    row && {
      id: row.id,
      name: row.name,
      createdAt: row.created_at,
      language: isLocale(row.language) ? row.language : DEFAULT_LOCALE,
      hireTerms: hireTermsOf(row.hire_terms),
      meterToleranceHours: meterToleranceOf(row.hire_terms),
    }
  );
}

/** The company's workshop address and whether it is confirmed; null when it has set none. */
export async function findWorkshop(db: Kysely<DB>, id: string): Promise<WorkshopAddress | null> {
  const row = await db
    .selectFrom("organisations")
    .select(["workshop_email", "workshop_confirmed_at", "workshop_link_sent_at"])
    .where("id", "=", id)
    .executeTakeFirst();
  if (!row?.workshop_email) return null;
  return {
    email: row.workshop_email,
    confirmedAt: row.workshop_confirmed_at,
    linkSentAt: row.workshop_link_sent_at,
  };
}

/**
 * Sets the workshop address, unconfirmed, with the newest link's token (hashed) when one is mailed; null stops
 * the alerts. Whatever link was sent before stops working. With `onlyIfWaiting`, only while that address is the
 * company's and not confirmed (a link sent again must not bring back an address changed meanwhile): false, changing
 * nothing, otherwise.
 */
export async function setWorkshop(
  db: Kysely<DB>,
  id: string,
  email: string | null,
  link: { tokenHash: string; expiresAt: Date; sentAt: Date } | null,
  { onlyIfWaiting = false } = {},
): Promise<boolean> {
  const result = await db
    .updateTable("organisations")
    .set({
      workshop_email: email,
      workshop_confirmed_at: null,
      workshop_link_sent_at: link?.sentAt.toISOString() ?? null,
      workshop_token_hash: link?.tokenHash ?? null,
      workshop_token_expires_at: link?.expiresAt.toISOString() ?? null,
    })
    .where("id", "=", id)
    .$if(onlyIfWaiting, (qb) =>
      qb.where("workshop_email", "=", email).where("workshop_confirmed_at", "is", null),
    )
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** The company and address a workshop link is for, while it may still be used; undefined otherwise. */
export async function findWorkshopLink(
  db: Kysely<DB>,
  tokenHash: string,
  now: Date,
): Promise<{ organisationName: string; email: string } | undefined> {
  const row = await db
    .selectFrom("organisations")
    .select(["name", "workshop_email"])
    .where("workshop_token_hash", "=", tokenHash)
    .where("workshop_token_expires_at", ">", now.toISOString())
    .executeTakeFirst();
  return row?.workshop_email ? { organisationName: row.name, email: row.workshop_email } : undefined;
}

/**
 * Confirms the workshop address a link was sent to, once: the token is cleared in the same statement, so of two
 * presses one confirms. Undefined, changing nothing, for a token that is unknown, used, replaced or expired.
 */
export async function confirmWorkshopLink(
  db: Kysely<DB>,
  tokenHash: string,
  now: Date,
): Promise<{ organisationName: string; email: string } | undefined> {
  const nowIso = now.toISOString();
  const row = await db
    .updateTable("organisations")
    .set({ workshop_confirmed_at: nowIso, workshop_token_hash: null, workshop_token_expires_at: null })
    .where("workshop_token_hash", "=", tokenHash)
    .where("workshop_token_expires_at", ">", nowIso)
    .where("workshop_email", "is not", null)
    .returning(["name", "workshop_email"])
    .executeTakeFirst();
  return row?.workshop_email ? { organisationName: row.name, email: row.workshop_email } : undefined;
}

/**
 * Holds the organisation's row until the transaction ends, so two changes of its members (two admins demoting
 * each other, say) run one after the other and each counts the admins the other left. SQLite runs a
 * transaction's writes one at a time anyway; PostgreSQL needs the row lock.
 */
export async function lockOrganisation(db: Kysely<DB>, id: string): Promise<void> {
  if (dialectOf(db) !== "postgres") return;
  await db.selectFrom("organisations").select("id").where("id", "=", id).forUpdate().execute();
}

/**
 * Adds an account to an organisation. Throws a unique violation (see isUniqueViolation) when the account
 * already belongs to one: the account is the table's key, so a race of two joins has one winner.
 */
export async function insertMembership(db: Kysely<DB>, membership: Membership): Promise<void> {
  await db
    .insertInto("memberships")
    .values({
      account_id: membership.accountId,
      organisation_id: membership.organisationId,
      role: membership.role,
      joined_at: membership.joinedAt,
    })
    .execute();
}

/** The organisation an account belongs to, and its role there; none for an individual driver. */
export async function findMembership(db: Kysely<DB>, accountId: string): Promise<Membership | undefined> {
  const row = await db
    .selectFrom("memberships")
    .selectAll()
    .where("account_id", "=", accountId)
    .executeTakeFirst();
  return (
    row && {
      accountId: row.account_id,
      organisationId: row.organisation_id,
      role: row.role,
      joinedAt: row.joined_at,
    }
  );
}

/** Everyone in an organisation, by name (then id, for two of the same name). */
export async function listMembers(db: Kysely<DB>, organisationId: string): Promise<Member[]> {
  const rows = await db
    .selectFrom("memberships")
    .innerJoin("accounts", "accounts.id", "memberships.account_id")
    .select([
      "memberships.account_id",
      "memberships.organisation_id",
      "memberships.role",
      "memberships.joined_at",
      "accounts.full_name",
      "accounts.email",
    ])
    .where("memberships.organisation_id", "=", organisationId)
    .execute();
  const byName = new Intl.Collator("en-GB", { sensitivity: "base", numeric: true });
  return rows
    .map((row) => ({
      accountId: row.account_id,
      organisationId: row.organisation_id,
      role: row.role,
      joinedAt: row.joined_at,
      fullName: row.full_name,
      email: row.email,
    }))
    .sort((a, b) => byName.compare(a.fullName, b.fullName) || (a.accountId < b.accountId ? -1 : 1));
}

export async function countAdmins(db: Kysely<DB>, organisationId: string): Promise<number> {
  const row = await db
    .selectFrom("memberships")
    .select((eb) => eb.fn.countAll<number | string>().as("admins"))
    .where("organisation_id", "=", organisationId)
    .where("role", "=", "admin")
    .executeTakeFirstOrThrow();
  return Number(row.admins);
}

/** False, changing nothing, when the account is not a member of this organisation. */
export async function updateMemberRole(
  db: Kysely<DB>,
  organisationId: string,
  accountId: string,
  role: Role,
): Promise<boolean> {
  const result = await db
    .updateTable("memberships")
    .set({ role })
    .where("organisation_id", "=", organisationId)
    .where("account_id", "=", accountId)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** False, changing nothing, when the account is not a member of this organisation. */
export async function deleteMembership(
  db: Kysely<DB>,
  organisationId: string,
  accountId: string,
): Promise<boolean> {
  const result = await db
    .deleteFrom("memberships")
    .where("organisation_id", "=", organisationId)
    .where("account_id", "=", accountId)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

export async function insertInvite(
  db: Kysely<DB>,
  invite: {
    id: string;
    tokenHash: string;
    organisationId: string;
    email: string | null;
    role: Role;
    createdBy: string;
    createdAt: Date;
    expiresAt: Date;
  },
): Promise<void> {
  await db
    .insertInto("invites")
    .values({
      id: invite.id,
      token_hash: invite.tokenHash,
      organisation_id: invite.organisationId,
      email: invite.email,
      role: invite.role,
      created_by: invite.createdBy,
      created_at: invite.createdAt.toISOString(),
      expires_at: invite.expiresAt.toISOString(),
      used_at: null,
      used_by: null,
      revoked_at: null,
      revoked_by: null,
    })
    .execute();
}

/** An organisation's unused invitations to an address (any letter case): a newer one replaces them. */
export async function deleteUnusedInvitesTo(
  db: Kysely<DB>,
  organisationId: string,
  email: string,
): Promise<void> {
  const rows = await db
    .selectFrom("invites")
    .select(["token_hash", "email"])
    .where("organisation_id", "=", organisationId)
    .where("used_at", "is", null)
    .where("email", "is not", null)
    .execute();
  const same = rows
    .filter((row) => row.email?.toLowerCase() === email.toLowerCase())
    .map((row) => row.token_hash);
  if (same.length > 0) await db.deleteFrom("invites").where("token_hash", "in", same).execute();
}

/**
 * The invitation a token's hash names, with its organisation's name. With `lock`, inside a transaction, its row
 * is held until the transaction ends (PostgreSQL; SQLite runs a transaction as one unit anyway), so a join and
 * a revocation of the same code, or two uses of one mailed invitation, run one after the other.
 */
export async function findInvite(
  db: Kysely<DB>,
  tokenHash: string,
  { lock = false }: { lock?: boolean } = {},
): Promise<StoredInvite | undefined> {
  let query = db
    .selectFrom("invites")
    .innerJoin("organisations", "organisations.id", "invites.organisation_id")
    .select([
      "invites.id",
      "invites.token_hash",
      "invites.organisation_id",
      "organisations.name",
      "invites.email",
      "invites.role",
      "invites.expires_at",
      "invites.used_at",
      "invites.revoked_at",
    ])
    .where("invites.token_hash", "=", tokenHash);
  if (lock && dialectOf(db) === "postgres") query = query.forUpdate("invites");
  const row = await query.executeTakeFirst();
  return (
    row && {
      id: row.id,
      tokenHash: row.token_hash,
      organisationId: row.organisation_id,
      organisationName: row.name,
      email: row.email,
      role: row.role,
      expiresAt: row.expires_at,
      usedAt: row.used_at,
      revokedAt: row.revoked_at,
    }
  );
}

/**
 * Marks a mailed invitation used by `accountId`, only while it is unused, unrevoked and unexpired: false,
 * changing nothing, otherwise. Two accepts of one link race on this row, and only one changes it.
 */
export async function markInviteUsed(
  db: Kysely<DB>,
  tokenHash: string,
  accountId: string,
  now: Date,
): Promise<boolean> {
  const nowIso = now.toISOString();
  const result = await db
    .updateTable("invites")
    .set({ used_at: nowIso, used_by: accountId })
    .where("token_hash", "=", tokenHash)
    .where("email", "is not", null)
    .where("used_at", "is", null)
    .where("revoked_at", "is", null)
    .where("expires_at", ">", nowIso)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Records that `accountId` joined by the invitation, mailed or join code. */
export async function insertInviteUse(
  db: Kysely<DB>,
  use: { tokenHash: string; accountId: string; joinedAt: string },
): Promise<void> {
  await db
    .insertInto("invite_uses")
    .values({ token_hash: use.tokenHash, account_id: use.accountId, joined_at: use.joinedAt })
    .execute();
}

/** Who joined by an invitation (the token's hash names it), in the order they joined. */
export async function listInviteUses(
  db: Kysely<DB>,
  tokenHash: string,
): Promise<Array<{ accountId: string; joinedAt: string }>> {
  const rows = await db
    .selectFrom("invite_uses")
    .select(["account_id", "joined_at"])
    .where("token_hash", "=", tokenHash)
    .orderBy("joined_at")
    .orderBy("account_id")
    .execute();
  return rows.map((row) => ({ accountId: row.account_id, joinedAt: row.joined_at }));
}

/**
 * An organisation's invitations that still let someone in (unrevoked, unexpired, and for a mailed one unused),
 * newest first, with who made them and how many joined by each.
 */
export async function listOpenInvites(
  db: Kysely<DB>,
  organisationId: string,
  now: Date,
): Promise<OpenInvite[]> {
  const rows = await db
    .selectFrom("invites")
    .leftJoin("accounts", "accounts.id", "invites.created_by")
    .select((eb) => [
      "invites.id",
      "invites.email",
      "invites.role",
      "invites.created_at",
      "invites.expires_at",
      "accounts.full_name",
      eb
        .selectFrom("invite_uses")
        .select((sub) => sub.fn.countAll<number | string>().as("uses"))
        .whereRef("invite_uses.token_hash", "=", "invites.token_hash")
        .as("uses"),
    ])
    .where("invites.organisation_id", "=", organisationId)
    .where("invites.revoked_at", "is", null)
    .where("invites.expires_at", ">", now.toISOString())
    .where((eb) => eb.or([eb("invites.email", "is", null), eb("invites.used_at", "is", null)]))
    .orderBy("invites.created_at", "desc")
    .orderBy("invites.id")
    .execute();
  return rows.map((row) => ({
    id: row.id,
    email: row.email,
    role: row.role,
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    createdByName: row.full_name,
    uses: Number(row.uses ?? 0),
  }));
}

/**
 * Revokes one of an organisation's open invitations: false, changing nothing, when `id` names no open
 * invitation of this organisation (another company's, a made-up one, or one used, expired or revoked already).
 */
export async function revokeInvite(
  db: Kysely<DB>,
  organisationId: string,
  id: string,
  by: string,
  now: Date,
): Promise<boolean> {
  const nowIso = now.toISOString();
  const result = await db
    .updateTable("invites")
    .set({ revoked_at: nowIso, revoked_by: by })
    .where("id", "=", id)
    .where("organisation_id", "=", organisationId)
    .where("revoked_at", "is", null)
    .where("expires_at", ">", nowIso)
    .where((eb) => eb.or([eb("email", "is", null), eb("used_at", "is", null)]))
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/**
 * Invitations that expired (or were revoked and then expired) with no one joined by them are of no more use to
 * anyone. Those someone joined by stay, as the record of who joined by whose invitation.
 */
export async function deleteExpiredInvites(db: Kysely<DB>, now: Date): Promise<number> {
  const result = await db
    .deleteFrom("invites")
    .where("used_at", "is", null)
    .where("expires_at", "<=", now.toISOString())
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom("invite_uses")
            .select("invite_uses.token_hash")
            .whereRef("invite_uses.token_hash", "=", "invites.token_hash"),
        ),
      ),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Whether an organisation has entered a list of its own (customers or vehicles). */
export async function hasOwnList(
  db: Kysely<DB>,
  table: "customers" | "vehicles",
  organisationId: string,
): Promise<boolean> {
  const row = await db
    .selectFrom(table)
    .select("organisation_id")
    .where("organisation_id", "=", organisationId)
    .limit(1)
    .executeTakeFirst();
  if (row !== undefined) return true;
  const organisation = await db
    .selectFrom("organisations")
    .select("samples_removed_at")
    .where("id", "=", organisationId)
    .executeTakeFirst();
  return (organisation?.samples_removed_at ?? null) !== null;
}

/** The company's lists are its own from now on: the shared samples leave its drivers' lists. */
export async function removeSampleLists(db: Kysely<DB>, organisationId: string, now: Date): Promise<void> {
  await db
    .updateTable("organisations")
    .set({ samples_removed_at: now.toISOString() })
    .where("id", "=", organisationId)
    .where("samples_removed_at", "is", null)
    .execute();
}

/** The prefixes a company's order numbers start with, as its admin set them; null when it has set none. */
export async function findOrderPrefixes(db: Kysely<DB>, organisationId: string): Promise<string[] | null> {
  const row = await db
    .selectFrom("organisations")
    .select("order_prefixes")
    .where("id", "=", organisationId)
    .executeTakeFirst();
  return row?.order_prefixes ? row.order_prefixes.split(" ") : null;
}

/** Sets the company's order prefixes (checked by the domain: none holds a space). */
export async function setOrderPrefixes(
  db: Kysely<DB>,
  organisationId: string,
  prefixes: readonly string[],
): Promise<void> {
  await db
    .updateTable("organisations")
    .set({ order_prefixes: prefixes.join(" ") })
    .where("id", "=", organisationId)
    .execute();
}

/** The language a company's office works in: English when it has set none (or an older build stored another). */
export async function findOrganisationLanguage(db: Kysely<DB>, organisationId: string): Promise<Locale> {
  const row = await db
    .selectFrom("organisations")
    .select("language")
    .where("id", "=", organisationId)
    .executeTakeFirst();
  return isLocale(row?.language) ? row.language : DEFAULT_LOCALE;
}

/** Sets the language a company's office works in (checked by the request's schema: one the app speaks). */
export async function setOrganisationLanguage(
  db: Kysely<DB>,
  organisationId: string,
  language: Locale,
): Promise<void> {
  await db.updateTable("organisations").set({ language }).where("id", "=", organisationId).execute();
}

/** Sets who is a company's hire desk (one of its office, as the caller checked), or no one. */
export async function setOrganisationHireDesk(
  db: Kysely<DB>,
  organisationId: string,
  accountId: string | null,
): Promise<void> {
  await db
    .updateTable("organisations")
    .set({ hire_desk_account_id: accountId })
    .where("id", "=", organisationId)
    .execute();
}

/**
 * The company's hire desk while they are of its office (a role that reads the members' forms), with their
 * address; null for no one, for one who left and for one who is now a driver.
 */
export async function findHireDesk(
  db: Kysely<DB>,
  organisationId: string,
): Promise<{ accountId: string; email: string } | null> {
  const row = await db
    .selectFrom("organisations")
    .innerJoin("memberships", (join) =>
      join
        .onRef("memberships.account_id", "=", "organisations.hire_desk_account_id")
        .onRef("memberships.organisation_id", "=", "organisations.id"),
    )
    .innerJoin("accounts", "accounts.id", "memberships.account_id")
    .select(["memberships.account_id as accountId", "accounts.email"])
    .where("organisations.id", "=", organisationId)
    .where("memberships.role", "in", PERMISSIONS["view-member-forms"])
    .executeTakeFirst();
  return row ?? null;
}

/** Sets a company's hire terms and meter tolerance (checked by the request's schema), kept as their JSON text. */
export async function setOrganisationHireTerms(
  db: Kysely<DB>,
  organisationId: string,
  terms: HireSettings,
): Promise<void> {
  await db
    .updateTable("organisations")
    .set({ hire_terms: JSON.stringify(terms) })
    .where("id", "=", organisationId)
    .execute();
}
