import { cn } from "../lib/cn";

interface ProgressBarProps {
  /** What is under way, for screen readers. */
  label: string;
  /** 0 to 100. */
  percent: number;
  className?: string;
}

/** An amber bar filling left to right as `percent` grows. */
export function ProgressBar({ label, percent, className }: ProgressBarProps) {
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      className={cn(className, "h-3 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-800")}
    >
      <div className="h-full rounded-full bg-amber-500 transition-[width]" style={{ width: `${percent}%` }} />
    </div>
  );
}
