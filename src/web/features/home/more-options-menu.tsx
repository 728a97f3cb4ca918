import type { LucideIcon } from "lucide-react";
import Building2 from "lucide-react/icons/building-complex";
import ChevronDown from "lucide-react/icons/chevron-down";
import LayoutDashboard from "lucide-react/icons/layout-dashboard";
import History from "lucide-react/icons/rotate-ccw-clock";
import ShieldCheck from "lucide-react/icons/shield-check";
import UserRound from "lucide-react/icons/user-round";
import type { MessageKey } from "../../../domain/text/i18n/translate";
import { RadioMenuContent } from "../../components/radio-menu-content";
import { Button } from "../../components/ui/button";
import { DropdownMenu, DropdownMenuTrigger } from "../../components/ui/dropdown-menu";
import { type AccountTab, type HomeTab, isAccountTab, parseHomeTab } from "../../lib/app-paths";
import { cn } from "../../lib/cn";
import { useT } from "../../lib/i18n";

const items: readonly { value: AccountTab; label: MessageKey; icon: LucideIcon }[] = [
  { value: "forms", label: "home.operatorDashboard", icon: LayoutDashboard },
  { value: "history", label: "home.driverHistory", icon: History },
  { value: "supervisor", label: "home.supervisor", icon: ShieldCheck },
  { value: "company", label: "home.company", icon: Building2 },
  { value: "account", label: "home.account", icon: UserRound },
];

interface MoreOptionsMenuProps {
  tab: HomeTab;
  onSelect: (tab: AccountTab) => void;
}

/**
 * The account's own tabs, behind one button so the two form tabs keep their width on a phone. Its name is shown
 * beside its icon (on a narrow phone in two short lines): an icon alone was not found.
 */
export function MoreOptionsMenu({ tab, onSelect }: MoreOptionsMenuProps) {
  const active = isAccountTab(tab);
  const t = useT();
  const moreOptions = t("home.moreOptions");
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button
          variant="outline"
          className={cn(
            "h-auto shrink-0 gap-1 self-stretch px-2 sm:px-3",
            // Shows which part of the app is open when none of the form tabs is.
            active && "border-amber-500 bg-amber-100 dark:border-amber-400 dark:bg-amber-400/15",
          )}
        >
          <LayoutDashboard aria-hidden="true" className="size-5 shrink-0 max-[399px]:hidden" />
          <span className="w-min text-start text-sm leading-tight sm:w-auto">{moreOptions}</span>
          <ChevronDown aria-hidden="true" className="size-4 shrink-0" />
        </Button>
      </DropdownMenuTrigger>
      <RadioMenuContent
        label={moreOptions}
        value={active ? tab : ""}
        choices={items.map((item) => ({ ...item, label: t(item.label) }))}
        onChoose={(value) => {
          const next = parseHomeTab(value);
          if (next && isAccountTab(next)) onSelect(next);
        }}
      />
    </DropdownMenu>
  );
}
