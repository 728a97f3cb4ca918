import * as SelectPrimitive from "@radix-ui/react-select";
import ChevronDown from "lucide-react/icons/chevron-down";
import type { ComponentProps } from "react";
import { cn } from "../../lib/cn";
import { ListItemTick } from "./list-item-tick";
import { LIST_ITEM_CLASSES, POPOVER_PANEL_CLASSES } from "./with-classes";

export const Select = SelectPrimitive.Root;
export const SelectValue = SelectPrimitive.Value;

export function SelectTrigger({
  className,
  children,
  ...props
}: ComponentProps<typeof SelectPrimitive.Trigger>) {
  return (
    <SelectPrimitive.Trigger
      className={cn(
        "flex min-h-12 w-full items-center justify-between gap-2 rounded-lg border border-slate-300 bg-white px-3 text-start text-base text-slate-900",
        "data-[placeholder]:text-slate-500 disabled:opacity-50",
        "dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 dark:data-[placeholder]:text-slate-400",
        className,
      )}
      {...props}
    >
      {children}
      <SelectPrimitive.Icon asChild>
        <ChevronDown aria-hidden="true" className="size-5 shrink-0 opacity-70" />
      </SelectPrimitive.Icon>
    </SelectPrimitive.Trigger>
  );
}

export function SelectContent({
  className,
  children,
  ...props
}: ComponentProps<typeof SelectPrimitive.Content>) {
  return (
    <SelectPrimitive.Portal>
      <SelectPrimitive.Content
        // Popper, not item-aligned: on touch screens an item-aligned list opens under the finger and the
        // lifting finger would pick whatever item landed there.
        position="popper"
        sideOffset={4}
        className={cn(
          "z-50 max-h-[min(var(--radix-select-content-available-height),22rem)] w-[var(--radix-select-trigger-width)] overflow-hidden",
          POPOVER_PANEL_CLASSES,
          className,
        )}
        {...props}
      >
        <SelectPrimitive.Viewport className="p-1">{children}</SelectPrimitive.Viewport>
      </SelectPrimitive.Content>
    </SelectPrimitive.Portal>
  );
}

export function SelectItem({ className, children, ...props }: ComponentProps<typeof SelectPrimitive.Item>) {
  return (
    <SelectPrimitive.Item
      className={cn(...LIST_ITEM_CLASSES, "data-[disabled]:opacity-50", className)}
      {...props}
    >
      <ListItemTick indicator={SelectPrimitive.ItemIndicator} />
      <SelectPrimitive.ItemText>{children}</SelectPrimitive.ItemText>
    </SelectPrimitive.Item>
  );
}
