import { z } from "zod";
import { MIN_PASSWORD_LENGTH } from "../accounts/password";
import { CheckSheetInputSchema } from "../checks/check-sheet";
import { CompanyFormAnswerSchema } from "../company/company-state";
import { JoinCodeRoleSchema, OrganisationNameSchema, RoleSchema } from "../company/organisation";
import {
  MAX_EMAIL_LENGTH,
  MAX_EMAILS,
  MAX_NAME_LENGTH,
  MAX_NOTES_LENGTH,
  MAX_PASSWORD_LENGTH,
} from "../forms/constants";
import { IdSchema, IsoDateSchema } from "../forms/form-fields";
import { FORM_KINDS } from "../forms/form-spec";
import { FormStatusSchema } from "../forms/form-status";
import { isHttpUrlOrPath, PhotoUrlSchema } from "../forms/photos";
import { SignatureDataUrlSchema } from "../forms/signatures";
import { HireSettingsSchema, HireTermsSchema } from "../hire/hire-terms";
import { TimesheetInputSchema } from "../hours/timesheet";
import { timesheetIdOfCombined } from "../sets/pairing";
import {
  RatingSchema,
  StoredApprovalSchema,
  SupervisorApprovalSchema,
  SupervisorRatingSchema,
} from "../sets/rating";
import { isValidClientEmail, nonBlankEmails } from "../text/client-email";
import { LOCALES } from "../text/i18n/locales";
import { messages } from "../text/messages";

/**
 * Request bodies and answers of spec section 7. The web client sends these and the server
 * parses them with the same schemas; rules that need I/O (ownership, existence) stay on the server.
 */

// ---- Accounts --------------------------------------------------------------------------------

/** An account's email as typed for logging in: trimmed; its format is checked when the account is made. */
const LoginEmailSchema = z.string().trim().min(1, messages.loginFieldsRequired).max(MAX_EMAIL_LENGTH);
const AccountEmailSchema = z
  .string()
  .trim()
  .min(1, messages.registerFieldsRequired)
  .max(MAX_EMAIL_LENGTH)
  .pipe(z.email("Please enter a valid email address."));

function hasMinimumLength(value: string): boolean {
  return [...value].length >= MIN_PASSWORD_LENGTH;
}

const NewPasswordSchema = z
  .string()
  .max(MAX_PASSWORD_LENGTH)
  .refine(hasMinimumLength, messages.passwordTooShort);

export const LoginRequestSchema = z.object({
  email: LoginEmailSchema,
  password: z.string().min(1, messages.loginFieldsRequired).max(MAX_PASSWORD_LENGTH),
});
export type LoginRequest = z.infer<typeof LoginRequestSchema>;

/** The spec's answer is the full name; the session's times let the header show it. */
export const LoginResponseSchema = z.object({
  /** The account's id: what the phone keys its queued work and kept copies by (two drivers may share a name). */
  accountId: z.string().min(1),
  fullName: z.string(),
  email: z.string().optional(),
  loginTime: z.number().optional(),
  expiresAt: z.string().optional(),
  /** The language the account chose in the app; null before it chose one. */
  language: z.enum(LOCALES).nullable().optional(),
});
export type LoginResponse = z.infer<typeof LoginResponseSchema>;

/** PUT /api/drivers/me/language: the language chosen in the app's menu, kept on the account. */
export const ChooseLanguageRequestSchema = z.object({ language: z.enum(LOCALES) });
export type ChooseLanguageRequest = z.infer<typeof ChooseLanguageRequestSchema>;

/**
 * Beyond the spec (whose sign-up takes a password too): the name and address only. The password is chosen on
 * the page the emailed link opens, so someone who signs up with another person's address sets nothing for them.
 */
