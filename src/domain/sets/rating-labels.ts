import { english } from "../text/i18n/english";
import type { MessageKey, Translator } from "../text/i18n/translate";

// Kept apart from rating.ts and free of zod: the toast messages use these, and they load with the first screen.

/** The supervisor's rating of the driver: three values (spec sections 3 and 9). */
export const RATINGS = ["happy", "okay", "unhappy"] as const;
export type Rating = (typeof RATINGS)[number];

/** Labels of the rating buttons: Excellent, Average, Poor. */
export const RATING_LABELS: Readonly<Record<Rating, string>> = {
  happy: "Excellent",
  okay: "Average",
  unhappy: "Poor",
};

/** The variant used in confirmations (spec section 5 choices and the success toast): Excellent, OK, Needs Work. */
export const RATING_TOAST_LABELS: Readonly<Record<Rating, string>> = {
  happy: "Excellent",
  okay: "OK",
  unhappy: "Needs Work",
};

/** Happy, neutral and sad faces. */
export const RATING_FACES: Readonly<Record<Rating, string>> = {
  happy: "😊",
  okay: "😐",
  unhappy: "😞",
};

export function isRating(value: unknown): value is Rating {
  return typeof value === "string" && (RATINGS as readonly string[]).includes(value);
}

/** The rating buttons' words in the catalogs. */
const RATING_LABEL_KEYS: Readonly<Record<Rating, MessageKey>> = {
  happy: "rating.happy",
  okay: "rating.okay",
  unhappy: "rating.unhappy",
};

/** A rating button's word, in the reader's language (English, as RATING_LABELS, unless a `t` is given). */
export function ratingLabel(rating: Rating, t: Translator["t"] = english): string {
  return t(RATING_LABEL_KEYS[rating]);
}

export function ratingToastLabel(rating: Rating): string {
  return RATING_TOAST_LABELS[rating];
}

export function ratingFace(rating: Rating): string {
  return RATING_FACES[rating];
}
