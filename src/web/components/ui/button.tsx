import type { ButtonHTMLAttributes, Ref } from "react";
import { cn } from "../../lib/cn";

export type ButtonVariant = "primary" | "secondary" | "outline" | "ghost" | "destructive";
export type ButtonSize = "default" | "lg" | "icon";

const variantClasses: Record<ButtonVariant, string> = {
  // Dark text on amber: white on amber fails contrast.
  primary: "bg-amber-500 text-slate-950 hover:bg-amber-400 active:bg-amber-600",
  secondary:
    "bg-slate-800 text-white hover:bg-slate-700 dark:bg-slate-200 dark:text-slate-900 dark:hover:bg-slate-300",
  outline:
    "border border-slate-300 bg-white text-slate-900 hover:bg-slate-100 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800",
  ghost: "text-slate-700 hover:bg-slate-200/70 dark:text-slate-200 dark:hover:bg-slate-800",
  destructive: "bg-red-700 text-white hover:bg-red-600",
};

// 44 px is the smallest tap target a gloved thumb reliably hits.
const sizeClasses: Record<ButtonSize, string> = {
  default: "min-h-11 px-4 text-base",
  lg: "min-h-12 px-5 text-base",
  icon: "size-11 shrink-0",
};

export function buttonClasses(variant: ButtonVariant = "primary", size: ButtonSize = "default"): string {
  return cn(
    "inline-flex items-center justify-center gap-2 rounded-lg font-semibold transition-colors select-none",
    "disabled:pointer-events-none disabled:opacity-50",
    variantClasses[variant],
    sizeClasses[size],
  );
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  ref?: Ref<HTMLButtonElement>;
  variant?: ButtonVariant;
  size?: ButtonSize;
}

export function Button({ variant, size, className, type = "button", ...props }: ButtonProps) {
  return <button type={type} className={cn(buttonClasses(variant, size), className)} {...props} />;
}
