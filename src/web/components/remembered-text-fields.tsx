import { fieldLabel } from "../../domain/forms/field-labels";
import { useT } from "../lib/i18n";
import {
  FORM_MEMORY_FIELDS,
  type FormMemory,
  type FormMemoryField,
  type FormMemoryList,
} from "../rules/form-memory";
import { TextField } from "./text-field";

export interface RememberedInput {
  /** The past entries offered as the driver types; the list names the field too. */
  list: FormMemoryList;
  autoComplete: string;
  autoCapitalize?: string;
}

interface RememberedTextFieldsProps<K extends FormMemoryField> {
  inputs: readonly RememberedInput[];
  values: Record<K, string>;
  onChange: (fields: Partial<Record<K, string>>) => void;
  memory: FormMemory;
}

/** Text fields whose past entries this phone remembers, in the order given. */
export function RememberedTextFields<K extends FormMemoryField>({
  inputs,
  values,
  onChange,
  memory,
}: RememberedTextFieldsProps<K>) {
  const t = useT();
  return inputs.map(({ list, ...props }) => {
    const field = FORM_MEMORY_FIELDS[list] as K;
    return (
      <TextField
        key={field}
        label={fieldLabel(field, t)}
        value={values[field]}
        onValueChange={(value) => onChange({ [field]: value } as Partial<Record<K, string>>)}
        suggestions={memory[list]}
        maxLength={200}
        {...props}
      />
    );
  });
}
