import { CloudOff } from "lucide-react";
import { messages } from "../../domain/text/messages";
import { Button } from "./ui/button";
import { Card } from "./ui/card";

interface SavedOnPhoneProps {
  /** What was submitted, as the driver calls it: "timesheet" or "check sheet". */
  what: string;
  /** The way on, e.g. "Start a new timesheet". */
  nextLabel: string;
  onNext: () => void;
}

/** A one-step submission made without signal: kept on this phone, sent by the outbox when back online. */
export function SavedOnPhone({ what, nextLabel, onNext }: SavedOnPhoneProps) {
  return (
    <Card role="status" className="space-y-4">
      <p className="flex items-start gap-3 text-lg font-semibold">
        <CloudOff aria-hidden="true" className="mt-1 size-6 shrink-0 text-amber-600 dark:text-amber-400" />
        {messages.savedOnPhone}
      </p>
      <p className="text-slate-700 dark:text-slate-300">
        You can close the app: the {what} stays on this phone and is emailed once there is signal. The header
        shows what is still waiting to send.
      </p>
      <Button className="w-full" onClick={onNext}>
        {nextLabel}
      </Button>
    </Card>
  );
}
