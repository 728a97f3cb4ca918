import { useCallback, useState } from "react";
import { STORAGE_KEYS } from "../../domain/forms/constants";
import { type FormMemory, parseFormMemory, type RememberedFields, rememberForm } from "../rules/form-memory";
import { localStore } from "./local-store";

function readMemory(): FormMemory {
  return parseFormMemory(localStore.get(STORAGE_KEYS.formMemory));
}

/**
 * The values this device remembers for suggestions and 'Use Last Entry' (spec section 3), kept in
 * localStorage. `remember` re-reads the store first, so a second open tab's entries are merged, not lost.
 */
export function useFormMemory(): { memory: FormMemory; remember: (form: RememberedFields) => void } {
  const [memory, setMemory] = useState(readMemory);
  const remember = useCallback((form: RememberedFields) => {
    const next = rememberForm(readMemory(), form);
    localStore.set(STORAGE_KEYS.formMemory, JSON.stringify(next));
    setMemory(next);
  }, []);
  return { memory, remember };
}
