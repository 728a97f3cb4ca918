import { useSyncExternalStore } from "react";

/**
 * A value kept outside React, at module level, that components read and are drawn again on when it changes: the
 * open account dialog, the connection and outbox status.
 */
export function createValueStore<T>(initial: T) {
  let value = initial;
  const listeners = new Set<() => void>();
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  };
  const get = () => value;
  return {
    get,
    set(next: T): void {
      value = next;
      for (const listener of listeners) listener();
    },
    useValue: (): T => useSyncExternalStore(subscribe, get, get),
  };
}