export const RegisterRequestSchema = z.object({
  fullName: z.string().trim().min(1, messages.registerFieldsRequired).max(MAX_NAME_LENGTH),
  email: AccountEmailSchema,
  /** The language the app was shown in: the sign-up mail is written in it, and the new account keeps it. */
  language: z.enum(LOCALES).optional(),
});
export type RegisterRequest = z.infer<typeof RegisterRequestSchema>;
/**
 * Beyond the spec (which answers the full name): registering answers only "check your email", the same for an
 * address that already has an account, and the account is made on the emailed link's page.
 */
export const RegisterResponseSchema = z.object({ message: z.string() });
export type RegisterResponse = z.infer<typeof RegisterResponseSchema>;

/** A link's single-use token (sign-up or password reset): what the emailed link carries. */
const LinkTokenSchema = z
  .string()
  .min(16)
  .max(200)
  .regex(/^[\w-]+$/);

/** GET /api/drivers/register/confirm?token=...: who a sign-up link is for, shown on its page before anything is made. */
export const RegisterLinkQuerySchema = z.object({ token: LinkTokenSchema });
export const RegisterLinkResponseSchema = z.object({ fullName: z.string(), email: z.string() });
export type RegisterLinkResponse = z.infer<typeof RegisterLinkResponseSchema>;

/**
 * Not in the spec: the sign-up link's token and the password chosen on its page. The answer is a login's: the new
 * account is signed in.
 */
export const RegisterConfirmRequestSchema = z.object({
  token: LinkTokenSchema,
  password: z.string().max(MAX_PASSWORD_LENGTH).refine(hasMinimumLength, messages.registerPasswordTooShort),
});
export type RegisterConfirmRequest = z.infer<typeof RegisterConfirmRequestSchema>;
export const RegisterConfirmResponseSchema = LoginResponseSchema;
export type RegisterConfirmResponse = LoginResponse;

export const ChangePasswordRequestSchema = z.object({
  email: LoginEmailSchema,
  currentPassword: z.string().min(1, messages.passwordFieldsRequired).max(MAX_PASSWORD_LENGTH),
  newPassword: NewPasswordSchema,
});
export type ChangePasswordRequest = z.infer<typeof ChangePasswordRequestSchema>;

export const ResetPasswordRequestSchema = z.object({
  email: z.string().trim().min(1, messages.resetEmailRequired).max(MAX_EMAIL_LENGTH),
});
export type ResetPasswordRequest = z.infer<typeof ResetPasswordRequestSchema>;

/** Not in the spec: the reset link's token and the new password. */
export const ResetPasswordConfirmRequestSchema = z.object({
  token: LinkTokenSchema,
  newPassword: NewPasswordSchema,
});
export type ResetPasswordConfirmRequest = z.infer<typeof ResetPasswordConfirmRequestSchema>;

// ---- Answers shared by many calls --------------------------------------------------------------

export const MessageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof MessageResponseSchema>;

/** Create and update answers: "JSON with id". */
export const IdResponseSchema = z.object({ id: z.string() });
export type IdResponse = z.infer<typeof IdResponseSchema>;

/** The largest page a form list answers. */
export const MAX_FORM_PAGE_SIZE = 100;

/**
 * GET /api/timesheets?status=draft and GET /api/check-sheets?status=draft. Without `limit` and `cursor` the
 * answer is every matching form, whole, as an array; with either it is one page (`limit`, default 50, at most
 * 100) as a FormPage of summaries, and `cursor` is the previous page's `nextCursor`.
 */
export const FormListQuerySchema = z.object({
  status: FormStatusSchema.optional(),
  limit: z.coerce.number().int().min(1).max(MAX_FORM_PAGE_SIZE).optional(),
  cursor: z.string().min(1).max(500).optional(),
});
export type FormListQuery = z.infer<typeof FormListQuerySchema>;

/** GET /api/timesheets/stand-downs: the plant and the week a timesheet is for. */
export const StandDownsQuerySchema = z.object({
  plant: z.string().trim().min(1).max(50),
  weekEnding: IsoDateSchema,
});
export type StandDownsQuery = z.infer<typeof StandDownsQuerySchema>;

