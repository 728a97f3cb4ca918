import type { z } from "zod";
import { messages } from "../domain/text/messages";
import { AppError } from "./app-error";

/** Parses a request part with its domain schema; a refusal names the first bad field. */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  let result: z.ZodSafeParseResult<z.infer<S>>;
  try {
    result = schema.safeParse(value);
  } catch (cause) {
    // zod measures anything with a `length`, even where it expected a string, so hostile JSON can throw inside it.
    throw new AppError("validation_failed", messages.invalidInput, { cause });
  }
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const where = issue && issue.path.length > 0 ? `${issue.path.join(".")}: ` : "";
  throw new AppError("validation_failed", `${where}${issue?.message ?? messages.invalidInput}`);
}
