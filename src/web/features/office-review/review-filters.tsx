import ChevronDown from "lucide-react/icons/chevron-down";
import Search from "lucide-react/icons/search";
import SlidersHorizontal from "lucide-react/icons/sliders-horizontal";
import X from "lucide-react/icons/x";
import { useId, useState } from "react";
import { MAX_REVIEW_FILTER_LENGTH } from "../../../domain/company/office-review";
import { shortFieldLabel } from "../../../domain/forms/field-labels";
import type { MessageKey } from "../../../domain/text/i18n/translate";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { Input } from "../../components/ui/input";
import { Label } from "../../components/ui/label";
import { TEXT_BOX_CLASSES } from "../../components/ui/with-classes";
import { cn } from "../../lib/cn";
import { useT } from "../../lib/i18n";
import {
  hasReviewFilters,
  NO_REVIEW_FILTERS,
  type ReviewFilters,
  statusFilterChoices,
} from "../../rules/office-review-screen";

// The driver and plant filters take the start of a name or number (a range of an index: decision record 039);
// site and customer any part. The placeholder says which.
const TEXT_FIELDS = [
  { key: "driver", label: "review.driver", hint: "review.startsWith" },
  { key: "plant", label: null, hint: "review.startsWith" },
  { key: "site", label: "review.site", hint: "review.anyPart" },
  { key: "customer", label: "customer.label", hint: "review.anyPart" },
] as const satisfies ReadonlyArray<{ key: string; label: MessageKey | null; hint: MessageKey }>;

/**
 * The review list's filters: the week ending, driver, plant, site, customer and status. Typed freely, applied
 * together by Filter (or Enter), so the list is not read again at every letter. On a phone they fold away behind
 * one button, open when any is applied, so the weeks come first.
 */
export function ReviewFiltersForm({
  applied,
  onApply,
  foldable = false,
}: {
  applied: ReviewFilters;
  onApply: (filters: ReviewFilters) => void;
  foldable?: boolean;
}) {
  const t = useT();
  const [draft, setDraft] = useState<ReviewFilters>(applied);
  const [open, setOpen] = useState(() => hasReviewFilters(applied));
  const id = useId();
  if (foldable && !open) {
    return (
      <Button
        variant="outline"
        aria-expanded={false}
        onClick={() => setOpen(true)}
        className="justify-between"
      >
        <span className="inline-flex items-center gap-2">
          <SlidersHorizontal aria-hidden="true" className="size-4" />
          {t("review.filters")}
        </span>
        <ChevronDown aria-hidden="true" className="size-4" />
      </Button>
    );
  }
  const set = <K extends keyof ReviewFilters>(key: K, value: ReviewFilters[K]) =>
    setDraft((current) => ({ ...current, [key]: value }));
  return (
    <Card className="p-4">
      {foldable ? (
        <Button
          variant="ghost"
          aria-expanded={true}
          onClick={() => setOpen(false)}
          className="mb-2 w-full justify-between"
        >
          <span className="inline-flex items-center gap-2">
            <SlidersHorizontal aria-hidden="true" className="size-4" />
            {t("review.filters")}
          </span>
          <ChevronDown aria-hidden="true" className="size-4 rotate-180" />
        </Button>
      ) : null}
      <form
        aria-label={t("review.filterWeeks")}
        className="grid grid-cols-1 gap-3 min-[28rem]:grid-cols-2 md:grid-cols-3 lg:grid-cols-7 lg:items-end"
        onSubmit={(event) => {
          event.preventDefault();
          onApply(draft);
        }}
      >
        <div>
          <Label htmlFor={`${id}-week`}>{t("review.weekEnding")}</Label>
          <Input
            id={`${id}-week`}
            type="date"
            value={draft.week}
            onChange={(event) => set("week", event.currentTarget.value)}
          />
        </div>
        {TEXT_FIELDS.map((field) => (
          <div key={field.key}>
            <Label htmlFor={`${id}-${field.key}`}>
              {field.label ? t(field.label) : shortFieldLabel("plantNumber", t)}
            </Label>
            <Input
              id={`${id}-${field.key}`}
              type="search"
              autoComplete="off"
              maxLength={MAX_REVIEW_FILTER_LENGTH}
              placeholder={t(field.hint)}
              value={draft[field.key]}
              onChange={(event) => set(field.key, event.currentTarget.value)}
            />
          </div>
        ))}
        <div>
          <Label htmlFor={`${id}-status`}>{t("review.status")}</Label>
          <select
            id={`${id}-status`}
            value={draft.status}
            onChange={(event) => set("status", event.currentTarget.value as ReviewFilters["status"])}
            className={cn(...TEXT_BOX_CLASSES, "min-h-12")}
          >
            {statusFilterChoices(t).map((choice) => (
              <option key={choice.value} value={choice.value}>
                {choice.label}
              </option>
            ))}
          </select>
        </div>
        <div className="flex gap-2 min-[28rem]:col-span-2 md:col-span-3 lg:col-span-1">
          <Button type="submit" className="min-h-12 flex-1">
            <Search aria-hidden="true" className="size-4" />
            {t("review.filter")}
          </Button>
          <Button
            variant="outline"
            className="min-h-12"
            aria-label={t("review.clearFilters")}
            onClick={() => {
              setDraft(NO_REVIEW_FILTERS);
              onApply(NO_REVIEW_FILTERS);
            }}
          >
            <X aria-hidden="true" className="size-4" />
            <span className="lg:sr-only">{t("review.clear")}</span>
          </Button>
        </div>
      </form>
    </Card>
  );
}