/**
 * A form as a page of a list shows it: the fields a list needs, not the whole form (GET it by id for that), so a
 * page costs the same whatever the forms hold. Times are ISO-8601; fields not filled in yet are null.
 */
const FormSummaryFieldsSchema = z.object({
  id: z.string(),
  status: FormStatusSchema,
  plantNumber: z.string().nullable(),
  driverSignedName: z.string().nullable(),
  customerId: z.string().nullable(),
  orderNumber: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  submittedAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  /** A company member's form in the company's words (decision record 040); absent or null otherwise. */
  companyState: CompanyFormAnswerSchema.optional(),
});
export const TimesheetSummarySchema = FormSummaryFieldsSchema.extend({ weekEnding: z.string().nullable() });
export type TimesheetSummary = z.infer<typeof TimesheetSummarySchema>;
export const CheckSheetSummarySchema = FormSummaryFieldsSchema.extend({ checkDate: z.string().nullable() });
export type CheckSheetSummary = z.infer<typeof CheckSheetSummarySchema>;

/** One page of a form list: `nextCursor` fetches the next one, and is null on the last. */
export interface FormPage<T extends TimesheetSummary | CheckSheetSummary> {
  items: T[];
  nextCursor: string | null;
}

// ---- Email address lists -----------------------------------------------------------------------

const ClientEmailSchema = z
  .string()
  .refine(isValidClientEmail, { error: (issue) => messages.invalidEmailAddresses([String(issue.input)]) });

/** Email rows as sent: blank rows dropped, then at least one, at most 20, each a client address. */
export function emailAddressListSchema(requiredMessage: string) {
  return z
    .array(z.string().max(MAX_EMAIL_LENGTH))
    .max(MAX_EMAILS * 2)
    .transform((rows) => nonBlankEmails(rows))
    .pipe(z.array(ClientEmailSchema).min(1, requiredMessage).max(MAX_EMAILS));
}

// ---- Combined sets (accounts) ------------------------------------------------------------------

/** 'combined-' plus a timesheet's UUID. */
export const CombinedIdSchema = z
  .string()
  .max(100)
  .refine((value) => IdSchema.safeParse(timesheetIdOfCombined(value)).success, "Not a combined set id");

const StoredTimesheetRefSchema = TimesheetInputSchema.extend({ id: IdSchema });
const StoredCheckSheetRefSchema = CheckSheetInputSchema.extend({ id: IdSchema });
const CheckSheetRefsSchema = z.array(StoredCheckSheetRefSchema).min(1).max(50);

/** The set's id must be the one its timesheet gives it. */
function combinedIdMatches(combinedId: string, timesheetId: string): boolean {
  return timesheetIdOfCombined(combinedId) === timesheetId;
}

/**
 * POST /api/combined-submission: a green set's Get Approval, which submits it by email. Beyond the spec,
 * the client's and foreman's approval and the driver's rating may come with it when they were collected
 * on the way; they then travel with the set into its dispatch.
 */
export const CombinedSubmissionRequestSchema = z
  .object({
    combinedId: CombinedIdSchema,
    timesheet: StoredTimesheetRefSchema,
    checkSheets: CheckSheetRefsSchema,
    supervisorApproval: SupervisorApprovalSchema.optional(),
    supervisorRating: SupervisorRatingSchema.optional(),
  })
  .refine((body) => combinedIdMatches(body.combinedId, body.timesheet.id), {
    path: ["combinedId"],
    message: "The combined id does not match its timesheet",
  });
export type CombinedSubmissionRequest = z.infer<typeof CombinedSubmissionRequestSchema>;

