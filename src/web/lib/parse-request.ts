import type { z } from "zod";
import { schemaWords } from "./server-words";

export type ParsedRequest<T> = { data: T; problem?: undefined } | { data?: undefined; problem: string };

/**
 * A form's values as the request the domain schema describes. The spec's own check comes first, so the
 * person sees the spec's message (e.g. 'Please fill in all fields...'); the schema then catches what the
 * spec does not word, such as an email that is not an address.
 */
export function parseRequest<S extends z.ZodType>(
  specProblem: string | null,
  schema: S,
  values: unknown,
): ParsedRequest<z.output<S>> {
  if (specProblem !== null) return { problem: specProblem };
  const result = schema.safeParse(values);
  if (result.success) return { data: result.data };
  // The schema's words, in the reader's language where the catalogs have them.
  return { problem: schemaWords(result.error.issues[0]?.message ?? result.error.message) };
}
