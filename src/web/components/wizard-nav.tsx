import ArrowLeft from "lucide-react/icons/arrow-left";
import ArrowRight from "lucide-react/icons/arrow-right";
import { type ReactNode, useEffect } from "react";
import { useT } from "../lib/i18n";
import { Button } from "./ui/button";

interface WizardNavProps {
  step: number;
  onPrevious: () => void;
  onNext: () => void;
  /** 'Next Step' by default; null hides it (a last step that submits with its own button). */
  nextLabel?: string | null;
  nextDisabled?: boolean;
  /** The icon after the label; an arrow by default, none for a last step that submits (its label is long). */
  nextIcon?: ReactNode;
  /** A short status beside the buttons, e.g. 'Saving...'. */
  status?: ReactNode;
}

/** Previous (disabled on step 1) and Next Step, kept at the bottom of the screen within thumb reach. */
export function WizardNav({
  step,
  onPrevious,
  onNext,
  nextLabel,
  nextDisabled,
  nextIcon = <ArrowRight aria-hidden="true" className="size-5" />,
  status,
}: WizardNavProps) {
  const t = useT();
  // The bar covers the bottom of the screen: a field focused or scrolled to must stop above it.
  useEffect(() => {
    const root = document.documentElement;
    root.style.scrollPaddingBottom = "7rem";
    return () => {
      root.style.scrollPaddingBottom = "";
    };
  }, []);

  return (
    <nav
      aria-label={t("wizard.navLabel")}
      className="sticky bottom-0 z-10 -mx-4 mt-6 border-t border-slate-200 bg-slate-100/95 px-4 py-3 backdrop-blur dark:border-slate-800 dark:bg-slate-950/95"
    >
      {/* Above the bar, not in it: the buttons never move under a thumb when the status appears. */}
      <div aria-live="polite" className="pointer-events-none absolute inset-x-0 -top-9 flex justify-center">
        {status ? (
          <span className="rounded-full bg-slate-900 px-3 py-1 text-sm font-medium text-white shadow dark:bg-slate-200 dark:text-slate-900">
            {status}
          </span>
        ) : null}
      </div>
      {/* A submit label is longer than 'Next Step': it gets the wider share, so it stays on one line. */}
      <div className={nextIcon === null ? "grid grid-cols-[2fr_3fr] gap-3" : "grid grid-cols-2 gap-3"}>
        <Button variant="outline" size="lg" disabled={step <= 1} onClick={onPrevious}>
          <ArrowLeft aria-hidden="true" className="size-5" />
          {t("wizard.previous")}
        </Button>
        {nextLabel === null ? null : (
          <Button size="lg" className="px-3" disabled={nextDisabled} onClick={onNext}>
            {nextLabel ?? t("wizard.next")}
            {nextIcon}
          </Button>
        )}
      </div>
    </nav>
  );
}