/** POST /api/supervisor/email-dispatch: the Email Dispatch dialog. */
export const EmailDispatchRequestSchema = z.object({
  combinedId: CombinedIdSchema,
  emailAddresses: emailAddressListSchema(messages.emailAddressRequired),
  message: z.string().max(MAX_NOTES_LENGTH).default(""),
});
export type EmailDispatchRequest = z.infer<typeof EmailDispatchRequestSchema>;

/** The set as the approval dashboard holds it, with the client's and foreman's signatures. */
export const CombinedFormDataSchema = z.object({
  id: CombinedIdSchema,
  type: z.literal("combined").optional(),
  timesheet: StoredTimesheetRefSchema,
  checkSheets: CheckSheetRefsSchema,
  driverName: z.string().max(MAX_NAME_LENGTH).optional(),
  plantNumber: z.string().max(MAX_NAME_LENGTH).optional(),
  weekEnding: z.string().max(10).optional(),
  createdAt: z.string().max(40).optional(),
  clientSignature: SignatureDataUrlSchema,
  clientName: z.string().trim().min(1).max(MAX_NAME_LENGTH),
  foremanSignature: SignatureDataUrlSchema,
  foremanName: z.string().trim().min(1).max(MAX_NAME_LENGTH),
});
export type CombinedFormData = z.infer<typeof CombinedFormDataSchema>;

/** POST /api/supervisor-email-dispatch: 'Email to Clients & Complete' on the approval dashboard. */
export const SupervisorEmailDispatchRequestSchema = z
  .object({
    combinedFormData: CombinedFormDataSchema,
    emailAddresses: emailAddressListSchema(messages.approvalEmailAddressRequired),
    supervisorApproval: SupervisorApprovalSchema,
    supervisorRating: SupervisorRatingSchema,
  })
  .refine((body) => combinedIdMatches(body.combinedFormData.id, body.combinedFormData.timesheet.id), {
    path: ["combinedFormData", "id"],
    message: "The combined id does not match its timesheet",
  });
export type SupervisorEmailDispatchRequest = z.infer<typeof SupervisorEmailDispatchRequestSchema>;

/** The answer of both dispatch calls: the spec's toast counts the recipients. */
export const DispatchResponseSchema = z.object({
  success: z.boolean(),
  /** In English; `key` and `params` name the catalog's message it was worded from (read by readMessageRef). */
  message: z.string(),
  key: z.string().optional(),
  params: z.unknown().optional(),
  recipients: z.number().int().nonnegative(),
  /** Every address the pack went to, the account holder's copy included. */
  recipientAddresses: z.array(z.string()).optional(),
});
export type DispatchResponse = z.infer<typeof DispatchResponseSchema>;

/** POST /api/combined-forms/{id}/complete. */
export const CompleteCombinedRequestSchema = z.object({ status: z.literal("completed") });
export type CompleteCombinedRequest = z.infer<typeof CompleteCombinedRequestSchema>;

/**
 * A combined set as the server stores it once approved: its members (fixed at approval), where it stands,
 * and the client's and foreman's approval and the driver's rating once given. GET /api/combined-sets lists
 * them; GET /api/completed-forms/{id} of a set's timesheet carries its set with the check sheets.
 */
export const StoredSetSchema = z.object({
  id: z.string(),
  timesheetId: z.string(),
  checkSheetIds: z.array(z.string()),
  status: FormStatusSchema,
  approval: StoredApprovalSchema.nullable(),
  rating: z.object({ rating: RatingSchema, notes: z.string(), ratedAt: z.string().nullable() }).nullable(),
});
export type StoredSet = z.infer<typeof StoredSetSchema>;

// ---- The completed-form view -------------------------------------------------------------------

/**
 * A stored form as the API answers it; the view reads its fields by name. In the completed view each form also
 * carries `signedContentFingerprint`, the SHA-256 its PDF prints, and `unprintableCharacters`, those of its
 * text that its PDF prints as boxes (`unprintableCharacters` in `printed-text.ts`).
 */
const ApiFormSchema = z.record(z.string(), z.unknown());

