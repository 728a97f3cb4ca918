import { CHECK_SHEET_SPEC } from "./check-sheet-spec";
import type { FormKind } from "./form-spec";
import { OFF_HIRE_SPEC } from "./off-hire-spec";
import { TIMESHEET_SPEC } from "./timesheet-spec";

/** Every form type's spec, by kind. */
export const FORM_SPECS = {
  timesheet: TIMESHEET_SPEC,
  "check-sheet": CHECK_SHEET_SPEC,
  "off-hire": OFF_HIRE_SPEC,
} as const satisfies Record<FormKind, { kind: FormKind }>;
