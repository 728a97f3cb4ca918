import type { InputHTMLAttributes } from "react";
import { cn } from "../../lib/cn";

export function Input({ className, ...props }: InputHTMLAttributes<HTMLInputElement>) {
  return (
    <input
      // 16 px text stops iOS Safari from zooming into the field on focus.
      className={cn(
        "block min-h-12 w-full rounded-lg border border-slate-300 bg-white px-3 text-base text-slate-900 placeholder:text-slate-500",
        "aria-invalid:border-red-600 disabled:opacity-50",
        "dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 dark:placeholder:text-slate-400 dark:aria-invalid:border-red-400",
        className,
      )}
      {...props}
    />
  );
}
