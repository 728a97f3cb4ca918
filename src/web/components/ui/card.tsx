import { withClasses } from "./with-classes";

export const Card = withClasses(
  "div",
  "rounded-xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-900",
);
