import { CalendarCheck } from "lucide-react";
import { useId } from "react";
import { formatDisplayDate, isIsoDate } from "../../domain/time/iso-date";
import { Input } from "./ui/input";
import { Label } from "./ui/label";

interface SignatureDateFieldProps {
  label: string;
  value: string;
  onChange: (isoDate: string) => void;
}

/** The date the form was signed; once set it reads 'Date set' with the date the British way. */
export function SignatureDateField({ label, value, onChange }: SignatureDateFieldProps) {
  const id = useId();
  const statusId = useId();
  const set = isIsoDate(value);
  return (
    <div>
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        type="date"
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
        aria-describedby={statusId}
      />
      <p
        id={statusId}
        aria-live="polite"
        className="mt-1.5 flex min-h-6 items-center gap-1.5 text-sm font-medium text-emerald-800 dark:text-emerald-300"
      >
        {set ? (
          <>
            <CalendarCheck aria-hidden="true" className="size-4 shrink-0" />
            Date set: {formatDisplayDate(value)}
          </>
        ) : null}
      </p>
    </div>
  );
}
