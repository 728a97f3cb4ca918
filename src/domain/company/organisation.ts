import { z } from "zod";
import type { ErrorCode, ErrorText } from "../api/api-error";
import { companyMessages } from "../text/company-messages";
import { english } from "../text/i18n/english";
import type { MessageKey, Translator } from "../text/i18n/translate";

/**
 * The company layer's rules (decision record 029): what each role of an organisation may do, when an invitation
 * can be used, and the changes of membership that are refused. Pure; the server asks these and only adds what
 * needs the database (who is a member, how many admins there are).
 */

export const ROLES = ["driver", "supervisor", "admin"] as const;
export type Role = (typeof ROLES)[number];
export const RoleSchema = z.enum(ROLES);

const ROLE_KEYS = {
  driver: "company.role.driver",
  supervisor: "company.role.supervisor",
  admin: "company.role.admin",
} as const satisfies Record<Role, string>;

/** A role's name in the reader's words (English unless a `t` is given). */
export function roleLabel(role: Role, t: Translator["t"] = english): string {
  return t(ROLE_KEYS[role]);
}

export const ROLE_LABELS: Readonly<Record<Role, string>> = {
  driver: roleLabel("driver"),
  supervisor: roleLabel("supervisor"),
  admin: roleLabel("admin"),
};

/** What a member may ask of their organisation. */
export const ORGANISATION_ACTIONS = [
  /** Its name and their own role. */
  "view-organisation",
  /** Who the members are, with their roles. */
  "view-members",
  "invite",
  "change-role",
  "remove-member",
  /** The forms members made after joining. */
  "view-member-forms",
  "approve",
  /** Unlock an approved week, with a written reason. */
  "reopen",
  "export",
  /** The fleet with each vehicle's reported defects. */
  "view-fleet",
  /** Add vehicles to the company's fleet, mark a defect fixed, and set where defect alerts go. */
  "manage-fleet",
  /** Add customers to the company's own list, and set the prefixes their order numbers start with. */
  "manage-customers",
  /** Set, change, rotate the secret of and remove the company's webhook. */
  "manage-webhooks",
  /** Set the language the office works in: its exports' headers, its mails, its clients' copies by default. */
  "set-language",
  /** Set the company's hire terms: what its clients are charged for while a machine is on hire. */
  "set-hire-terms",
] as const;
export type OrganisationAction = (typeof ORGANISATION_ACTIONS)[number];

/**
 * Who may do what. A driver sees the company they drive for and nothing of anyone else; a supervisor oversees
 * the work (members, their forms, approval); an admin, the office, also manages people and takes the exports
 * that payroll and invoicing read.
 */
export const PERMISSIONS: Readonly<Record<OrganisationAction, readonly Role[]>> = {
  "view-organisation": ["driver", "supervisor", "admin"],
  "view-members": ["supervisor", "admin"],
  invite: ["admin"],
  "change-role": ["admin"],
  "remove-member": ["admin"],
  "view-member-forms": ["supervisor", "admin"],
  approve: ["supervisor", "admin"],
  reopen: ["admin"],
  export: ["admin"],
  "view-fleet": ["supervisor", "admin"],
  "manage-fleet": ["admin"],
  "manage-customers": ["admin"],
  "manage-webhooks": ["admin"],
  "set-language": ["admin"],
  "set-hire-terms": ["admin"],
};

export function may(role: Role, action: OrganisationAction): boolean {
  return PERMISSIONS[action].includes(role);
}

// ---- Names -------------------------------------------------------------------------------------

export const MAX_ORGANISATION_NAME_LENGTH = 120;

/** Line breaks and control codes: a company's name is one line wherever it is shown, in a mail most of all. */
export const NOT_ONE_LINE = /[\p{Cc}\p{Zl}\p{Zp}]/u;

export const OrganisationNameSchema = z
  .string()
  .trim()
  .min(1, companyMessages.organisationNameRequired)
  .max(MAX_ORGANISATION_NAME_LENGTH, companyMessages.organisationNameTooLong(MAX_ORGANISATION_NAME_LENGTH))
  .refine((name) => !NOT_ONE_LINE.test(name), companyMessages.organisationNameOneLine);

// ---- Invitations -------------------------------------------------------------------------------

const DAY_MS = 24 * 60 * 60 * 1000;
/**
 * An invitation, mailed or shown as a join code, works for a week: long enough to reach a driver between sites,
 * and for a join code, the inductions of a week.
 */
export const INVITE_LIFETIME_MS = 7 * DAY_MS;

export function inviteExpiresAt(createdAt: Date): Date {
  return new Date(createdAt.getTime() + INVITE_LIFETIME_MS);
}

/** A mailed invitation is for one address and works once; a join code (no address) is for anyone holding it. */
export type InviteKind = "email" | "join-code";

/**
 * The one role a join code admits. A join code is shown on a screen at a site induction and lets in anyone who
 * scans it, so it must never give the right to see members' work or manage the company: supervisors and admins
 * come only by a single-use invitation mailed to their own address.
 */
export const JOIN_CODE_ROLE = "driver" as const satisfies Role;
export const JoinCodeRoleSchema = z.literal(JOIN_CODE_ROLE, companyMessages.joinCodeForDriversOnly);

export function inviteKind(invite: { email: string | null }): InviteKind {
  return invite.email === null ? "join-code" : "email";
}

