import { useId } from "react";
import { RATING_FACES, RATINGS, type Rating } from "../../../domain/sets/rating";
import { ratingLabel } from "../../../domain/sets/rating-labels";
import { cn } from "../../lib/cn";
import { useT } from "../../lib/i18n";

/**
 * The office's rating of a week: the spec's three faces as one labelled group of radio buttons. Unlike the
 * on-site picker it stays visible (the office is not handing a phone around), so the choice can be checked.
 */
export function RatingChoice({
  value,
  onChange,
  legend,
  invalid = false,
}: {
  value: Rating | null;
  onChange: (rating: Rating) => void;
  legend?: string;
  invalid?: boolean;
}) {
  const t = useT();
  const name = useId();
  return (
    <fieldset>
      <legend className="mb-1.5 text-sm font-semibold text-slate-800 dark:text-slate-200">
        {legend ?? t("field.supervisorRating.short")}
      </legend>
      <div className="grid grid-cols-3 gap-2">
        {RATINGS.map((rating) => (
          <label
            key={rating}
            className={cn(
              "flex min-h-24 cursor-pointer flex-col items-center justify-center gap-1 rounded-xl border-2 px-1 py-2 text-center font-semibold break-words hyphens-auto transition-colors",
              "border-slate-300 bg-white text-slate-900 hover:bg-slate-50 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800",
              "has-checked:border-amber-500 has-checked:bg-amber-50 dark:has-checked:bg-amber-400/15",
              "has-focus-visible:outline-2 has-focus-visible:outline-amber-500",
              invalid && "border-red-600 dark:border-red-400",
            )}
          >
            <input
              type="radio"
              name={name}
              value={rating}
              checked={value === rating}
              onChange={() => onChange(rating)}
              className="sr-only"
            />
            <span aria-hidden="true" className="text-2xl leading-none">
              {RATING_FACES[rating]}
            </span>
            {ratingLabel(rating, t)}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
