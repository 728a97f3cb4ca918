import CircleCheck from "lucide-react/icons/circle-check";
import CircleAlert from "lucide-react/icons/circle-exclamation-point";

/** What became of an action: done (read out politely) or failed (read out at once). */
export type Outcome = { ok: true; text: string } | { ok: false; text: string };

export const done = (text: string): Outcome => ({ ok: true, text });
export const failed = (text: string): Outcome => ({ ok: false, text });

/** A problem, in words, where the action was asked for. */
export function Problem({ text }: { text: string }) {
  return (
    <p
      role="alert"
      className="flex gap-2 rounded-lg border border-red-300 bg-red-50 p-3 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100"
    >
      <CircleAlert aria-hidden="true" className="mt-1 size-4 shrink-0" />
      <span className="min-w-0 break-words">{text}</span>
    </p>
  );
}

/** The result of the last action of a section, kept on screen until the next one. */
export function OutcomeNote({ outcome }: { outcome: Outcome | null }) {
  if (!outcome) return null;
  if (!outcome.ok) return <Problem text={outcome.text} />;
  return (
    <p
      role="status"
      className="flex gap-2 rounded-lg border border-emerald-300 bg-emerald-50 p-3 text-emerald-950 dark:border-emerald-800 dark:bg-emerald-950 dark:text-emerald-100"
    >
      <CircleCheck aria-hidden="true" className="mt-1 size-4 shrink-0" />
      <span className="min-w-0 break-words">{outcome.text}</span>
    </p>
  );
}
