import MessageSquareWarning from "lucide-react/icons/message-square-exclamation-point";
import { cn } from "../lib/cn";
import { useT } from "../lib/i18n";

/**
 * Why the company's office sent a form back to its driver, in the office's own words (shown as text, never as
 * markup), on the form as it opens and on its card in the driver's list.
 */
export function SentBackNotice({
  reasons,
  className,
  heading: givenHeading,
  hint,
}: {
  reasons: readonly string[];
  className?: string;
  /** "Sent back by your company" or "Reopened by your company". */
  heading?: string;
  /** What to do next, under the reason. */
  hint?: string;
}) {
  const t = useT();
  if (reasons.length === 0) return null;
  const heading = givenHeading ?? t("sentBack.heading");
  return (
    <div
      role="note"
      aria-label={heading}
      className={cn(
        "flex gap-3 rounded-lg border border-amber-400 bg-amber-50 p-3 text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100",
        className,
      )}
    >
      <MessageSquareWarning aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      <div className="min-w-0">
        <p className="font-semibold">{heading}</p>
        {reasons.map((reason) => (
          <p key={reason} className="break-words whitespace-pre-line">
            {reason}
          </p>
        ))}
        {hint ? <p className="mt-1 text-sm">{hint}</p> : null}
      </div>
    </div>
  );
}
