import { MAX_NAME_LENGTH } from "../../domain/forms/constants";
import { parseStoredJson } from "../../domain/forms/stored-json";

/** Browser-local memory of typed values, for suggestions and 'Use Last Entry' (spec section 3). */
export const FORM_MEMORY_LISTS = [
  "companies",
  "clientCompanies",
  "siteLocations",
  "machineTypes",
  "plantNumbers",
  "driverNames",
] as const;
export type FormMemoryList = (typeof FORM_MEMORY_LISTS)[number];
export type FormMemory = Record<FormMemoryList, string[]>;

export const FORM_MEMORY_LIMIT = 10;

/** The form field each list remembers. */
export const FORM_MEMORY_FIELDS = {
  companies: "company",
  clientCompanies: "clientCompany",
  siteLocations: "siteLocation",
  machineTypes: "machineNumber",
  plantNumbers: "plantNumber",
  driverNames: "driverSignedName",
} as const satisfies Record<FormMemoryList, string>;
export type FormMemoryField = (typeof FORM_MEMORY_FIELDS)[FormMemoryList];

export type RememberedFields = { [K in FormMemoryField]?: string | null };

export function emptyFormMemory(): FormMemory {
  return {
    companies: [],
    clientCompanies: [],
    siteLocations: [],
    machineTypes: [],
    plantNumbers: [],
    driverNames: [],
  };
}

/**
 * Puts a value at the front of a list: trimmed, blanks ignored, at most 10, each value once.
 * "ACME" and "Acme" are the same company typed twice, so the older spelling gives way.
 */
export function remember(list: readonly string[], value: string | null | undefined): string[] {
  const entry = typeof value === "string" ? value.trim() : "";
  if (entry === "" || entry.length > MAX_NAME_LENGTH) return list.slice(0, FORM_MEMORY_LIMIT);
  const key = entry.toLowerCase();
  return [entry, ...list.filter((item) => item.toLowerCase() !== key)].slice(0, FORM_MEMORY_LIMIT);
}

/** Remembers every remembered field a form holds. Returns a new memory. */
export function rememberForm(memory: FormMemory, form: RememberedFields): FormMemory {
  const next = emptyFormMemory();
  for (const list of FORM_MEMORY_LISTS) next[list] = remember(memory[list], form[FORM_MEMORY_FIELDS[list]]);
  return next;
}

/**
 * 'Use Last Entry': fills each empty remembered field with the most recent value. Fields that
 * hold something are the driver's current words and are never overwritten. Returns a new form.
 */
export function useLastEntry<F extends RememberedFields>(form: F, memory: FormMemory): F {
  const next: Record<string, unknown> = { ...form };
  for (const list of FORM_MEMORY_LISTS) {
    const field = FORM_MEMORY_FIELDS[list];
    const current = form[field];
    const last = memory[list][0];
    if ((typeof current !== "string" || current.trim() === "") && last !== undefined) next[field] = last;
  }
  return next as F;
}

/** Reads the stored memory. Anything unreadable is dropped, so a corrupt value never breaks the form. */
export function parseFormMemory(raw: string | null): FormMemory {
  const memory = emptyFormMemory();
  const value = parseStoredJson(raw);
  if (typeof value !== "object" || value === null) return memory;
  for (const list of FORM_MEMORY_LISTS) {
    const stored: unknown = (value as Record<string, unknown>)[list];
    if (!Array.isArray(stored)) continue;
    // Rebuilt oldest first so the stored order (most recent first) is kept.
    memory[list] = stored
      .slice(0, FORM_MEMORY_LIMIT * 2)
      .filter((item): item is string => typeof item === "string")
      .reverse()
      .reduce<string[]>((acc, item) => remember(acc, item), []);
  }
  return memory;
}
