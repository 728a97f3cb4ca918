import type { FastifyInstance } from "fastify";
import { AppError } from "./app-error";

function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === "string") return value.includes("\u0000");
  if (depth > 64 || value === null || typeof value !== "object" || Buffer.isBuffer(value)) return false;
  // Plain loops: this runs over every field of every request body.
  if (Array.isArray(value)) {
    for (const item of value) if (containsNul(item, depth + 1)) return true;
    return false;
  }
  const record = value as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    if (key.includes("\u0000") || containsNul(record[key], depth + 1)) return true;
  }
  return false;
}

/** Bodies whose text could not hold a NUL: JSON without a single \u escape, which is how JSON writes one. */
const nulFreeBodies = new WeakSet<object>();

/** Spares a body its walk through every field: the parser already knows it holds no NUL. */
export function markNulFree(body: object): void {
  nulFreeBodies.add(body);
}

/**
 * No field of the product holds a NUL character, and PostgreSQL cannot store one in text while SQLite can: refusing
 * it before any handler runs keeps both databases answering alike, with 400 and nothing written.
 */
export function registerNulCheck(app: FastifyInstance): void {
  app.addHook("preValidation", async (request) => {
    if (
      /%00/i.test(request.url) ||
      containsNul(request.params) ||
      containsNul(request.query) ||
      (!nulFreeBodies.has(request.body as object) && containsNul(request.body))
    ) {
      throw new AppError("bad_request", "apiError.unstorableCharacters");
    }
  });
}
