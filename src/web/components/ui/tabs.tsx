import * as TabsPrimitive from "@radix-ui/react-tabs";
import type { ComponentProps } from "react";
import { cn } from "../../lib/cn";

export const Tabs = TabsPrimitive.Root;

export function TabsList({ className, ...props }: ComponentProps<typeof TabsPrimitive.List>) {
  return (
    <TabsPrimitive.List
      className={cn(
        "grid auto-cols-fr grid-flow-col gap-1 rounded-xl bg-slate-200 p-1 dark:bg-slate-800",
        className,
      )}
      {...props}
    />
  );
}

export function TabsTrigger({ className, ...props }: ComponentProps<typeof TabsPrimitive.Trigger>) {
  return (
    <TabsPrimitive.Trigger
      className={cn(
        "inline-flex min-h-11 items-center justify-center gap-2 rounded-lg px-3 text-base font-semibold text-slate-700 transition-colors",
        "hover:text-slate-900 dark:text-slate-300 dark:hover:text-white",
        "data-[state=active]:bg-white data-[state=active]:text-slate-950 data-[state=active]:shadow-sm",
        "dark:data-[state=active]:bg-slate-950 dark:data-[state=active]:text-amber-400",
        className,
      )}
      {...props}
    />
  );
}

export function TabsContent({ className, ...props }: ComponentProps<typeof TabsPrimitive.Content>) {
  return <TabsPrimitive.Content className={cn("mt-4", className)} {...props} />;
}
