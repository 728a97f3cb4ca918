import { History } from "lucide-react";
import { useState } from "react";
import { messages } from "../../domain/text/messages";
import { ConfirmDialog } from "./confirm-dialog";
import { Button } from "./ui/button";
import { Card } from "./ui/card";

interface RestoredNoticeProps {
  /** The form type in words: "timesheet", "check sheet". */
  noun: string;
  /** What the restored form holds, which discarding it loses, e.g. "2 days of hours and both signatures". */
  loses: string;
  /** Throws the restored form away; runs only once the driver has said yes. */
  onDiscard: () => Promise<void>;
}

/**
 * Says a form in progress was brought back from this phone, and offers to start afresh instead. Starting afresh
 * throws work away, so it asks first and says what would be lost (spec: deleting asks first).
 */
export function RestoredNotice({ noun, loses, onDiscard }: RestoredNoticeProps) {
  const [asking, setAsking] = useState(false);
  return (
    <Card className="mb-4 flex flex-col gap-3 border-sky-300 bg-sky-50 dark:border-sky-800 dark:bg-sky-950">
      <p className="flex items-start gap-2 text-sky-900 dark:text-sky-100">
        <History aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
        {messages.formRestored}
      </p>
      <Button variant="outline" onClick={() => setAsking(true)}>
        {`Start a new ${noun} instead`}
      </Button>
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        title={`Discard this ${noun}?`}
        description={messages.discardRestored(noun, loses)}
        confirmLabel="Discard and start again"
        busyLabel="Discarding..."
        cancelLabel={`Keep this ${noun}`}
        destructive
        onConfirm={onDiscard}
      />
    </Card>
  );
}
