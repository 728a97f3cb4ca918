import type { z } from "zod";
import { AppError, type ErrorText } from "./app-error";

/** Parses a request part with its domain schema; a refusal names the first bad field. */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  let result: z.ZodSafeParseResult<z.infer<S>>;
  try {
    result = schema.safeParse(value);
  } catch (cause) {
    // zod measures anything with a `length`, even where it expected a string, so hostile JSON can throw inside it.
    throw new AppError("validation_failed", "apiError.invalidInput", { cause });
  }
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  if (!issue) throw new AppError("validation_failed", "apiError.invalidInput");
  throw new AppError("validation_failed", fieldProblem(issue.path.join("."), issue.message));
}

/**
 * A field's refusal: in English the field and the schema's own words ("name: Please enter the company's name."),
 * in another language a sentence naming the field. Either may quote what was typed: only ever as a value.
 */
export function fieldProblem(field: string, problem: string): ErrorText {
  return field === ""
    ? { key: "apiError.inputInvalid", params: { problem } }
    : { key: "apiError.fieldInvalid", params: { field, problem } };
}
