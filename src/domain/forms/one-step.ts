import { z } from "zod";
import { type Rating, RatingSchema } from "../sets/rating";
import { DOCUMENT_LANGUAGES, LOCALES } from "../text/i18n/locales";
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
/** The language the form was filled in: the sender's copy is in it (an account's own choice wins). */
const SenderLanguageSchema = z.enum(LOCALES).optional();
/**
 * The language of the client's and office's copies, or both side by side; when not given, the sender's company's
 * language (English for a driver without one).
 */
const DocumentLanguageSchema = z.enum(DOCUMENT_LANGUAGES).optional();

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
    language: SenderLanguageSchema,
    documentLanguage: DocumentLanguageSchema,
  } as {
    [K in M]: I;
  } & {
    supervisorRating: typeof RatingSchema;
    supervisorNotes: typeof SupervisorNotesSchema;
    language: typeof SenderLanguageSchema;
    documentLanguage: typeof DocumentLanguageSchema;
  };
  return z.object(shape).superRefine((parsed, ctx) => {
    const body = parsed as Record<M, z.output<I>> & { supervisorRating: Rating };
    const found = problem(body[member], body.supervisorRating);
    if (found) ctx.addIssue({ code: "custom", path: [member], message: found.description });
  });
}
