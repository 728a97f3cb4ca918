import { X } from "lucide-react";
import { useId } from "react";
import {
  addEmailRow,
  canRemoveEmailRow,
  isInvalidEmailEntry,
  removeEmailRow,
  setEmailRow,
} from "../../domain/client-email";
import { MAX_EMAILS } from "../../domain/constants";
import { messages } from "../../domain/messages";
import { Button } from "./ui/button";
import { Input } from "./ui/input";
import { Label } from "./ui/label";

interface ClientEmailListProps {
  emails: string[];
  onChange: (emails: string[]) => void;
  /** The label of each row, numbered: 'Client email 1', ... */
  rowLabel?: string;
  /** The most rows: fewer for a form sent without an account, which says so once they are all there. */
  maxRows?: number;
}

/**
 * The addresses a completed form goes to: one input per row, '+ Add Another Email', a remove button per row
 * while more than one row exists. A typed row that is not a client address gets a red border and says why.
 */
export function ClientEmailList({
  emails,
  onChange,
  rowLabel = "Client email",
  maxRows = MAX_EMAILS,
}: ClientEmailListProps) {
  const baseId = useId();
  const removable = canRemoveEmailRow(emails);
  return (
    <div className="space-y-3">
      {emails.map((email, index) => {
        const id = `${baseId}-${index}`;
        const invalid = isInvalidEmailEntry(email);
        return (
          // Rows have no identity beyond their position; removing one re-labels those after it.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above.
          <div key={index}>
            <Label htmlFor={id}>{`${rowLabel} ${index + 1}`}</Label>
            <div className="flex gap-2">
              <Input
                id={id}
                type="email"
                inputMode="email"
                autoComplete="email"
                autoCapitalize="none"
                spellCheck={false}
                placeholder="name@company.co.uk"
                value={email}
                maxLength={254}
                onChange={(event) => onChange(setEmailRow(emails, index, event.currentTarget.value))}
                aria-invalid={invalid}
                aria-describedby={invalid ? `${id}-problem` : undefined}
                className="aria-invalid:border-2"
              />
              {removable ? (
                <Button
                  variant="outline"
                  size="icon"
                  aria-label={`Remove ${rowLabel.toLowerCase()} ${index + 1}`}
                  onClick={() => onChange(removeEmailRow(emails, index))}
                >
                  <X aria-hidden="true" className="size-5" />
                </Button>
              ) : null}
            </div>
            {invalid ? (
              <p id={`${id}-problem`} className="mt-1 text-sm font-medium text-red-700 dark:text-red-300">
                {messages.invalidEmailAddresses([email.trim()])}
              </p>
            ) : null}
          </div>
        );
      })}
      <Button
        variant="outline"
        className="w-full"
        disabled={emails.length >= maxRows}
        onClick={() => onChange(addEmailRow(emails, maxRows))}
      >
        + Add Another Email
      </Button>
      {maxRows < MAX_EMAILS && emails.length >= maxRows ? (
        <p className="text-sm text-slate-700 dark:text-slate-300">
          {messages.anonymousEmailRowsFull(maxRows)}
        </p>
      ) : null}
    </div>
  );
}
