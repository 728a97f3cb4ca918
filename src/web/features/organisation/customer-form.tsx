import type { LucideIcon } from "lucide-react";
import LoaderCircle from "lucide-react/icons/loader-circle";
import { type FormEvent, useId, useState } from "react";
import {
  MAX_LIST_TEXT_LENGTH,
  type NewCustomer,
  NewCustomerSchema,
} from "../../../domain/company/company-lists";
import { done, failed, type Outcome, OutcomeNote } from "../../components/outcome";
import { TextField } from "../../components/text-field";
import { Button } from "../../components/ui/button";
import { failureText } from "../../lib/failure-text";
import { useT } from "../../lib/i18n";
import { parseRequest } from "../../lib/parse-request";

export const NO_CUSTOMER: NewCustomer = { name: "", requiresOrderValidation: false };

interface CustomerFormProps {
  /** The form's name, read out by screen readers ("Add Customer", "Edit Acme Ltd"). */
  name: string;
  initial: NewCustomer;
  submitLabel: string;
  busyLabel: string;
  icon: LucideIcon;
  /** Sends the customer as the rules of adding one read it; answers what to say of it. Throws on a refusal. */
  send: (customer: NewCustomer) => Promise<string>;
  /** Empties the form once sent, for the next customer. */
  clearWhenSent?: boolean;
  /** A Close button, for a form that is opened to change one customer. */
  onClose?: () => void;
}

/** A customer as an admin types it, to add one or change one: its name and whether its order numbers are checked. */
export function CustomerForm({
  name,
  initial,
  submitLabel,
  busyLabel,
  icon: Icon,
  send,
  clearWhenSent = false,
  onClose,
}: CustomerFormProps) {
  const t = useT();
  const [customer, setCustomer] = useState(initial);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const checkId = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseRequest(null, NewCustomerSchema, customer);
    if (parsed.problem !== undefined) {
      setOutcome(failed(parsed.problem));
      return;
    }
    setBusy(true);
    try {
      setOutcome(done(await send(parsed.data)));
      if (clearWhenSent) setCustomer(NO_CUSTOMER);
    } catch (error) {
      setOutcome(failed(failureText(error)));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate aria-label={name} className="grid gap-3">
      <TextField
        label={t("customers.name")}
        value={customer.name}
        onValueChange={(value) => setCustomer((current) => ({ ...current, name: value }))}
        maxLength={MAX_LIST_TEXT_LENGTH}
      />
      <label htmlFor={checkId} className="flex min-h-11 items-center gap-3">
        <input
          id={checkId}
          type="checkbox"
          checked={customer.requiresOrderValidation}
          onChange={(event) => {
            const { checked } = event.currentTarget;
            setCustomer((current) => ({ ...current, requiresOrderValidation: checked }));
          }}
          className="size-5 accent-amber-600"
        />
        {t("customers.checkOrder")}
      </label>
      <OutcomeNote outcome={outcome} />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={busy}>
          {busy ? (
            <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
          ) : (
            <Icon aria-hidden="true" className="size-4" />
          )}
          {busy ? busyLabel : submitLabel}
        </Button>
        {onClose ? (
          <Button type="button" variant="outline" onClick={onClose} disabled={busy}>
            {t("common.close")}
          </Button>
        ) : null}
      </div>
    </form>
  );
}
