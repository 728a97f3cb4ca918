/**
 * The form types, as URLs, the device's copies and the API's answers name them. A module of its own, importing nothing: the app's
 * first screen reads it, and must not bring the form descriptions (their schemas and words) with it.
 */
export const FORM_KINDS = ["timesheet", "check-sheet", "off-hire"] as const;
export type FormKind = (typeof FORM_KINDS)[number];
