import { z } from "zod";

/**
 * A form the company's office sent back to its driver (decision record 029): the driver's own read of the form
 * answers `sentBack: { reason, at }` until the next approval. Kept apart from company-messages.ts so that the
 * driver's screens carry only these few words of the company layer.
 */
export const SentBackSchema = z.object({ reason: z.string(), at: z.string() });
export type SentBack = z.infer<typeof SentBackSchema>;

/** The send-back a form answer carries, or null when it has none (or none that reads as one). */
export function sentBackOf(form: unknown): SentBack | null {
  if (typeof form !== "object" || form === null || !("sentBack" in form)) return null;
  const parsed = SentBackSchema.safeParse(form.sentBack);
  return parsed.success && parsed.data.reason.trim() !== "" ? parsed.data : null;
}

/** The reasons of a set's forms sent back, each once, in the forms' order (one reason often covers the set). */
export function sentBackReasons(forms: readonly unknown[]): string[] {
  return [...new Set(forms.flatMap((form) => sentBackOf(form)?.reason ?? []))];
}

/** What the driver reads on the form and its card. */
export const sentBackHeading = "Sent back by your company";
