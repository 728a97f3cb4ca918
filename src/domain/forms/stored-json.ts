/**
 * A value kept on the phone as JSON, or undefined when there is none or it cannot be read: a corrupt value
 * must never break the screen that reads it.
 */
export function parseStoredJson(raw: string | null): unknown {
  if (raw === null) return undefined;
  try {
    return JSON.parse(raw);
  } catch {
    return undefined;
  }
}