/**
 * GET /api/completed-forms/{id} (for the owner, or with the emailed link's token). Beyond the spec: the
 * timesheet heading an approved combined set comes with its stored set and the set's check sheets, so the
 * link in the set's email shows the whole pack.
 */
export const CompletedFormResponseSchema = z.object({
  type: z.enum(FORM_KINDS),
  form: ApiFormSchema,
  set: StoredSetSchema.extend({ checkSheets: z.array(ApiFormSchema) }).optional(),
});
export type CompletedFormResponse = z.infer<typeof CompletedFormResponseSchema>;

/** The emailed link's token, on the view and on the images and photos it shows. */
export const ViewTokenQuerySchema = z.object({ token: z.string().min(16).max(200).optional() });

// ---- Uploads -----------------------------------------------------------------------------------

/**
 * POST /api/objects/upload: where to PUT the photo (object storage, or a path on this server), and, beyond the
 * spec, the URL the photo will be read from once uploaded, to keep in the check sheet's photo list.
 */
export const UploadResponseSchema = z.object({
  photoURL: PhotoUrlSchema,
  // Presigned object-store URLs carry long signatures, hence the larger limit.
  uploadURL: z.string().min(1).max(8192).refine(isHttpUrlOrPath, "Not an upload URL"),
});
export type UploadResponse = z.infer<typeof UploadResponseSchema>;

// ---- Organisations (decision record 029) ----------------------------------------------------------

/** POST /api/organisations: the account that makes it becomes its first admin. */
export const CreateOrganisationRequestSchema = z.object({ name: OrganisationNameSchema });
export type CreateOrganisationRequest = z.infer<typeof CreateOrganisationRequestSchema>;

/** A member as supervisors and admins see the list. */
export const OrganisationMemberSchema = z.object({
  accountId: z.string(),
  fullName: z.string(),
  email: z.string(),
  role: RoleSchema,
  joinedAt: z.string(),
});
export type OrganisationMember = z.infer<typeof OrganisationMemberSchema>;

/**
 * An organisation as one of its members sees it: its name and their role; the members too for those whose
 * role may see them (supervisors and admins).
 */
export const OrganisationResponseSchema = z.object({
  id: z.string(),
  name: z.string(),
  role: RoleSchema,
  /** The language the office works in (English unless its admin picked another). */
  language: z.enum(LOCALES),
  /** What its clients are charged for while a machine is on hire: its admin's terms, or the defaults. */
  hireTerms: HireTermsSchema,
  /** How far a week's hour meter may differ from its worked hours before the office review flags it. */
  meterToleranceHours: z.number(),
  /** The office member its admin picked to be mailed its drivers' off-hire notes; null for no one. */
  hireDeskAccountId: z.string().nullable(),
  members: z.array(OrganisationMemberSchema).optional(),
});
export type OrganisationResponse = z.infer<typeof OrganisationResponseSchema>;

/** PUT /api/organisations/{id}/hire-terms: the company's whole terms, as its admin set them. */
export const SetHireTermsRequestSchema = HireSettingsSchema;
export type SetHireTermsRequest = z.infer<typeof SetHireTermsRequestSchema>;

/** PUT /api/organisations/{id}/hire-desk: a supervisor or admin of the company, or no one. */
export const SetHireDeskRequestSchema = z.object({ accountId: IdSchema.nullable() });
export type SetHireDeskRequest = z.infer<typeof SetHireDeskRequestSchema>;

/** GET /api/organisations/mine: the signed-in account's organisation, or null for an individual driver. */
export const MyOrganisationResponseSchema = z.object({ organisation: OrganisationResponseSchema.nullable() });
export type MyOrganisationResponse = z.infer<typeof MyOrganisationResponseSchema>;

