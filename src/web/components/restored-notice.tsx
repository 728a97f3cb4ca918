import { History } from "lucide-react";
import { messages } from "../../domain/messages";
import { Button } from "./ui/button";
import { Card } from "./ui/card";

interface RestoredNoticeProps {
  /** The offer to throw the restored form away, e.g. "Start a new timesheet instead". */
  startAfreshLabel: string;
  onStartAfresh: () => void;
}

/** Says a form in progress was brought back from this phone, and offers to start afresh instead. */
export function RestoredNotice({ startAfreshLabel, onStartAfresh }: RestoredNoticeProps) {
  return (
    <Card className="mb-4 flex flex-col gap-3 border-sky-300 bg-sky-50 dark:border-sky-800 dark:bg-sky-950">
      <p className="flex items-start gap-2 text-sky-900 dark:text-sky-100">
        <History aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
        {messages.formRestored}
      </p>
      <Button variant="outline" onClick={onStartAfresh}>
        {startAfreshLabel}
      </Button>
    </Card>
  );
}
