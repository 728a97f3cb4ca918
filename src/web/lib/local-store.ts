import type { STORAGE_KEYS } from "../../domain/forms/constants";

type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

/**
 * localStorage that never throws: private browsing, a full quota or a blocked storage must not take the app
 * down; the worst case is a preference that is not remembered.
 */
export const localStore = {
  get(key: StorageKey): string | null {
    try {
      return window.localStorage.getItem(key);
    } catch {
      return null;
    }
  },
  set(key: StorageKey, value: string): void {
    try {
      window.localStorage.setItem(key, value);
    } catch (error) {
      console.warn(`Could not store ${key}`, error);
    }
  },
  remove(key: StorageKey): void {
    try {
      window.localStorage.removeItem(key);
    } catch {
      // Nothing stored means nothing to remove.
    }
  },
};
