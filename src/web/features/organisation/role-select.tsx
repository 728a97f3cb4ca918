import { useId } from "react";
import { ROLES, type Role, roleLabel } from "../../../domain/company/organisation";
import { Label } from "../../components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "../../components/ui/select";
import { cn } from "../../lib/cn";
import { useT } from "../../lib/i18n";

interface RoleSelectProps {
  label: string;
  value: Role;
  onChange: (role: Role) => void;
  disabled?: boolean;
  /** Read by screen readers only: a row of the members list says whose role it is without a visible label. */
  hideLabel?: boolean;
  className?: string;
}

/** A choice of driver, supervisor or admin. */
export function RoleSelect({ label, value, onChange, disabled, hideLabel, className }: RoleSelectProps) {
  const t = useT();
  const id = useId();
  return (
    <div className={className}>
      <Label htmlFor={id} className={cn(hideLabel && "sr-only")}>
        {label}
      </Label>
      <Select
        value={value}
        disabled={disabled}
        onValueChange={(next) => {
          const role = ROLES.find((r) => r === next);
          if (role) onChange(role);
        }}
      >
        <SelectTrigger id={id}>
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {ROLES.map((role) => (
            <SelectItem key={role} value={role}>
              {roleLabel(role, t)}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}
