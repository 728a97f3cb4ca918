import CalendarCheck from "lucide-react/icons/calendar-check";
import { useId } from "react";
import { isIsoDate } from "../../domain/time/iso-date";
import { useTranslator } from "../lib/i18n";
import { formatShortDateIn } from "../lib/locale-format";
import { Input } from "./ui/input";
import { Label } from "./ui/label";

interface SignatureDateFieldProps {
  label: string;
  value: string;
  onChange: (isoDate: string) => void;
}

/** The date the form was signed; once set it reads 'Date set' with the date as the reader writes it. */
export function SignatureDateField({ label, value, onChange }: SignatureDateFieldProps) {
  const { t, locale } = useTranslator();
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
            {t("signatureDate.set", { date: formatShortDateIn(locale, value) })}
          </>
        ) : null}
      </p>
    </div>
  );
}
