import { z } from "zod";
import { MAX_NOTES_LENGTH } from "./constants";
import { SignatureDataUrlSchema } from "./signatures";

/** The supervisor's rating of the driver: three values (spec sections 3 and 9). */
export const RATINGS = ["happy", "okay", "unhappy"] as const;
export type Rating = (typeof RATINGS)[number];
export const RatingSchema = z.enum(RATINGS);

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

export function ratingLabel(rating: Rating): string {
  return RATING_LABELS[rating];
}

export function ratingToastLabel(rating: Rating): string {
  return RATING_TOAST_LABELS[rating];
}

export function ratingFace(rating: Rating): string {
  return RATING_FACES[rating];
}

const notes = z.string().max(MAX_NOTES_LENGTH);

/** Spec section 3: rating, notes (also sent as supervisorNotes), ratedAt. Notes are optional. */
export const SupervisorRatingSchema = z.object({
  rating: RatingSchema,
  notes: notes.default(""),
  supervisorNotes: notes.optional(),
  ratedAt: z.iso.datetime({ offset: true }),
});
export type SupervisorRating = z.infer<typeof SupervisorRatingSchema>;

const signerName = z.string().trim().min(1).max(200);

/** Spec section 3: the client's and foreman's signatures and names, when, and notes. */
export const SupervisorApprovalSchema = z.object({
  clientSignature: SignatureDataUrlSchema,
  clientName: signerName,
  foremanSignature: SignatureDataUrlSchema,
  foremanName: signerName,
  approvedAt: z.iso.datetime({ offset: true }),
  supervisorNotes: notes.default(""),
});
export type SupervisorApproval = z.infer<typeof SupervisorApprovalSchema>;
