/**
 * True when a database error is a unique or primary-key violation, on either dialect. Lets callers turn a
 * lost race (two inserts of the same key) into a clean answer instead of a 500.
 */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== "object" || error === null || !("code" in error)) return false;
  const { code } = error;
  // 23505 is PostgreSQL's unique_violation; better-sqlite3 reports SQLite's extended result codes.
  return code === "23505" || code === "SQLITE_CONSTRAINT_UNIQUE" || code === "SQLITE_CONSTRAINT_PRIMARYKEY";
}
