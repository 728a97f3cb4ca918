import Check from "lucide-react/icons/check";
import type { ComponentType, ReactNode } from "react";

/** The tick left of a menu's or a select's chosen item, shown by that list's own indicator part. */
export function ListItemTick({
  indicator: Indicator,
}: {
  indicator: ComponentType<{ children?: ReactNode }>;
}) {
  return (
    <span className="absolute start-2 flex size-5 items-center justify-center">
      <Indicator>
        <Check aria-hidden="true" className="size-4" />
      </Indicator>
    </span>
  );
}
