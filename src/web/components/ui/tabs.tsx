import * as TabsPrimitive from "@radix-ui/react-tabs";
import { withClasses } from "./with-classes";

export const Tabs = TabsPrimitive.Root;

export const TabsList = withClasses(
  TabsPrimitive.List,
  "grid auto-cols-fr grid-flow-col gap-1 rounded-xl bg-slate-200 p-1 dark:bg-slate-800",
);

export const TabsTrigger = withClasses(
  TabsPrimitive.Trigger,
  "inline-flex min-h-11 items-center justify-center gap-2 rounded-lg px-3 text-base font-semibold text-slate-700 transition-colors",
  "hover:text-slate-900 dark:text-slate-300 dark:hover:text-white",
  "data-[state=active]:bg-white data-[state=active]:text-slate-950 data-[state=active]:shadow-sm",
  "dark:data-[state=active]:bg-slate-950 dark:data-[state=active]:text-amber-400",
);

export const TabsContent = withClasses(TabsPrimitive.Content, "mt-4");
