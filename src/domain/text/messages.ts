import { MAX_PHOTOS } from "../forms/constants";
import { english } from "./i18n/english";
import type { MessageKey as CatalogKey, MessageValues } from "./i18n/translate";

/** A toast: a short title and a sentence under it (the spec writes them "Title - Description"). */
export interface Notice {
  title: string;
  description: string;
  /** The messages of the same words, where they are in the catalogs: screens show them in the reader's language. */
  keys?: NoticeKeys;
}

/** A notice's messages: its title, and its description (unless given as it came) with its values. */
export interface NoticeKeys {
  title: CatalogKey;
  description?: CatalogKey;
  values?: MessageValues;
}

/**
 * A notice with its messages beside its English words. The keys are not enumerable: a notice's words are its
 * title and description, and an answer that carries one, or a comparison of two, sees only those.
 */
function withKeys(words: { title: string; description: string }, keys: NoticeKeys): Notice {
  return Object.defineProperty({ ...words }, "keys", { value: keys, enumerable: false });
}

/** A notice worded from the catalogs: the English here, the keys for the reader's language. */
function notice(title: CatalogKey, description: CatalogKey, values?: MessageValues): Notice {
  return withKeys(
    { title: english(title, values), description: english(description, values) },
    values ? { title, description, values } : { title, description },
  );
}

/** A server message worth showing, or nothing: blank text counts as nothing. */
function given(message: string | null | undefined): string | null {
  return typeof message === "string" && message.trim() !== "" ? message.trim() : null;
}

/** A notice that says what went wrong in the words it was given, or in the catalog's `fallback` when none were. */
function noticeSaying(title: CatalogKey, fallback: CatalogKey, words?: string | null): Notice {
  const description = given(words);
  return description ? withKeys({ title: english(title), description }, { title }) : notice(title, fallback);
}

/** "A", "A or B", "A, B, or C": the spec's list of order prefixes, with its comma before the "or". */
export function alternatives(items: readonly string[]): string {
  if (items.length <= 2) return items.join(" or ");
  return `${items.slice(0, -1).join(", ")}, or ${items.at(-1)}`;
}

/**
 * Every user-facing message of the spec (sections 4, 5 and 8), in one place.
 * Screens and routes import these; they never spell a message themselves.
 * Templated messages are small functions; toasts are `Notice`s.
 */

