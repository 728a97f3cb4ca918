import * as DropdownMenuPrimitive from "@radix-ui/react-dropdown-menu";
import type { ComponentProps } from "react";
import { cn } from "../../lib/cn";
import { ListItemTick } from "./list-item-tick";
import { LIST_ITEM_CLASSES, POPOVER_PANEL_CLASSES, withClasses } from "./with-classes";

export const DropdownMenu = DropdownMenuPrimitive.Root;
export const DropdownMenuTrigger = DropdownMenuPrimitive.Trigger;
export const DropdownMenuRadioGroup = DropdownMenuPrimitive.RadioGroup;

export function DropdownMenuContent({
  className,
  sideOffset = 6,
  ...props
}: ComponentProps<typeof DropdownMenuPrimitive.Content>) {
  return (
    <DropdownMenuPrimitive.Portal>
      <DropdownMenuPrimitive.Content
        sideOffset={sideOffset}
        className={cn("z-50 min-w-44 p-1", POPOVER_PANEL_CLASSES, className)}
        {...props}
      />
    </DropdownMenuPrimitive.Portal>
  );
}

export const DropdownMenuLabel = withClasses(
  DropdownMenuPrimitive.Label,
  "px-3 py-2 text-sm font-semibold text-slate-600 dark:text-slate-400",
);

export function DropdownMenuRadioItem({
  className,
  children,
  ...props
}: ComponentProps<typeof DropdownMenuPrimitive.RadioItem>) {
  return (
    <DropdownMenuPrimitive.RadioItem className={cn(...LIST_ITEM_CLASSES, "gap-2", className)} {...props}>
      <ListItemTick indicator={DropdownMenuPrimitive.ItemIndicator} />
      {children}
    </DropdownMenuPrimitive.RadioItem>
  );
}

export function DropdownMenuItem({ className, ...props }: ComponentProps<typeof DropdownMenuPrimitive.Item>) {
  return <DropdownMenuPrimitive.Item className={cn(...LIST_ITEM_CLASSES, "gap-2", className)} {...props} />;
}

export const DropdownMenuSeparator = withClasses(
  DropdownMenuPrimitive.Separator,
  "my-1 h-px bg-slate-200 dark:bg-slate-700",
);
