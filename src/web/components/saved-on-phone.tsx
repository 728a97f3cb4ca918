import CloudOff from "lucide-react/icons/cloud-off";
import type { FormKind } from "../../domain/forms/form-spec";
import { formKindParam } from "../../domain/text/messages";
import { useT } from "../lib/i18n";
import { Button } from "./ui/button";
import { Card } from "./ui/card";

interface SavedOnPhoneProps {
  /** What was submitted: its messages name it ("timesheet" or "check sheet"). */
  form: FormKind;
  /** The way on, e.g. "Start a new timesheet". */
  nextLabel: string;
  onNext: () => void;
}

/** A one-step submission made without signal: kept on this phone, sent by the outbox when back online. */
export function SavedOnPhone({ form, nextLabel, onNext }: SavedOnPhoneProps) {
  const t = useT();
  return (
    <Card role="status" className="space-y-4">
      <p className="flex items-start gap-3 text-lg font-semibold">
        <CloudOff aria-hidden="true" className="mt-1 size-6 shrink-0 text-amber-600 dark:text-amber-400" />
        {t("saved.onPhone")}
      </p>
      <p className="text-slate-700 dark:text-slate-300">
        {t("saved.explanation", { form: formKindParam(form) })}
      </p>
      <Button className="w-full" onClick={onNext}>
        {nextLabel}
      </Button>
    </Card>
  );
}
