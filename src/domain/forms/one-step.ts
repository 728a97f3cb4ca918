import { z } from "zod";
import { type Rating, RatingSchema } from "../sets/rating";
import type { Notice } from "../text/messages";
import { MAX_NOTES_LENGTH } from "./constants";

/**
 * One-step completion without an account (spec section 7): the request each form spec makes and the answer. Apart
 * from the rest of the API's schemas, because the wizards load the specs: a wizard's start builds these, not every
 * schema of the API (decision record 031).
 */

/** The one-step completion answers: success and message. */
export const OneStepResponseSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  /** Everyone the form was mailed to, the account holder's copy included. */
  recipients: z.array(z.string()).optional(),
});
export type OneStepResponse = z.infer<typeof OneStepResponseSchema>;

const SupervisorNotesSchema = z.string().max(MAX_NOTES_LENGTH).default("");

/**
 * A one-step completion's body (spec section 7): the form under `member`, the rating and its notes, checked as the
 * form's own submit button checks it (`problem`, given the form as sent and the rating).
 */
export function oneStepRequestSchema<M extends string, I extends z.ZodType>(
  member: M,
  input: I,
  problem: (form: z.output<I>, rating: Rating) => Notice | null,
) {
  const shape = {
    [member]: input,
    supervisorRating: RatingSchema,
    supervisorNotes: SupervisorNotesSchema,
  } as {
    [K in M]: I;
  } & { supervisorRating: typeof RatingSchema; supervisorNotes: typeof SupervisorNotesSchema };
  return z.object(shape).superRefine((parsed, ctx) => {
    const body = parsed as Record<M, z.output<I>> & { supervisorRating: Rating };
    const found = problem(body[member], body.supervisorRating);
    if (found) ctx.addIssue({ code: "custom", path: [member], message: found.description });
  });
}