export interface InviteTimes {
  /** The address it was mailed to; null for a join code. */
  email: string | null;
  /** The role it admits as. */
  role: Role;
  /** ISO-8601: when a mailed invitation was used, or null while unused. A join code is never used up. */
  usedAt: string | null;
  /** ISO-8601: when an admin withdrew it, or null. */
  revokedAt: string | null;
  /** ISO-8601. */
  expiresAt: string;
}

export type InviteState = "valid" | "used" | "revoked" | "expired";

/**
 * Whether an invitation still lets someone join. A mailed one works once; a join code, shown on a screen at a
 * site induction, lets in everyone who scans it. Both stop when an admin revokes them, and at their expiry
 * (the moment of expiry is already too late). A join code for any role but a driver's (made before join codes
 * were for drivers only) counts as revoked: it lets no one in.
 */
export function inviteState(invite: InviteTimes, now: Date): InviteState {
  const kind = inviteKind(invite);
  if (kind === "email" && invite.usedAt !== null) return "used";
  if (invite.revokedAt !== null || (kind === "join-code" && invite.role !== JOIN_CODE_ROLE)) return "revoked";
  if (now.toISOString() >= invite.expiresAt) return "expired";
  return "valid";
}

// ---- Refusals ----------------------------------------------------------------------------------

/** A refusal: the code the server answers with (its HTTP status) and the words for the person. */
export interface OrganisationProblem {
  code: ErrorCode;
  text: ErrorText;
}

/** What each action's refusal says; keyed by the action. */
const FORBIDDEN_KEYS: Partial<Record<OrganisationAction, MessageKey>> = {
  "view-members": "apiError.forbidden.viewMembers",
  invite: "apiError.forbidden.invite",
  "change-role": "apiError.forbidden.changeRole",
  "remove-member": "apiError.forbidden.removeMember",
  "view-member-forms": "apiError.forbidden.viewMemberForms",
  approve: "apiError.forbidden.approve",
  export: "apiError.forbidden.export",
  reopen: "apiError.forbidden.reopen",
  "view-fleet": "apiError.forbidden.viewFleet",
  "manage-customers": "apiError.forbidden.manageCustomers",
  "manage-fleet": "apiError.forbidden.manageFleet",
  "manage-webhooks": "apiError.forbidden.manageWebhooks",
  "set-language": "apiError.forbidden.setLanguage",
  "set-hire-terms": "apiError.forbidden.setHireTerms",
};

/** Why a member's role may not do the action. */
export function actionForbidden(action: OrganisationAction): ErrorText {
  return { key: FORBIDDEN_KEYS[action] ?? "apiError.forbidden.other" };
}

const forbidden = (action: OrganisationAction): OrganisationProblem => ({
  code: "forbidden",
  text: actionForbidden(action),
});

/** Refused unless the role may do the action. */
export function actionProblem(role: Role, action: OrganisationAction): OrganisationProblem | null {
  return may(role, action) ? null : forbidden(action);
}

/** A member as the membership rules see them. */
export interface MemberRole {
  accountId: string;
  role: Role;
}

export type MemberChange = { kind: "change-role"; role: Role } | { kind: "remove" } | { kind: "leave" };

/**
 * Whether `actor` may make `change` to `target`, both members of one organisation that has `adminCount`
 * admins. Changing a role and removing someone are an admin's (removing oneself is leaving); anyone may leave.
 * Whoever does it, the last admin is never demoted, removed or let go: a company always has someone who can
 * manage it.
 */
export function memberChangeProblem(
  actor: MemberRole,
  target: MemberRole,
  change: MemberChange,
  adminCount: number,
): OrganisationProblem | null {
  if (change.kind === "leave") {
    if (actor.accountId !== target.accountId) return forbidden("remove-member");
  } else {
    const action = change.kind === "remove" ? "remove-member" : "change-role";
    if (!may(actor.role, action)) return forbidden(action);
  }
  const staysAdmin = change.kind === "change-role" && change.role === "admin";
  if (target.role === "admin" && !staysAdmin && adminCount <= 1) {
    return {
      code: "conflict",
      text: {
        key: change.kind === "change-role" ? "apiError.lastAdminDemoted" : "apiError.lastAdminLeaving",
      },
    };
  }
  return null;
}

/** Joining or making an organisation: refused while the account belongs to one (leave it first). */
export function joinProblem(currentOrganisationId: string | null): OrganisationProblem | null {
  return currentOrganisationId === null
    ? null
    : { code: "conflict", text: { key: "apiError.alreadyInOrganisation" } };
}

/**
 * Accepting an invitation. One that is used, revoked, expired or unknown gets one answer, as a sign-up link does. A
 * mailed one is for the account with the address it was sent to (in any letter case), so a forwarded link,
 * an admin's above all, lets no one else in; a join code (no address) is for whoever holds it.
 */
export function acceptProblem(
  invite: InviteTimes | undefined,
  account: { email: string; organisationId: string | null },
  now: Date,
): OrganisationProblem | null {
  if (!invite || inviteState(invite, now) !== "valid") {
    return { code: "not_found", text: { key: "join.inviteInvalid" } };
  }
  if (invite.email !== null && invite.email.trim().toLowerCase() !== account.email.trim().toLowerCase()) {
    return { code: "forbidden", text: { key: "apiError.inviteForAnotherAddress" } };
  }
  return joinProblem(account.organisationId);
}
