import { withClasses } from "./with-classes";

/** Callers pass htmlFor; the control is not a child here. */
export const Label = withClasses(
  "label",
  "mb-1.5 block text-sm font-semibold text-slate-800 dark:text-slate-200",
);
