import { z } from "zod";
import { MAX_NOTES_LENGTH } from "../forms/constants";
import { ImageRefSchema } from "../forms/image-ref";
import { SignatureDataUrlSchema } from "../forms/signatures";
import { RATINGS } from "./rating-labels";

export {
  isRating,
  RATING_FACES,
  RATING_LABELS,
  RATING_TOAST_LABELS,
  RATINGS,
  type Rating,
  ratingFace,
  ratingLabel,
  ratingToastLabel,
} from "./rating-labels";

export const RatingSchema = z.enum(RATINGS);

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

/** An approval as a stored set answers it: its signatures are the addresses of the stored images. */
export const StoredApprovalSchema = SupervisorApprovalSchema.extend({
  clientSignature: ImageRefSchema,
  foremanSignature: ImageRefSchema,
});
