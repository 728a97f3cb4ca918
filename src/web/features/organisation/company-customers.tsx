import { useQuery, useQueryClient } from "@tanstack/react-query";
import { LoaderCircle, Plus, RotateCw } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { NewCustomerSchema } from "../../../domain/company-lists";
import { companyMessages } from "../../../domain/company-messages";
import type { Customer } from "../../../domain/customer";
import { TextField } from "../../components/text-field";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { apiRequest, getQueryFn } from "../../lib/api-client";
import { failureText } from "../../lib/failure-text";
import { parseRequest } from "../../lib/parse-request";
import { done, failed, type Outcome, OutcomeNote, Problem } from "./outcome";

/** What the company's drivers pick from: the list `/api/customers` answers a member. */
const CUSTOMERS_KEY = ["/api/customers"];

/**
 * The customers the company's drivers pick from, for its admins (decision record 029): the shared list until the
 * company adds its own, then its own alone.
 */
export function CompanyCustomers({ organisationId }: { organisationId: string }) {
  const queryClient = useQueryClient();
  const customers = useQuery({
    queryKey: CUSTOMERS_KEY,
    queryFn: getQueryFn<Customer[]>({ on401: "throw" }),
  });
  const [name, setName] = useState("");
  const [checked, setChecked] = useState(false);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const checkId = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseRequest(null, NewCustomerSchema, { name, requiresOrderValidation: checked });
    if (parsed.problem !== undefined) {
      setOutcome(failed(parsed.problem));
      return;
    }
    setBusy(true);
    try {
      await apiRequest("POST", `/api/organisations/${organisationId}/customers`, parsed.data);
      setOutcome(done(companyMessages.customerAdded(parsed.data.name)));
      setName("");
      setChecked(false);
      await queryClient.invalidateQueries({ queryKey: CUSTOMERS_KEY });
    } catch (error) {
      setOutcome(failed(failureText(error)));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="customers-heading" className="grid gap-3">
      <h3 id="customers-heading" className="text-lg font-bold">
        Customers
      </h3>
      <Card className="p-0">
        {customers.isError ? (
          <div className="grid gap-3 p-4">
            <Problem text={failureText(customers.error)} />
            <Button variant="outline" onClick={() => void customers.refetch()}>
              <RotateCw aria-hidden="true" className="size-4" />
              Try Again
            </Button>
          </div>
        ) : (
          <ul
            aria-label="Customers drivers pick from"
            className="divide-y divide-slate-200 dark:divide-slate-800"
          >
            {(customers.data ?? []).map((customer) => (
              <li key={customer.id} className="p-4">
                <p className="font-semibold [overflow-wrap:anywhere]">{customer.name}</p>
                {customer.requiresOrderValidation ? (
                  <p className="text-sm text-slate-700 dark:text-slate-300">Order number checked</p>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </Card>
      <Card>
        <form onSubmit={submit} noValidate aria-label="Add Customer" className="grid gap-3">
          <TextField label="Customer name" value={name} onValueChange={setName} maxLength={200} />
          <label htmlFor={checkId} className="flex min-h-11 items-center gap-3">
            <input
              id={checkId}
              type="checkbox"
              checked={checked}
              onChange={(event) => setChecked(event.currentTarget.checked)}
              className="size-5 accent-amber-600"
            />
            Check the order number drivers enter
          </label>
          <OutcomeNote outcome={outcome} />
          <Button type="submit" disabled={busy}>
            {busy ? (
              <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
            ) : (
              <Plus aria-hidden="true" className="size-4" />
            )}
            {busy ? "Adding..." : "Add Customer"}
          </Button>
        </form>
      </Card>
    </section>
  );
}
