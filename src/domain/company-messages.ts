// The company layer's words (decision record 029), apart from messages.ts so that an individual driver's app
// does not carry them: only the Company screen, the invitation page and the organisation routes use them.
import { waitText } from "./messages";
import type { Role } from "./organisation";
import { formatUkTime } from "./uk-time";

/** Each role in a sentence ("as a driver"), and what it may do, for the question before a role changes. */
const ROLE_WORDS: Readonly<Record<Role, { withArticle: string; meaning: string }>> = {
  driver: { withArticle: "a driver", meaning: "Drivers see only the company's name and their own role." },
  supervisor: { withArticle: "a supervisor", meaning: "Supervisors also see the members and their forms." },
  admin: {
    withArticle: "an admin",
    meaning: "Admins also invite people, change roles and remove members.",
  },
};

export const companyMessages = {
  organisationNameRequired: "Please enter the company's name.",
  organisationNameTooLong: (max: number): string => `A company's name can be at most ${max} characters long.`,
  organisationNameOneLine: "A company's name must be on one line.",
  organisationNotFound: "No such company.",
  reviewTimesheetNotFound: "No such timesheet for review.",
  reviewNotSubmitted: "This timesheet has not been submitted for review.",
  reviewAlreadyApproved: "This week has already been approved.",
  reviewFormNotInSet: "That form is not part of this week's set.",
  reviewFormNotOpen: "This form has been completed in the driver's own flow and cannot be sent back.",
  formApprovedByCompany:
    "This form has been approved by your company and can no longer be changed unless an admin reopens it.",
  defectNotOpen: "No such open defect: it may have been marked fixed already.",
  fixNoteRequired: "Please say what was done to fix it.",
  customerAdded: (name: string): string =>
    `${name} is on the company's customer list. Its drivers now pick from the company's own customers only.`,
  vehicleCodeTaken: "A vehicle with this QR code is already on a fleet: each label's code must be unique.",
  vehicleAdded: (plantNumber: string): string =>
    `${plantNumber} is on the company's fleet. Its drivers now see the company's own vehicles only.`,
  workshopSet: (email: string | null): string =>
    email ? `Defect alerts now go to ${email}.` : "Defect alerts are no longer mailed.",
  reviewNotApproved: "This week has not been approved, so there is nothing to reopen.",
  /** What every PDF of a reopened set says above its forms. */
  amendedAfterApproval: (amendment: { reason: string; at: string; by: string }): string =>
    `Amended after approval: reopened by ${amendment.by} on ${formatUkTime(new Date(amendment.at), "minute")}. Reason: ${amendment.reason}`,
  memberNotFound: "No such member of this company.",
  // The company's webhook (decision record 029)
  webhookUrlRequired: "Please enter the address the webhook is sent to.",
  webhookUrlTooLong: (max: number): string => `A webhook address can be at most ${max} characters long.`,
  webhookUrlInvalid:
    "This is not a web address. It should look like https://payroll.example.co.uk/plant-sheets.",
  webhookUrlNotHttps: "A webhook address must start with https:// so that what is sent is encrypted.",
  webhookUrlCredentials:
    "A webhook address cannot contain a user name or password: the receiver checks each call's signature instead.",
  webhookUrlNotPublic: "A webhook address must be on the internet, not on a private network or this server.",
  webhookNotSet: "This company has no webhook set up.",
  webhookExplained:
    'Each "set approved" and "defect reported" is sent here as it happens, signed with the secret so the receiver can check it came from Plant Sheets.',
  webhookSecretOnce:
    "Copy it into the receiving system now: it is not shown again. Make a new one if it is lost.",
  webhookSaved: (url: string, newSecret: boolean): string =>
    newSecret
      ? `Webhook set up: calls go to ${url}. Copy its secret from the box above.`
      : `Calls now go to ${url}.`,
  webhookRotated: "New secret made: the old one no longer signs calls. Copy the new one from the box above.",
  webhookRemoved: "Webhook removed: nothing more is sent, and calls still waiting are dropped.",
  webhookRotateConfirm:
    "Calls are signed with the new secret from now on, and the receiving system refuses them until it has it.",
  webhookRemoveConfirm: "Nothing more is sent to the receiving system, and calls still waiting are dropped.",
  webhookNothingSent: "Nothing has been sent yet.",
  webhookLastDelivery: (event: string, at: string, status: string, line: string | null): string =>
    `Last call: ${event} of ${at}, ${status}${line ? ` (${line})` : ""}.`,
  /** A member asked for something their role does not allow; keyed by the action (see domain/organisation). */
  organisationActionForbidden: (action: string): string =>
    ({
      "view-members": "Only a company's supervisors and admins can see its members.",
      invite: "Only a company's admins can invite people.",
      "change-role": "Only a company's admins can change roles.",
      "remove-member": "Only a company's admins can remove members.",
      "view-member-forms": "Only a company's supervisors and admins can see its members' forms.",
      approve: "Only a company's supervisors and admins can approve forms.",
      export: "Only a company's admins can export its forms.",
      reopen: "Only a company's admins can reopen an approved week.",
      "view-fleet": "Only a company's supervisors and admins can see its fleet's defects.",
      "manage-customers": "Only a company's admins can add customers.",
      "manage-fleet":
        "Only a company's admins can add vehicles, mark defects fixed and set the workshop address.",
      "manage-webhooks": "Only a company's admins can set up its webhook.",
    })[action] ?? "Your role in this company does not allow this.",
  lastAdminDemoted: "A company needs at least one admin: make someone else an admin first.",
  lastAdminLeaving:
    "A company needs at least one admin: make someone else an admin before the last one leaves.",
  alreadyInOrganisation:
    "This account already belongs to a company. Leave it first to make or join another one.",
  /** An invitation link or join code that is unknown, already used or past its 7 days: one answer for all. */
  inviteInvalid:
    "This invitation is not valid: it may have been used already, withdrawn by the company or have expired. Please ask the company for a new one.",
  /** Revoking an invitation that is not open: another company's, made up, used, expired or revoked already. */
  inviteNotOpen: "No such open invitation: it may have been used, withdrawn or have expired.",
  inviteForAnotherAddress:
    "This invitation was sent to another email address. Log in with the account of that address, or ask the company to invite this one.",
  /** An export asked for while the company's allowance of exports at once is being made (decision record 034). */
  exportsBusy: (limit: number): string =>
    `Your company already has ${limit === 1 ? "an export" : `${limit} exports`} being made, the most at once. Please try again in a few seconds, once ${limit === 1 ? "it has" : "one has"} downloaded.`,
  /** While an export is built and fetched, before the browser saves it. */
  exportPreparing: (label: string): string => `Preparing ${label}: it downloads when ready.`,
  /** An export that would hold more rows than one download may: never a file cut short (decision record 034). */
  exportTooManyRows: (maxRows: number): string =>
    `This export would hold more than ${maxRows.toLocaleString("en-GB")} rows, more than one download may. Please narrow the date range: export fewer week endings at a time.`,
  invitesLimited: (waitMs: number): string =>
    `Too many invitations have been sent for now. Please try again in ${waitText(waitMs)}.`,
  inviteSent: (email: string): string => `Invitation sent to ${email}. The link works once, for 7 days.`,
  // The Company screen (decision record 029)
  companyLoadFailed: (detail: string): string => `Could not load your company: ${detail}`,
  companyCreated: (name: string): string => `${name} is set up, with you as its admin.`,
  /** "a driver", "an admin". */
  roleWithArticle: (role: Role): string => ROLE_WORDS[role].withArticle,
  roleChangeConfirm: (name: string, role: Role): string =>
    `${name} becomes ${ROLE_WORDS[role].withArticle}. ${ROLE_WORDS[role].meaning}`,
  roleChanged: (name: string, role: Role): string => `${name} is now ${ROLE_WORDS[role].withArticle}.`,
  removeMemberConfirm: (name: string, company: string): string =>
    `${name} will no longer be a member of ${company}. The forms they made while a member stay with the company (and stay theirs too); forms they make from now on are theirs only.`,
  memberRemoved: (name: string): string => `${name} has been removed. Their forms stay with the company.`,
  leaveConfirm: (company: string): string =>
    `You will no longer be a member of ${company}. The forms you made while a member stay with the company (and stay yours too); forms you make from now on are yours only.`,
  leftCompany: (company: string): string => `You have left ${company}.`,
  revokeInviteConfirm: (what: string, joined: number): string =>
    `Nobody can join with ${what} from now on.${joined > 0 ? ` The ${joined} ${joined === 1 ? "person who" : "people who"} joined by it stay members.` : ""}`,
  inviteRevoked: (what: string): string => `Revoked ${what}: nobody can join with it any more.`,
  joinCodeExplained:
    "Anyone who scans this code can join with the role shown, for 7 days or until you revoke it under Open Invitations. It cannot be shown again once you leave this screen: make a new one if you need it.",
  // The office review screen (decision record 029)
  reviewLoadFailed: (detail: string): string => `Could not load the weeks to review: ${detail}`,
  reviewMoreFailed: (detail: string): string => `Could not load more weeks: ${detail}`,
  reviewNothingSubmitted: "No submitted weeks yet. Weeks appear here once drivers submit their timesheets.",
  reviewNothingMatches: "No weeks match these filters. Change or clear them to see more.",
  reviewOnlySupervisors: "Only a company's supervisors and admins review its weeks.",
  reviewSetLoadFailed: (detail: string): string => `Could not load this week's forms: ${detail}`,
  reviewApproved: (set: string): string => `Approved: ${set}.`,
  reviewApproveFailed: (detail: string): string => `Not approved: ${detail}`,
  reviewSentBack: (set: string): string =>
    `Sent back to the driver: ${set}. They see your reason when they open the form.`,
  reviewSendBackFailed: (detail: string): string => `Not sent back: ${detail}`,
  reviewReopened: (set: string): string =>
    `Reopened: ${set}. The driver can change it again; its next PDF says it was amended after approval, and why.`,
  reviewReopenFailed: (detail: string): string => `Not reopened: ${detail}`,
  reviewReopenReasonRequired:
    "Please say why the approved week is reopened: it is kept and printed on its PDF.",
  reviewReasonRequired: "Please say why the form goes back, so the driver knows what to change.",
  reviewRatingRequired: "Please choose a rating.",
  bulkApproveConfirm: (count: number): string =>
    `Approve ${count} ${count === 1 ? "week" : "weeks"} with this rating? Each is locked against its driver's changes once approved.`,
  bulkApproveProgress: (done: number, count: number): string => `Approving ${done} of ${count}...`,
  bulkApproveResult: (approved: number, failed: number): string =>
    `${approved} ${approved === 1 ? "week" : "weeks"} approved${failed > 0 ? `, ${failed} not approved (see below)` : ""}.`,
} as const;
