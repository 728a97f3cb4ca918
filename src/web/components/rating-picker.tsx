import EyeOff from "lucide-react/icons/eye-off";
import { RATING_HIDE_DELAY_MS } from "../../domain/forms/constants";
import { RATING_FACES, RATINGS, type Rating, ratingLabel } from "../../domain/sets/rating";
import { cn } from "../lib/cn";
import { useT } from "../lib/i18n";
import { useDelayedFlag } from "../lib/use-delayed-flag";
import { Card } from "./ui/card";

interface RatingPickerProps {
  value: Rating | null;
  onChange: (rating: Rating) => void;
  title?: string;
  /** The line above the buttons, saying who rates what. */
  prompt?: string;
}

/**
 * The client's rating of the driver: three large face buttons. The driver usually holds the phone, so half a
 * second after a choice the buttons and the choice are hidden (spec section 4).
 */
export function RatingPicker({ value, onChange, title: givenTitle, prompt }: RatingPickerProps) {
  const t = useT();
  const title = givenTitle ?? t("rating.title");
  const hidden = useDelayedFlag(value !== null, RATING_HIDE_DELAY_MS);
  return (
    <Card role="region" aria-label={title} className="space-y-3">
      <h3 className="text-lg font-bold">{title}</h3>
      {hidden ? (
        <div role="status" className="flex items-start gap-3 rounded-lg bg-slate-100 p-4 dark:bg-slate-800">
          <EyeOff aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
          <div>
            <p className="font-semibold">{t("rating.hidden")}</p>
            <p className="text-sm text-slate-700 dark:text-slate-300">{t("rating.confidential")}</p>
          </div>
        </div>
      ) : (
        <>
          <p className="text-sm text-slate-700 dark:text-slate-300">{prompt ?? t("rating.weekPrompt")}</p>
          <div className="grid grid-cols-3 gap-2">
            {RATINGS.map((rating) => (
              <button
                key={rating}
                type="button"
                aria-pressed={value === rating}
                onClick={() => onChange(rating)}
                className={cn(
                  "flex min-h-24 flex-col items-center justify-center gap-1 rounded-xl border-2 px-1 font-semibold transition-colors",
                  "border-slate-300 bg-white text-slate-900 hover:bg-slate-50 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800",
                  "aria-pressed:border-amber-500 aria-pressed:bg-amber-50 dark:aria-pressed:bg-amber-400/15",
                )}
              >
                <span aria-hidden="true" className="text-4xl leading-none">
                  {RATING_FACES[rating]}
                </span>
                {ratingLabel(rating, t)}
              </button>
            ))}
          </div>
        </>
      )}
    </Card>
  );
}
