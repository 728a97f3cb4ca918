import { ChevronDown, History, LayoutDashboard, type LucideIcon, ShieldCheck, UserRound } from "lucide-react";
import { Button } from "../../components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuTrigger,
} from "../../components/ui/dropdown-menu";
import { type AccountTab, type HomeTab, isAccountTab, parseHomeTab } from "../../lib/app-paths";
import { cn } from "../../lib/cn";

const items: readonly { tab: AccountTab; label: string; icon: LucideIcon }[] = [
  { tab: "forms", label: "Operator Dashboard", icon: LayoutDashboard },
  { tab: "history", label: "Driver History", icon: History },
  { tab: "supervisor", label: "Supervisor", icon: ShieldCheck },
  { tab: "account", label: "Account", icon: UserRound },
];

interface MoreOptionsMenuProps {
  tab: HomeTab;
  onSelect: (tab: AccountTab) => void;
}

/** The account's own tabs, behind one button so the two form tabs keep their width on a phone. */
export function MoreOptionsMenu({ tab, onSelect }: MoreOptionsMenuProps) {
  const active = isAccountTab(tab);
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button
          variant="outline"
          aria-label="More Options"
          className={cn(
            "h-auto shrink-0 gap-1 self-stretch px-3",
            // Shows which part of the app is open when none of the form tabs is.
            active && "border-amber-500 bg-amber-100 dark:border-amber-400 dark:bg-amber-400/15",
          )}
        >
          <LayoutDashboard aria-hidden="true" className="size-5" />
          <ChevronDown aria-hidden="true" className="size-4" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuLabel>More Options</DropdownMenuLabel>
        <DropdownMenuRadioGroup
          value={active ? tab : ""}
          onValueChange={(value) => {
            const next = parseHomeTab(value);
            if (next && isAccountTab(next)) onSelect(next);
          }}
        >
          {items.map(({ tab: item, label, icon: Icon }) => (
            <DropdownMenuRadioItem key={item} value={item}>
              <Icon aria-hidden="true" className="size-4" />
              {label}
            </DropdownMenuRadioItem>
          ))}
        </DropdownMenuRadioGroup>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
