import { z } from "zod";
import { parseStoredJson } from "../../domain/forms/stored-json";

/**
 * Where a driver goes after signing in, when they were on their way somewhere: today only an invitation's page,
 * which asked them to log in or create an account first. Kept on the phone while they do (the sign-up link is
 * opened from their mail, possibly much later), for as long as a sign-up link works, and used once.
 */
export const RETURN_AFTER_SIGN_IN_MS = 24 * 60 * 60 * 1000;

/** Only an invitation's page of this app: never another site, whatever the stored value says. */
const RETURN_PATH = /^\/join\?token=[\w-]{20,200}$/;

const StoredReturnSchema = z.object({ path: z.string().regex(RETURN_PATH), savedAt: z.number() });

export function isReturnPath(path: string): boolean {
  return RETURN_PATH.test(path);
}

export function serializeReturn(path: string, now: number): string {
  return JSON.stringify({ path, savedAt: now });
}

/** The stored path while it is an invitation's page saved in the last 24 hours; null otherwise. */
export function parseStoredReturn(raw: string | null, now: number): string | null {
  const parsed = StoredReturnSchema.safeParse(parseStoredJson(raw));
  if (!parsed.success) return null;
  const age = now - parsed.data.savedAt;
  return age >= 0 && age < RETURN_AFTER_SIGN_IN_MS ? parsed.data.path : null;
}
