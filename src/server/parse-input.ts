import type { z } from "zod";
import { AppError } from "./app-error";

/** Parses a request part with its domain schema; a refusal names the first bad field. */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const where = issue && issue.path.length > 0 ? `${issue.path.join(".")}: ` : "";
  throw new AppError("validation_failed", `${where}${issue?.message ?? "Invalid input"}`);
}
