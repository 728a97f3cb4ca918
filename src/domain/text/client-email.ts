import { MAX_EMAIL_LENGTH, MAX_EMAILS } from "../forms/constants";

/** Names of made-up domains drivers type to get past the email field (spec section 5). */
export const BLOCKED_EMAIL_DOMAINS = [
  "test",
  "example",
  "fake",
  "dummy",
  "invalid",
  "temp",
  "throwaway",
  "123",
  "abc",
  "xyz",
  "asdf",
  "qwerty",
  "tempmail",
  "10minutemail",
] as const;

/** Top-level domains reserved so they never reach anyone (RFC 2606 and 6761). */
const RESERVED_TLDS = new Set(["test", "example", "invalid", "localhost"]);

/** Second-level labels under a country code that are not a company's name: "co" in acme.co.uk. */
const COUNTRY_SECOND_LEVELS = new Set([
  "co",
  "com",
  "org",
  "net",
  "ac",
  "gov",
  "ltd",
  "plc",
  "me",
  "sch",
  "nhs",
  "edu",
]);

/** A simple address pattern: something, @, then dot-separated labels ending in a 2+ letter TLD. */
const EMAIL = /^[^\s@,;<>"]+@(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,}$/i;

/**
 * The domain's name: the label before the TLD ("example" in user@example.com, user@mail.example.com),
 * or before the country's second level ("test" in user@test.co.uk).
 */
export function domainName(email: string): string | null {
  const at = email.lastIndexOf("@");
  if (at < 0) return null;
  const labels = email
    .slice(at + 1)
    .toLowerCase()
    .split(".");
  if (labels.length < 2) return null;
  const tld = labels[labels.length - 1] as string;
  let index = labels.length - 2;
  if (tld.length === 2 && index > 0 && COUNTRY_SECOND_LEVELS.has(labels[index] as string)) index -= 1;
  return labels[index] ?? null;
}

/**
 * A client address worth sending to: the simple pattern, and not a made-up domain (spec
 * section 5). "example.com", "test.co.uk" and "mail.fake.org" are refused; "example" inside a longer
 * name ("myexample.com") is a real company and passes.
 */
export function isValidClientEmail(email: string): boolean {
  const value = email.trim();
  if (value.length === 0 || value.length > MAX_EMAIL_LENGTH || !EMAIL.test(value)) return false;
  const tld = value.slice(value.lastIndexOf(".") + 1).toLowerCase();
  if (RESERVED_TLDS.has(tld)) return false;
  const name = domainName(value);
  return name !== null && !(BLOCKED_EMAIL_DOMAINS as readonly string[]).includes(name);
}

/** Comma-separated addresses: split, trimmed, empties dropped (spec section 5). */
export function parseEmailList(commaSeparated: string): string[] {
  return commaSeparated
    .split(",")
    .map((part) => part.trim())
    .filter((part) => part !== "");
}

/** The email rows that hold something, trimmed. */
export function nonBlankEmails(list: readonly (string | null | undefined)[]): string[] {
  return list.flatMap((entry) => (typeof entry === "string" && entry.trim() !== "" ? [entry.trim()] : []));
}

/** The non-blank rows, each address once: a second spelling of one already listed (any case) is dropped. */
export function distinctEmails(list: readonly (string | null | undefined)[]): string[] {
  const seen = new Set<string>();
  return nonBlankEmails(list).filter((email) => {
    const key = email.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The non-blank rows that are not valid client addresses, as typed (trimmed). */
export function invalidClientEmails(list: readonly (string | null | undefined)[]): string[] {
  return nonBlankEmails(list).filter((email) => !isValidClientEmail(email));
}

/** A typed row that gets the red border: something is there and it is not a client address. */
export function isInvalidEmailEntry(entry: string | null | undefined): boolean {
  return typeof entry === "string" && entry.trim() !== "" && !isValidClientEmail(entry);
}

/** '+ Add Another Email': one more empty row, up to the most a form may carry (fewer without an account). */
export function addEmailRow(rows: readonly string[], max: number = MAX_EMAILS): string[] {
  return rows.length >= max ? [...rows] : [...rows, ""];
}

/** A row may be removed only while more than one row exists (spec section 2). */
export function canRemoveEmailRow(rows: readonly string[]): boolean {
  return rows.length > 1;
}

/** Removes one row, never the last remaining one. */
export function removeEmailRow(rows: readonly string[], index: number): string[] {
  if (!canRemoveEmailRow(rows) || index < 0 || index >= rows.length) return [...rows];
  return rows.filter((_, i) => i !== index);
}

/** Replaces one row's text. */
export function setEmailRow(rows: readonly string[], index: number, value: string): string[] {
  if (index < 0 || index >= rows.length) return [...rows];
  return rows.map((row, i) => (i === index ? value : row));
}
