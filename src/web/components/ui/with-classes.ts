import { type ComponentProps, createElement, type ElementType } from "react";
import { cn } from "../../lib/cn";

/**
 * A Radix part or an HTML element with the app's classes: a className the caller passes is merged after them (and
 * wins where the two clash), every other prop passes through.
 */
export function withClasses<C extends ElementType>(component: C, ...classes: string[]) {
  return function WithClasses({ className, ...props }: ComponentProps<C> & { className?: string }) {
    return createElement(component, { ...props, className: cn(...classes, className) });
  };
}

/** The parts of a dialog (and of an alert dialog). */
export const MODAL_CLASSES = {
  /** The dimmed page behind it. */
  overlay: "fixed inset-0 z-50 bg-slate-950/70",
  /**
   * Its panel, centred: nearly full width on a phone, scrolling inside when the keyboard takes half the screen.
   * The dialog adds its maximum width.
   */
  panel: [
    "fixed top-1/2 left-1/2 z-50 grid max-h-[calc(100dvh-1rem)] w-[calc(100vw-1rem)] -translate-x-1/2 -translate-y-1/2",
    "gap-4 overflow-y-auto rounded-xl border border-slate-200 bg-white p-5 text-slate-900 shadow-xl",
    "dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100",
  ],
  title: "text-lg font-bold",
  description: "text-sm text-slate-700 dark:text-slate-300",
  footer: "flex flex-col-reverse gap-2 sm:flex-row sm:justify-end",
};

/** A menu's or a select's list, floating over the page. */
export const POPOVER_PANEL_CLASSES =
  "rounded-lg border border-slate-200 bg-white text-slate-900 shadow-lg dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100";

/** One choice in such a list: room for its tick on the left, lit while the finger or the keys are on it. */
export const LIST_ITEM_CLASSES = [
  "relative flex min-h-11 cursor-default items-center rounded-md py-2 pe-3 ps-9 text-base outline-none select-none",
  "data-[highlighted]:bg-amber-100 data-[highlighted]:text-slate-950 dark:data-[highlighted]:bg-slate-700 dark:data-[highlighted]:text-white",
];

/** A text box (input or textarea): 16 px text stops iOS Safari from zooming into the field on focus. */
export const TEXT_BOX_CLASSES = [
  "block w-full rounded-lg border border-slate-300 bg-white px-3 text-base text-slate-900 placeholder:text-slate-500",
  "aria-invalid:border-red-600 disabled:opacity-50",
  "dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 dark:placeholder:text-slate-400 dark:aria-invalid:border-red-400",
];
