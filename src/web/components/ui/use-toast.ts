import { type ReactElement, type ReactNode, useEffect, useState } from "react";
import { enqueueToast, TOAST_REMOVE_DELAY_MS } from "../../rules/toast";
import type { ToastVariant } from "./toast";

export interface ToastOptions {
  title?: ReactNode;
  description?: ReactNode;
  action?: ReactElement;
  variant?: ToastVariant;
  /** Overrides the provider's 5000 ms for this toast. */
  duration?: number;
}

export interface ToastEntry extends ToastOptions {
  id: string;
  open: boolean;
}

// A module-level store (the shadcn pattern) so any code, not just components, can raise a toast.
let toasts: ToastEntry[] = [];
const listeners = new Set<(toasts: ToastEntry[]) => void>();
const removalTimers = new Map<string, ReturnType<typeof setTimeout>>();
let counter = 0;

function publish(next: ToastEntry[]): void {
  toasts = next;
  for (const listener of listeners) listener(toasts);
}

function scheduleRemoval(id: string): void {
  if (removalTimers.has(id)) return;
  // Kept mounted after closing so Radix can finish its exit animation and announce it.
  const timer = setTimeout(() => {
    removalTimers.delete(id);
    publish(toasts.filter((t) => t.id !== id));
  }, TOAST_REMOVE_DELAY_MS);
  removalTimers.set(id, timer);
}

export function dismissToast(id?: string): void {
  for (const t of toasts) if (id === undefined || t.id === id) scheduleRemoval(t.id);
  publish(toasts.map((t) => (id === undefined || t.id === id ? { ...t, open: false } : t)));
}

/** Shows a toast; the spec allows one at a time, so a new one replaces whatever is showing. */
export function toast(options: ToastOptions): { id: string; dismiss: () => void } {
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  const id = String(counter);
  publish(enqueueToast(toasts, { ...options, id, open: true }));
  return { id, dismiss: () => dismissToast(id) };
}

export function useToast() {
  const [state, setState] = useState(toasts);
  useEffect(() => {
    listeners.add(setState);
    return () => {
      listeners.delete(setState);
    };
  }, []);
  return { toasts: state, toast, dismiss: dismissToast };
}
