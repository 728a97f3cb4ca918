import * as ToastPrimitive from "@radix-ui/react-toast";
import X from "lucide-react/icons/x";
import type { ComponentProps } from "react";
import { cn } from "../../lib/cn";
import { useT } from "../../lib/i18n";
import {
  TOAST_DURATION_MS,
  TOAST_HOTKEY,
  TOAST_MAX_WIDTH_PX,
  TOAST_SWIPE_DIRECTION,
  TOAST_SWIPE_THRESHOLD_PX,
} from "../../rules/toast";
import { withClasses } from "./with-classes";

export function ToastProvider(props: ComponentProps<typeof ToastPrimitive.Provider>) {
  return (
    <ToastPrimitive.Provider
      duration={TOAST_DURATION_MS}
      swipeDirection={TOAST_SWIPE_DIRECTION}
      swipeThreshold={TOAST_SWIPE_THRESHOLD_PX}
      {...props}
    />
  );
}

export function ToastViewport({ className, ...props }: ComponentProps<typeof ToastPrimitive.Viewport>) {
  return (
    <ToastPrimitive.Viewport
      hotkey={[...TOAST_HOTKEY]}
      style={{ maxWidth: TOAST_MAX_WIDTH_PX }}
      className={cn(
        "fixed top-0 end-0 z-[100] flex max-h-dvh w-full flex-col gap-2 p-4 outline-none",
        className,
      )}
      {...props}
    />
  );
}

export type ToastVariant = "default" | "destructive" | "success";

const variantClasses: Record<ToastVariant, string> = {
  default:
    "border-slate-200 bg-white text-slate-900 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100",
  destructive: "border-red-800 bg-red-700 text-white",
  success: "border-emerald-800 bg-emerald-700 text-white",
};

export function Toast({
  className,
  variant = "default",
  ...props
}: ComponentProps<typeof ToastPrimitive.Root> & { variant?: ToastVariant }) {
  return (
    <ToastPrimitive.Root
      className={cn(
        "group pointer-events-auto relative flex w-full items-start justify-between gap-3 overflow-hidden rounded-lg border p-4 pe-12 shadow-lg",
        // Follow the finger while swiping, spring back on cancel, slide out on a completed swipe.
        "data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=cancel]:translate-x-0 data-[swipe=cancel]:transition-transform",
        "data-[swipe=end]:translate-x-[var(--radix-toast-swipe-end-x)] data-[state=closed]:opacity-0 data-[state=closed]:transition-opacity",
        variantClasses[variant],
        className,
      )}
      {...props}
    />
  );
}

export const ToastTitle = withClasses(ToastPrimitive.Title, "text-base font-semibold");

export const ToastDescription = withClasses(ToastPrimitive.Description, "text-sm opacity-90");

export const ToastAction = withClasses(
  ToastPrimitive.Action,
  "inline-flex min-h-11 shrink-0 items-center rounded-md border border-current px-3 text-sm font-semibold",
);

export function ToastClose({ className, ...props }: ComponentProps<typeof ToastPrimitive.Close>) {
  const t = useT();
  return (
    <ToastPrimitive.Close
      aria-label={t("common.close")}
      className={cn(
        "absolute top-1 end-1 inline-flex size-11 items-center justify-center rounded-md",
        className,
      )}
      {...props}
    >
      <X aria-hidden="true" className="size-5" />
    </ToastPrimitive.Close>
  );
}
