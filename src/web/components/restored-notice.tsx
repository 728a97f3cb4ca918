import History from "lucide-react/icons/rotate-ccw-clock";
import { useState } from "react";
import type { FormKind } from "../../domain/forms/form-spec";
import { formKindParam } from "../../domain/text/messages";
import { useT } from "../lib/i18n";
import { ConfirmDialog } from "./confirm-dialog";
import { Button } from "./ui/button";
import { Card } from "./ui/card";

interface RestoredNoticeProps {
  /** The form type: its messages name it ("timesheet", "check sheet"). */
  form: FormKind;
  /** What the restored form holds, which discarding it loses, e.g. "2 days of hours and both signatures". */
  loses: string;
  /** Throws the restored form away; runs only once the driver has said yes. */
  onDiscard: () => Promise<void>;
}

/**
 * Says a form in progress was brought back from this phone, and offers to start afresh instead. Starting afresh
 * throws work away, so it asks first and says what would be lost (spec: deleting asks first).
 */
export function RestoredNotice({ form, loses, onDiscard }: RestoredNoticeProps) {
  const t = useT();
  const [asking, setAsking] = useState(false);
  return (
    <Card className="mb-4 flex flex-col gap-3 border-sky-300 bg-sky-50 dark:border-sky-800 dark:bg-sky-950">
      <p className="flex items-start gap-2 text-sky-900 dark:text-sky-100">
        <History aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
        {t("restored.notice")}
      </p>
      <Button variant="outline" onClick={() => setAsking(true)}>
        {t("restored.startNew", { form: formKindParam(form) })}
      </Button>
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        title={t("restored.discardTitle", { form: formKindParam(form) })}
        description={t("restored.discardDescription", { form: formKindParam(form), loses })}
        confirmLabel={t("restored.discardConfirm")}
        busyLabel={t("restored.discarding")}
        cancelLabel={t("restored.keep", { form: formKindParam(form) })}
        destructive
        onConfirm={onDiscard}
      />
    </Card>
  );
}
