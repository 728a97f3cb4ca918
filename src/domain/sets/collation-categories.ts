// Kept apart from collation.ts and free of zod: the app's paths parse the collation tab, and they load with the
// first screen.

export const COLLATION_CATEGORIES = ["ready", "incomplete", "needs_completion"] as const;
export type CollationCategory = (typeof COLLATION_CATEGORIES)[number];

/** The collation screen's tabs and counters, in order. */
export const COLLATION_CATEGORY_LABELS: Readonly<Record<CollationCategory, string>> = {
  ready: "Ready for Approval",
  incomplete: "Incomplete",
  needs_completion: "Needs Completion",
};

/** Each category's name as a message, for the reader's language. */
export const COLLATION_CATEGORY_KEYS = {
  ready: "formStatus.readyForApproval",
  incomplete: "status.incomplete",
  needs_completion: "status.needsCompletion",
} as const satisfies Readonly<Record<CollationCategory, string>>;