export const messages = {
  // Customer selection and order numbers (spec section 5)
  orderNumberValid: english("order.formatValid"),
  orderNumberInvalid: english("order.mustStartWith", { prefixes: alternatives(["P-", "S-", "M-"]) }),
  /** A company's own prefixes in the spec's sentence; for the spec's P-, S-, M- it is orderNumberInvalid. */
  orderNumberMustStartWith: (prefixes: readonly string[]): string =>
    english("order.mustStartWith", { prefixes: alternatives(prefixes) }),
  /** What the empty Order Number field asks for, with an example of the rule's first prefix. */
  orderNumberPlaceholder: (prefix: string): string => english("order.placeholder", { prefix }),
  /** The hint under the Order Number field. */
  orderNumberHint: (prefixes: readonly string[]): string =>
    english("order.hint", { prefixes: alternatives(prefixes) }),
  orderValidationFailed: english("order.validationFailed"),

  // Consent (spec section 4)
  consentDeclined: english("consent.declined"),

  // Generic HTTP failure (spec section 8): status, colon, space, then the body or the status text.
  httpError: (status: number, body: string, statusText: string): string =>
    `${status}: ${body !== "" ? body : statusText}`,

  /** The spec's wording for a call that got no reply, as its network variants end. */
  checkConnection: english("failure.checkConnection"),

  // Accounts (spec sections 5 and 8)
  loginFieldsRequired: english("auth.loginFieldsRequired"),
  /** The spec's words; the fields are now the full name and email (the password is chosen at the emailed link). */
  registerFieldsRequired: english("auth.registerFieldsRequired"),
  /** Not in the spec: the password chosen for a new account keeps the same minimum as a changed one. */
  registerPasswordTooShort: english("auth.registerPasswordTooShort"),
  /** Not in the spec: the rule, shown under the password chosen for a new account. */
  registerPasswordRule: english("auth.registerPasswordRule"),
  passwordFieldsRequired: english("auth.passwordFieldsRequired"),
  passwordMismatch: english("auth.passwordMismatch"),
  passwordTooShort: english("auth.passwordTooShort"),
  resetEmailRequired: english("auth.resetEmailRequired"),
  loginFailed: (serverMessage: string): string => english("auth.loginFailed", { reason: serverMessage }),
  loginFailedHint: english("auth.loginFailedHint"),
  loginNetworkFailed: english("auth.loginNetworkFailed"),
  accountCreationFailed: (serverMessage: string): string =>
    english("auth.accountCreationFailed", { reason: serverMessage }),
  accountCreationNetworkFailed: english("auth.accountCreationNetworkFailed"),
  passwordChangeFailed: (serverMessage?: string | null): string => {
    const message = given(serverMessage);
    return message
      ? english("auth.passwordChangeFailed", { reason: message })
      : english("auth.passwordChangeFailedRetry");
  },
  passwordResetFailed: (serverMessage?: string | null): string => {
    const message = given(serverMessage);
    return message
      ? english("auth.passwordResetFailed", { reason: message })
      : english("auth.passwordResetFailedRetry");
  },
  passwordChanged: english("auth.passwordChanged"),
  passwordResetSent: english("auth.passwordResetSent"),
  /** Not in the spec: the answer after a reset link's new password is saved. */
  passwordResetDone: english("auth.passwordResetDone"),
  /** Not in the spec: the Account tab could not fetch the signed-in account. */
  accountLoadFailed: (errorMessage?: string | null): string =>
    english("account.loadFailed", { error: given(errorMessage) ?? english("account.unknownError") }),
  /** Not in the spec: a reset link that is malformed, already used or too old. */
  resetLinkInvalid: english("auth.resetLinkInvalid"),
  /**
   * Not in the spec: the answer to every well-formed registration, whether or not the address has an account
   * (its owner is mailed instead), so that the answer never tells which addresses have one.
   */
  registrationMailSent: english("auth.registrationMailSent"),
  /** Not in the spec: under Check Your Email, once a sign-up is sent. */
  registrationCheckEmail: (email: string): string => english("auth.checkEmailText", { email }),
  /**
   * Not in the spec: the sign-up link's page says whose account it makes before anything is made, so a link
   * someone sent to make a stranger work in their account shows that account's address.
   */
  confirmAccountFor: (fullName: string, email: string): string =>
    english("auth.confirmAccountFor", { fullName, email }),
  confirmAccountNotYours: english("auth.confirmAccountNotYours"),
  /** Not in the spec: a sign-up link that is malformed, already used, replaced by a newer one or too old. */
  registrationLinkInvalid: english("auth.registrationLinkInvalid"),
  /**
   * Not in the spec's words: the session ended (30 minutes without use, or a working day since login), asked
   * over the screen the person was on, which stays as it was (decision record 041).
   */
  sessionExpired: {
    title: english("auth.sessionExpiredTitle"),
    description: english("auth.sessionExpiredDescription"),
  } satisfies Notice,
  /** The same words for a driver and an office: an account is an account. */
  logIn: english("auth.logIn"),
  loggingIn: english("auth.loggingIn"),
  createAccount: english("auth.createAccount"),
  logOut: english("auth.logOut"),
  /** The button of the account's own tabs (Operator Dashboard, Driver History, ...), its name shown beside its icon. */
  moreOptions: english("home.moreOptions"),

  // Submission and dispatch (spec sections 5 and 8)
  /** The email dispatch dialog. */
  emailAddressRequired: english("dispatch.emailRequired"),
  /** The combined-approval screen's alert of the same rule. */
  approvalEmailAddressRequired: english("approval.emailRequired"),
  invalidEmailAddresses: (addresses: readonly string[]): string =>
    english("recipients.checkAddresses", { count: addresses.length, addresses: addresses.join(", ") }),
  /** The spec alerts on a missing rating at dispatch without wording it. */
  approvalRatingRequired: english("approval.ratingRequired"),
  invalidEmailNotice: (addresses: readonly string[]): Notice =>
    notice("submitProblem.invalidEmailTitle", "submitProblem.invalidEmailDescription", {
      count: addresses.length,
      addresses: addresses.join(", "),
    }),
  approvalSignaturesRequired: english("approval.signaturesRequired"),
  supervisorRatingRequired: notice("submitProblem.ratingTitle", "submitProblem.ratingDescription"),
  submissionEmailRequired: notice("submitProblem.emailTitle", "submitProblem.emailDescription"),
  /** The week's hour meter readings: one is not a number, or the end is below the start. */
  meterNotANumber: (reading: string): Notice => notice("meter.problemTitle", "meter.notANumber", { reading }),
  meterBackwards: (start: number, end: number): Notice =>
    notice("meter.problemTitle", "meter.backwards", { start, end }),
  /** A timesheet day's hours by kind are wrong: the title names the day, the description what is wrong. */
  hireDayProblem: (problem: CatalogKey, values: MessageValues): Notice =>
    notice("hire.problem.title", problem, values),
  signaturesRequired: notice("submitProblem.signaturesTitle", "submitProblem.signaturesDescription"),
  machineSafeRequired: notice("submitProblem.machineSafeTitle", "submitProblem.machineSafeDescription"),
  /** Every signature is in but the date beside them is not: said as it is, not as a missing signature. */
  signatureDateRequired: notice("submitProblem.dateTitle", "submitProblem.dateDescription"),
  signaturesAndDateRequired: notice(
    "submitProblem.signaturesTitle",
    "submitProblem.signaturesAndDateDescription",
  ),
  submissionFailed: (serverMessage: string): string =>
    english("supervisor.submissionFailed", { reason: serverMessage }),
  submissionNetworkFailed: english("supervisor.submissionNetworkFailed"),
  emailDispatchFailed: (serverMessage: string): string =>
    english("supervisor.dispatchFailed", { reason: serverMessage }),
  emailDispatchNetworkFailed: english("supervisor.dispatchNetworkFailed"),
  oneStepFailed: (errorMessage?: string | null): Notice =>
    noticeSaying("oneStep.failedTitle", "oneStep.failed", errorMessage),
  /** A one-step submission's failure worded from the catalogs. */
  oneStepFailedWith: (description: CatalogKey, values?: MessageValues): Notice =>
    notice("oneStep.failedTitle", description, values),
  invalidResponseFormat: english("failure.invalidResponse"),
  oneStepCompletionFailed: english("oneStep.completionFailed"),
  checkSheetSubmitFailed: {
    title: "Submission Failed",
    description: "Failed to submit check sheet. Please try again.",
  } satisfies Notice,
  combinedSubmitted: english("supervisor.combinedSubmitted"),
  formsDispatched: (addresses: readonly string[]): string =>
    english("dispatch.dispatched", { count: addresses.length, addresses: addresses.join(", ") }),
  formsApprovedAndEmailed: (addresses: readonly string[]): string =>
    english("approval.approvedAndEmailed", { addresses: addresses.join(", ") }),
  /** Get Approval's toast description: who the pack for approval went to. */
  sentForApproval: (addresses: readonly string[]): string =>
    english("supervisor.sentForApproval", { addresses: addresses.join(", ") }),
  /** The supervisor list's legend: what each light means and what to do next, one line each. */
  trafficLightLegend: [
    ["red", "light.red", "light.legendRed"],
    ["orange", "light.orange", "light.legendOrange"],
    ["green", "light.green", "light.legendGreen"],
    ["approved", "formStatus.approved", "light.legendApproved"],
    ["dispatched", "formStatus.dispatched", "light.legendDispatched"],
  ] as const,
  /** The question before anything mails a pack, and who will get it. */
  confirmSendTitle: english("supervisor.confirmSendTitle"),
  confirmGetApproval: (addresses: readonly string[]): string =>
    addresses.length === 0
      ? english("supervisor.confirmGetApprovalNobody")
      : english("supervisor.confirmGetApproval", { count: addresses.length }),
  confirmDispatch: (addresses: readonly string[]): string =>
    english("supervisor.confirmDispatch", { count: addresses.length }),
  // The rating is the client's confidential word on the driver, and this notice shows on the driver's phone
  // (spec: "Rating submitted confidentially"): it says that a rating went, never which.
  timesheetOneStepSucceeded: notice("timesheet.submittedTitle", "timesheet.submittedDescription"),
  offHireOneStepSucceeded: notice("offHire.submittedTitle", "offHire.submittedDescription"),
  checkSheetOneStepSucceeded: {
    title: "Check Sheet Submitted Successfully",
    description: "Safety check sheet submitted, rating submitted confidentially. Email sent to client!",
  } satisfies Notice,
  /** The screen after a submission: what was sent and to whom, instead of a blank form. */
  sentTitle: (noun: string) => english("sent.title", { form: formParam(noun) }),
  sentToHeading: english("sent.toHeading"),
  sentToSupervisor: english("sent.toSupervisor"),
  /** A company member's form: it went to the company's office for review, whoever else it was mailed to. */
  sentToOffice: (company: string) => english("sent.toOffice", { company }),
  submittedToOffice: (noun: string, company: string): Notice =>
    notice("wizard.submittedToOfficeTitle", "wizard.submittedToOfficeDescription", {
      form: formParam(noun),
      company,
    }),
  sentSummaryHeading: english("sent.summaryHeading"),
  sentAnother: (noun: string) => english("wizard.startNew", { form: formParam(noun) }),
  sentBackHome: english("wizard.backToHome"),
  /** Said after a completed form's success notice: everyone its mail went to. */
  mailedTo: (addresses: readonly string[]) => english("wizard.mailedTo", { addresses: addresses.join(", ") }),
  checkSheetSubmitted: {
    title: "Check Sheet Submitted",
    description: "Your completed check sheet has been sent to supervisor approval dashboard.",
  } satisfies Notice,

  // Drafts, archive and delete (spec section 8)
  /** Not in the spec: signed and sent forms are evidence and stay as they were signed. */
  formLocked: english("apiError.formLocked"),
  timesheetDraftSaved: english("timesheet.draftSaved"),
  checkSheetDraftSaved: {
    title: "Draft Saved",
    description:
      "Your check sheet has been saved as a draft and will appear in the supervisor approval section.",
  } satisfies Notice,
  checkSheetSaveFailed: (errorMessage?: string | null): Notice => ({
    title: "Save Failed",
    description: `Failed to save check sheet data: ${given(errorMessage) ?? "Unknown error"}`,
  }),
  draftSaveFailed: (errorMessage?: string | null): Notice => {
    const error = given(errorMessage);
    return error
      ? notice("wizard.saveFailedTitle", "wizard.draftSaveFailed", { error })
      : notice("wizard.saveFailedTitle", "wizard.draftSaveFailedUnknown");
  },
  /** Not in the spec: opening a saved draft for editing failed. */
  draftLoadFailed: (errorMessage?: string | null): string =>
    english("wizard.draftLoadFailed", { error: given(errorMessage) ?? english("wizard.unknownError") }),
  formsArchived: english("supervisor.formsArchived"),
  formsDeleted: english("supervisor.formsDeleted"),
  /** Not in the spec: one form (not a set) was deleted. */
  formDeleted: english("supervisor.formDeleted"),
  /** Not in the spec: Clear All Drafts finished. */
  draftsCleared: (count: number): string => english("supervisor.draftsCleared", { count }),
  archiveFailed: english("supervisor.archiveFailed"),
  deleteFormsFailed: english("supervisor.deleteFormsFailed"),
  deleteFormFailed: english("supervisor.deleteFormFailed"),
  deleteFormNetworkFailed: english("supervisor.deleteFormNetworkFailed"),
  clearDraftsFailed: english("supervisor.clearDraftsFailed"),

  // QR scanner (spec section 8)
  qrNotFound: notice("qr.notFoundTitle", "qr.notFoundDescription"),
  cameraNotAvailable: notice("qr.cameraNotAvailableTitle", "qr.cameraNotAvailableDescription"),
  /** Not in the spec: the lookup itself failed (no signal, server trouble), as opposed to an unknown code. */
  vehicleLookupFailed: (errorMessage?: string | null): Notice =>
    noticeSaying("qr.lookupFailedTitle", "qr.lookupFailedDescription", errorMessage),

  // Photo uploads (spec section 8; the spec names the generic ones without wording them)
  uploadExpired: "Request has expired",
  uploadNon2xx: "Non 2xx",
  uploadUnknownError: "Unknown error",
  uploadEndpointMissing: "Upload endpoint not found. Please try again later.",
  photoTooLarge: (fileName: string): string => english("photo.tooLarge", { name: fileName }),
  photoNotImage: (fileName: string): string => english("photo.notImage", { name: fileName }),
  photoLimitReached: english("photo.limitReached", { max: MAX_PHOTOS }),
  photoDuplicate: (fileName: string): string => english("photo.duplicate", { name: fileName }),
  /** Not in the spec: a form kept on the phone lists a photo whose upload failed or was thrown away. */
  photoNotUploaded: "A photo on this form was not uploaded. Please remove it and add it again.",
  /** Not in the spec: a photo waiting to be uploaded is no longer kept on the phone. */
  photoNotOnPhone: "This photo is no longer kept on this phone. Please add it again.",
  /** Not in the spec: a photo taken without signal, shown from the phone until it is uploaded. */
  photoWaitingToUpload: english("photoStep.waitingToUpload"),
  uploadNoInternet: "No internet connection. Please check your connection and try again.",
  uploadFailed: (errorMessage?: string | null): string => {
    const message = given(errorMessage);
    return message ? `Upload failed: ${message}` : english("upload.failed");
  },

  // The check sheet's safety step (spec section 2), word for word
  fuelNotice: english("check.fuelNotice"),
  damagesNotice: english("check.damagesNotice"),

  // Hours (spec section 5: a day counts only when finish is later than start)
  finishNotAfterStart: english("week.finishNotAfterStart"),

  // Working offline (not in the spec: the home page promises the app works offline)
  offline: english("offline.badge"),
  savedOnPhone: english("saved.onPhone"),
  savedOnPhoneNotice: notice("saved.noticeTitle", "saved.noticeDescription"),
  savedOnPhoneSignIn: notice("saved.noticeTitle", "saved.signInDescription"),
  waitingToSend: (count: number): string => english("outbox.waitingToSend", { count }),
  notSent: (count: number): string => english("outbox.notSent", { count }),
  outboxEmpty: english("outbox.empty"),
  outboxSignInToSend: english("outbox.signInToSend"),
  outboxWaiting: english("outbox.waitingForSignal"),
  outboxWaitingLimited: (reason: string, until: string): string =>
    english("outbox.waitingLimited", { reason, until }),
  savedOnPhoneLimited: (reason: string): Notice =>
    notice("saved.limitedTitle", "saved.limitedDescription", { reason }),
  outboxRefused: (reason: string): string => english("outbox.refused", { reason }),
  newVersionReady: english("update.ready"),
  formRestored: english("restored.notice"),
  characterLimit: (used: number, limit: number): string =>
    used >= limit
      ? english("field.limitReached", { limit: String(limit) })
      : english("field.limitNear", { used: String(used), limit: String(limit), left: limit - used }),
  discardRestored: (noun: string, loses: string): string =>
    english("restored.discardDescription", {
      form: formParam(noun),
      loses,
    }),
  formLockedRecord: (noun: string): string =>
    `This ${noun} has been approved or completed, so it can no longer be changed. Here is its record.`,
  shownOffline: (savedAt: string): string => english("offline.shownOffline", { savedAt }),
  listRefreshedOffline: (refreshedAt: string): string => english("offline.listRefreshed", { refreshedAt }),
  unsentAtLogout: (count: number): string => english("logout.unsent", { count }),

  // Recipients of a form's mail
  recipientAlreadyListed: (address: string): string => english("recipients.alreadyListed", { address }),
  recipientListFull: (max: number): string => english("recipients.listFull", { max }),
  anonymousEmailRowsFull: (max: number): string => english("recipients.anonymousFull", { max }),

  // Week ending (spec section 5: advised, never enforced)
  weekEndingNotSaturday: (dayName: string): string => english("weekEnding.notSaturday", { day: dayName }),
} as const;

export type MessageKey = keyof typeof messages;

/** A wait as the catalogs' refusals word it, rounded up: 1 minute, 45 minutes, then whole hours from 2 hours. */
export function waitParams(waitMs: number): { unit: "minutes" | "hours"; count: number } {
  const minutes = Math.max(1, Math.ceil(waitMs / 60_000));
  return minutes < 120
    ? { unit: "minutes", count: minutes }
    : { unit: "hours", count: Math.ceil(minutes / 60) };
}

/** A form's noun as the catalogs' messages select it. */
export function formParam(noun: string): "timesheet" | "check-sheet" | "offHire" {
  if (noun === "timesheet") return "timesheet";
  return noun === "off-hire note" ? "offHire" : "check-sheet";
}

/** A form kind as the catalogs' messages select it ("off-hire" is no ICU selector). */
export function formKindParam(
  kind: "timesheet" | "check-sheet" | "off-hire",
): "timesheet" | "check-sheet" | "offHire" {
  return kind === "off-hire" ? "offHire" : kind;
}
