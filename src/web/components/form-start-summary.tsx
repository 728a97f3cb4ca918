import { Link } from "wouter";
import { fieldLabel } from "../../domain/forms/field-labels";
import { appPaths, type FormKind } from "../lib/app-paths";
import { useT } from "../lib/i18n";
import { useCustomers } from "../lib/use-customers";
import { useFormStart } from "../lib/use-form-start";
import { Card } from "./ui/card";

interface FormStartSummaryProps {
  form: FormKind;
  /** The job as the form holds it (an opened draft); by default, what customer selection put in the address. */
  start?: { customerId: string | null; orderNumber: string | null };
}

/** The job a form is for: the chosen customer and order number, or a way to choose them. */
export function FormStartSummary({ form, start }: FormStartSummaryProps) {
  const t = useT();
  const fromAddress = useFormStart();
  const { customerId, orderNumber } = start ?? fromAddress;
  const customers = useCustomers();
  const customerName = customers.data?.find((c) => c.id === customerId)?.name;

  return (
    <Card>
      <h2 className="text-lg font-bold">{t("job.title")}</h2>
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2">
        <dt className="font-semibold text-slate-700 dark:text-slate-300">{fieldLabel("customerId", t)}</dt>
        <dd>
          {customerId === null ? (
            <Link
              href={appPaths.customerSelection(form)}
              className="inline-flex min-h-11 min-w-11 items-center font-semibold text-amber-800 underline dark:text-amber-300"
            >
              {t("customer.choose")}
            </Link>
          ) : customers.isPending ? (
            t("common.loading")
          ) : (
            (customerName ?? t("job.unknownCustomer"))
          )}
        </dd>
        <dt className="font-semibold text-slate-700 dark:text-slate-300">{t("job.orderNumber")}</dt>
        <dd>{orderNumber ?? t("job.noOrderNumber")}</dd>
      </dl>
    </Card>
  );
}