/** POST /api/organisations/{id}/invites: a single-use link mailed to the address, for the role given. */
export const InviteRequestSchema = z.object({ email: AccountEmailSchema, role: RoleSchema });
export type InviteRequest = z.infer<typeof InviteRequestSchema>;
export const InviteResponseSchema = z.object({
  id: z.string(),
  /** In English; `key` and `params` name the catalog's message it was worded from (read by readMessageRef). */
  message: z.string(),
  key: z.string().optional(),
  params: z.unknown().optional(),
  expiresAt: z.string(),
});
export type InviteResponse = z.infer<typeof InviteResponseSchema>;

/**
 * POST /api/organisations/{id}/join-codes: a join link to show as a QR code, that lets in everyone who scans it
 * as a driver (the only role it may be for) until it expires or is revoked.
 */
export const JoinCodeRequestSchema = z.object({ role: JoinCodeRoleSchema });
export type JoinCodeRequest = z.infer<typeof JoinCodeRequestSchema>;
export const JoinCodeResponseSchema = z.object({
  id: z.string(),
  joinUrl: z.string(),
  role: JoinCodeRoleSchema,
  expiresAt: z.string(),
});
export type JoinCodeResponse = z.infer<typeof JoinCodeResponseSchema>;

/**
 * GET /api/organisations/{id}/invites: the invitations and join codes that still let someone in, for its admins.
 * Never the link itself: only its token's hash is kept.
 */
export const OpenInviteSchema = z.object({
  id: z.string(),
  kind: z.enum(["email", "join-code"]),
  /** The address a mailed invitation went to; null for a join code. */
  email: z.string().nullable(),
  role: RoleSchema,
  createdAt: z.string(),
  expiresAt: z.string(),
  createdByName: z.string().nullable(),
  /** How many have joined by it. */
  uses: z.number().int(),
});
export type OpenInvite = z.infer<typeof OpenInviteSchema>;
export const OpenInvitesResponseSchema = z.object({ invites: z.array(OpenInviteSchema) });
export type OpenInvitesResponse = z.infer<typeof OpenInvitesResponseSchema>;

/** PUT /api/organisations/{id}/members/{accountId}. */
export const ChangeRoleRequestSchema = z.object({ role: RoleSchema });
export type ChangeRoleRequest = z.infer<typeof ChangeRoleRequestSchema>;

/** GET /api/invites?token=...: what the invitation is to, and nothing else, for the driver to confirm. */
export const InviteTokenQuerySchema = z.object({ token: LinkTokenSchema });
export const InviteViewResponseSchema = z.object({ organisationName: z.string(), role: RoleSchema });
export type InviteViewResponse = z.infer<typeof InviteViewResponseSchema>;

/** POST /api/invites/accept: the driver's confirmation; the answer is the organisation they joined. */
export const AcceptInviteRequestSchema = z.object({ token: LinkTokenSchema });
export type AcceptInviteRequest = z.infer<typeof AcceptInviteRequestSchema>;

/**
 * GET /api/workshop-confirmation?token=... (what the link is for, confirming nothing) and POST
 * /api/workshop-confirmation with `{ token }` (the person at the workshop address confirms): no account needed.
 */
export const WorkshopTokenSchema = z.object({ token: LinkTokenSchema });
export type WorkshopTokenRequest = z.infer<typeof WorkshopTokenSchema>;
/** Both answers: which company's defect alerts, to which address. */
export interface WorkshopLinkResponse {
  organisationName: string;
  email: string;
  /** How many alerts are mailed one by one in an hour before the rest wait for the hour's summary. */
  alertsPerHour: number;
}

/** GET /api/organisations/{id}/forms?kind=timesheet: members' forms, one page of summaries at a time. */
export const OrganisationFormsQuerySchema = z.object({
  kind: z.enum(FORM_KINDS),
  limit: z.coerce.number().int().min(1).max(MAX_FORM_PAGE_SIZE).optional(),
  cursor: z.string().min(1).max(500).optional(),
});
export type OrganisationFormsQuery = z.infer<typeof OrganisationFormsQuerySchema>;
