/** Business constants and limits of spec section 9 that are not about toasts (see `toast.ts`). */

/** Logged-in drafts are saved this often. */
export const AUTO_SAVE_INTERVAL_MS = 30_000;
/** After a successful check sheet submit the app returns home after this delay. */
export const REDIRECT_AFTER_SUBMIT_MS = 2_000;
/** The rating buttons hide, and the email panel opens, this long after a rating is chosen. */
export const RATING_HIDE_DELAY_MS = 500;
/** An active section's highlight clears after this long. */
export const HIGHLIGHT_MS = 3_000;

export const MAX_PHOTOS = 5;
/** 10 MB, per photo. */
export const MAX_PHOTO_BYTES = 10_485_760;
/** Signed upload URLs are valid this long when the caller does not say. */
export const UPLOAD_URL_TTL_SECONDS = 604_800;

export const TOOLTIP_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;

/** Signature pad ink (spec section 9). */
export const SIGNATURE_LINE_WIDTH = 2;
export const SIGNATURE_COLOR = "#000000";

/**
 * The QR scanner's camera request (spec section 7): the rear camera preferred (not required, so a
 * laptop's only camera still works), 640x480 ideally, at most 1280x720.
 */
export const QR_CAMERA_VIDEO = {
  facingMode: "environment",
  width: { ideal: 640, max: 1280 },
  height: { ideal: 480, max: 720 },
} as const;
/** How often the scanner reads the camera picture for a code: quick to react, light on a phone's battery. */
export const QR_SCAN_INTERVAL_MS = 250;

/** Dates are displayed the British way. */
export const DATE_LOCALE = "en-GB";

/** Size limits for free text, so a bad client cannot store megabytes in a name. */
export const MAX_NAME_LENGTH = 200;
export const MAX_NOTES_LENGTH = 5_000;
export const MAX_EMAIL_LENGTH = 254;
export const MAX_EMAILS = 20;
/** Addresses one form filled in without an account may be emailed to: a site office, accounts, a foreman. */
export const MAX_ANONYMOUS_EMAILS = 5;
export const MAX_URL_LENGTH = 2_048;
export const MAX_PASSWORD_LENGTH = 128;
/** A signature PNG from a phone-sized pad is well under this; ~300 KB of data URL text. */
export const MAX_SIGNATURE_DATA_URL_LENGTH = 300 * 1024;

/** Browser storage keys: product-specific, the session under its own key (spec section 3). */
export const STORAGE_KEYS = {
  session: "plant-sheets.session",
  theme: "plant-sheets.theme",
  /** The language chosen in the header's menu (a Locale, or a test's pseudo-locale). */
  language: "plant-sheets.language",
  /** The language chosen for the client's copy of a signed form (a DocumentLanguage). */
  documentLanguage: "plant-sheets.document-language",
  privacyAccepted: "plant-sheets.privacy-accepted",
  privacyAcceptedDate: "plant-sheets.privacy-accepted-date",
  privacyRejected: "plant-sheets.privacy-rejected",
  formMemory: "plant-sheets.form-memory",
  /** The invitation a signed-out driver was looking at, to open again once they have signed in. */
  returnAfterSignIn: "plant-sheets.return-after-sign-in",
  /** Set for demonstrations and tests: the QR dialog then offers 'Simulate QR Detection'. */
  demoMode: "plant-sheets.demo-mode",
} as const;
