import { useQueryClient } from "@tanstack/react-query";
import Archive from "lucide-react/icons/archive";
import ArchiveRestore from "lucide-react/icons/archive-arrow-up";
import LoaderCircle from "lucide-react/icons/loader-circle";
import Pencil from "lucide-react/icons/pencil";
import Plus from "lucide-react/icons/plus";
import RotateCw from "lucide-react/icons/rotate-cw";
import Save from "lucide-react/icons/save";
import { useState } from "react";
import type { Customer } from "../../../domain/company/customer";
import { done, failed, type Outcome, OutcomeNote, Problem } from "../../components/outcome";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { failureText } from "../../lib/failure-text";
import { useT } from "../../lib/i18n";
import { refreshCustomers, useCompanyCustomers } from "./api/organisation-queries";
import { addCustomer, retireCustomer, saveCustomer } from "./api/organisation-requests";
import { CustomerForm, NO_CUSTOMER } from "./customer-form";
import { ListImport } from "./list-import";
import { RemoveSamples, SampleBadge } from "./sample-lists";

type CompanyCustomer = Customer & { retired: boolean };

/**
 * The customers the company's drivers pick from, for its admins (decision record 029): the shared list until the
 * company adds its own, then its own alone. Admins add, change, retire (and return) and import them; a retired
 * customer is listed apart, off the drivers' list.
 */
export function CompanyCustomers({ organisationId }: { organisationId: string }) {
  const t = useT();
  const queryClient = useQueryClient();
  const customers = useCompanyCustomers(organisationId);
  // What the last change of a customer of the list came to.
  const [changed, setChanged] = useState<Outcome | null>(null);
  const refresh = () => refreshCustomers(queryClient, organisationId);

  let body: React.ReactNode;
  if (customers.isPending) {
    body = <p className="p-4 text-slate-700 dark:text-slate-300">{t("customers.loading")}</p>;
  } else if (customers.isError || !customers.data) {
    body = (
      <div className="grid gap-3 p-4">
        <Problem text={failureText(customers.error)} />
        <Button variant="outline" onClick={() => void customers.refetch()}>
          <RotateCw aria-hidden="true" className="size-4" />
          {t("auth.tryAgain")}
        </Button>
      </div>
    );
  } else {
    const { ownList } = customers.data;
    const entry = (customer: CompanyCustomer) => (
      <CustomerEntry
        key={customer.id}
        organisationId={organisationId}
        customer={customer}
        canChange={ownList}
        onChanged={async (outcome) => {
          setChanged(outcome);
          await refresh();
        }}
      />
    );
    const retired = customers.data.customers.filter((customer) => customer.retired);
    body = (
      <>
        <RemoveSamples organisationId={organisationId} shown={!ownList} />
        <ul aria-label={t("customers.pickFrom")} className="divide-y divide-slate-200 dark:divide-slate-800">
          {customers.data.customers.filter((customer) => !customer.retired).map(entry)}
        </ul>
        {retired.length > 0 ? (
          <>
            <h4 className="border-t border-slate-200 px-4 pt-4 font-bold dark:border-slate-800">
              {t("customers.retired")}
            </h4>
            <ul
              aria-label={t("customers.retired")}
              className="divide-y divide-slate-200 dark:divide-slate-800"
            >
              {retired.map(entry)}
            </ul>
          </>
        ) : null}
      </>
    );
  }

  return (
    <section aria-labelledby="customers-heading" className="grid gap-3">
      <h3 id="customers-heading" className="text-lg font-bold">
        {t("customers.heading")}
      </h3>
      <OutcomeNote outcome={changed} />
      <Card className="p-0">{body}</Card>
      <Card>
        <CustomerForm
          name={t("customers.add")}
          initial={NO_CUSTOMER}
          submitLabel={t("customers.add")}
          busyLabel={t("fleet.adding")}
          icon={Plus}
          clearWhenSent
          send={async (customer) => {
            await addCustomer(organisationId, customer);
            await refresh();
            return t("customers.added", { name: customer.name });
          }}
        />
      </Card>
      <ListImport
        organisationId={organisationId}
        list="customers"
        onImported={async (outcome) => {
          setChanged(outcome);
          await refresh();
        }}
      />
    </section>
  );
}

/** One customer of the list; for the company's own, an admin's Edit and Retire (or Return to List). */
function CustomerEntry({
  organisationId,
  customer,
  canChange,
  onChanged,
}: {
  organisationId: string;
  customer: CompanyCustomer;
  canChange: boolean;
  onChanged: (outcome: Outcome) => Promise<void>;
}) {
  const t = useT();
  const [editing, setEditing] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<Outcome | null>(null);

  const retire = async () => {
    setBusy(true);
    setProblem(null);
    try {
      await retireCustomer(organisationId, customer.id, !customer.retired);
      await onChanged(
        done(t("customers.retiredDone", { name: customer.name, retired: customer.retired ? "no" : "yes" })),
      );
    } catch (error) {
      setProblem(failed(failureText(error)));
    } finally {
      setBusy(false);
    }
  };

  return (
    <li className="grid gap-2 p-4">
      <div>
        <p className="font-semibold [overflow-wrap:anywhere]">
          {customer.name} {canChange ? null : <SampleBadge />}
        </p>
        {customer.requiresOrderValidation ? (
          <p className="text-sm text-slate-700 dark:text-slate-300">{t("customers.orderChecked")}</p>
        ) : null}
      </div>
      {editing ? (
        <CustomerForm
          name={t("customers.editName", { name: customer.name })}
          initial={customer}
          submitLabel={t("vehicle.saveChanges")}
          busyLabel={t("auth.saving")}
          icon={Save}
          send={async (changed) => {
            await saveCustomer(organisationId, customer.id, changed);
            const said = t("customers.saved", { name: changed.name });
            setEditing(false);
            await onChanged(done(said));
            return said;
          }}
          onClose={() => setEditing(false)}
        />
      ) : canChange ? (
        <>
          <OutcomeNote outcome={problem} />
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" onClick={() => setEditing(true)} disabled={busy}>
              <Pencil aria-hidden="true" className="size-4" />
              {t("vehicle.edit")}
              <span className="sr-only"> {customer.name}</span>
            </Button>
            <Button variant="outline" onClick={() => void retire()} disabled={busy}>
              {busy ? (
                <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
              ) : customer.retired ? (
                <ArchiveRestore aria-hidden="true" className="size-4" />
              ) : (
                <Archive aria-hidden="true" className="size-4" />
              )}
              {customer.retired ? t("customers.returnToList") : t("vehicle.retire")}
              <span className="sr-only"> {customer.name}</span>
            </Button>
          </div>
        </>
      ) : null}
    </li>
  );
}
