import type { LabelHTMLAttributes } from "react";
import { cn } from "../../lib/cn";

export function Label({ className, ...props }: LabelHTMLAttributes<HTMLLabelElement>) {
  return (
    // biome-ignore lint/a11y/noLabelWithoutControl: callers pass htmlFor; the control is not a child here.
    <label
      className={cn("mb-1.5 block text-sm font-semibold text-slate-800 dark:text-slate-200", className)}
      {...props}
    />
  );
}
