import type { LucideIcon } from "lucide-react";
import ArrowLeft from "lucide-react/icons/arrow-left";
import ArrowRight from "lucide-react/icons/arrow-right";
import CheckCircle2 from "lucide-react/icons/circle-check";
import XCircle from "lucide-react/icons/circle-x";
import LoaderCircle from "lucide-react/icons/loader-circle";
import ShieldCheck from "lucide-react/icons/shield-check";
import TriangleAlert from "lucide-react/icons/triangle-exclamation-point";
import { type ChangeEvent, type FormEvent, type ReactNode, useId, useState } from "react";
import { useLocation, useSearchParams } from "wouter";
import type { CustomerChoice } from "../../../domain/company/customer";
import { alternativesIn } from "../../../domain/text/i18n/lists";
import { formKindParam } from "../../../domain/text/messages";
import { ScreenLayout } from "../../components/screen-layout";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { Input } from "../../components/ui/input";
import { Label } from "../../components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "../../components/ui/select";
import { NetworkError } from "../../lib/api-client";
import { appPaths, type FormKind, parseFormKind } from "../../lib/app-paths";
import { cn } from "../../lib/cn";
import { failureText } from "../../lib/failure-text";
import { useT, useTranslator } from "../../lib/i18n";
import { useCustomers } from "../../lib/use-customers";
import { useOrderRule } from "../../lib/use-order-rule";
import { useOrderValidation } from "./use-order-validation";

const PROBLEM_TEXT = "text-red-700 dark:text-red-300";

/** One line under the order number: whether it is valid, or why it could not be checked. */
function OrderMessage({
  icon: Icon,
  className,
  children,
}: {
  icon: LucideIcon;
  className: string;
  children: ReactNode;
}) {
  return (
    <p className={cn("flex items-center gap-1.5", className)}>
      <Icon aria-hidden="true" className="size-4 shrink-0" />
      {children}
    </p>
  );
}

function RequiresOrderIcon() {
  const t = useT();
  return (
    <>
      <ShieldCheck aria-hidden="true" className="size-4 shrink-0 text-amber-700 dark:text-amber-400" />
      <span className="sr-only">{t("customer.orderRequired")}</span>
    </>
  );
}

function CustomersLoadError({ error, onRetry }: { error: Error; onRetry: () => void }) {
  const t = useT();
  return (
    <div
      role="alert"
      className="rounded-lg border border-red-300 bg-red-50 p-3 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100"
    >
      <p className="flex items-start gap-2">
        <TriangleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
        {error instanceof NetworkError
          ? t("customer.loadFailedNoSignal")
          : t("customer.loadFailed", { error: failureText(error) })}
      </p>
      <Button variant="outline" className="mt-3" onClick={onRetry}>
        {t("customer.tryAgain")}
      </Button>
    </div>
  );
}

/** Step one of the multi-screen flow: who the work is for, and the customer's order number when they need one. */
export function CustomerSelectionPage() {
  const { locale, t } = useTranslator();
  const [params] = useSearchParams();
  const [, navigate] = useLocation();
  const form: FormKind = parseFormKind(params.get("form")) ?? "timesheet";
  const customers = useCustomers();
  const [customerId, setCustomerId] = useState("");
  const [orderNumber, setOrderNumber] = useState("");
  const { validation, validate, reset } = useOrderValidation();
  const rule = useOrderRule();
  const ids = {
    customer: useId(),
    order: useId(),
    orderHint: useId(),
    orderMessage: useId(),
    continueHint: useId(),
  };

  const customer: CustomerChoice | undefined = customers.data?.find((c) => c.id === customerId);
  const needsOrder = customer?.requiresOrderValidation ?? false;
  const canContinue = customer !== undefined && (!needsOrder || validation.state === "valid");
  // What an invalid number must start with, in the reader's words; the check's own message without the rule.
  const invalidMessage = validation.prefixes
    ? t("order.mustStartWith", { prefixes: alternativesIn(locale, validation.prefixes) })
    : validation.message;

  const changeCustomer = (id: string) => {
    setCustomerId(id);
    // A number validated for one customer means nothing for another; the one this driver last gave the new
    // customer is filled in, to be validated as any other.
    setOrderNumber(customers.data?.find((c) => c.id === id)?.lastOrderNumber ?? "");
    reset();
  };

  const changeOrderNumber = (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const upper = input.value.toUpperCase();
    if (upper !== input.value) {
      // Upper-case in place and keep the caret where it was, so editing the middle of the number works.
      const { selectionStart, selectionEnd } = input;
      input.value = upper;
      input.setSelectionRange(selectionStart, selectionEnd);
    }
    setOrderNumber(upper);
    // An edited number has not been checked yet.
    if (validation.state !== "idle" || validation.failed) reset();
  };

  const submitOrderNumber = (event: FormEvent) => {
    event.preventDefault();
    if (!customer || orderNumber.trim() === "" || validation.state === "validating") return;
    void validate(customer.id, orderNumber, rule);
  };

  const continueToForm = () => {
    if (!customer || !canContinue) return;
    navigate(
      appPaths.form(form, {
        customerId: customer.id,
        orderNumber: needsOrder ? (validation.validatedNumber ?? undefined) : undefined,
      }),
    );
  };

  return (
    <ScreenLayout
      title={t("customer.title")}
      subtitle={t("customer.subtitle", { form: formKindParam(form) })}
    >
      <Card className="space-y-5">
        <div>
          <Label htmlFor={ids.customer}>{t("customer.label")}</Label>
          {customers.isPending ? (
            <p role="status" className="flex min-h-12 items-center gap-2 text-slate-700 dark:text-slate-300">
              <LoaderCircle aria-hidden="true" className="size-5 animate-spin" />
              {t("customer.loading")}
            </p>
          ) : customers.isError ? (
            <CustomersLoadError error={customers.error} onRetry={() => void customers.refetch()} />
          ) : customers.data.length === 0 ? (
            <p className="text-slate-700 dark:text-slate-300">{t("customer.noneSetUp")}</p>
          ) : (
            <>
              <Select value={customerId} onValueChange={changeCustomer}>
                <SelectTrigger id={ids.customer}>
                  <SelectValue placeholder={t("customer.choose")} />
                </SelectTrigger>
                <SelectContent>
                  {customers.data.map((c) => (
                    <SelectItem key={c.id} value={c.id}>
                      <span className="flex items-center gap-2">
                        {c.name}
                        {c.requiresOrderValidation ? <RequiresOrderIcon /> : null}
                      </span>
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
              {customers.data.some((c) => c.requiresOrderValidation) ? (
                <p className="mt-2 flex items-center gap-1.5 text-sm text-slate-600 dark:text-slate-400">
                  <ShieldCheck
                    aria-hidden="true"
                    className="size-4 shrink-0 text-amber-700 dark:text-amber-400"
                  />
                  {t("customer.needsValidatedOrder")}
                </p>
              ) : null}
            </>
          )}
        </div>

        {needsOrder ? (
          <form onSubmit={submitOrderNumber} noValidate>
            <Label htmlFor={ids.order}>{t("order.label")}</Label>
            <Input
              id={ids.order}
              name="orderNumber"
              value={orderNumber}
              onChange={changeOrderNumber}
              placeholder={t("order.placeholder", { prefix: rule?.prefixes[0] ?? "P-" })}
              autoCapitalize="characters"
              autoComplete="off"
              autoCorrect="off"
              spellCheck={false}
              enterKeyHint="go"
              maxLength={100}
              aria-invalid={validation.state === "invalid"}
              aria-describedby={rule ? `${ids.orderHint} ${ids.orderMessage}` : ids.orderMessage}
            />
            {rule ? (
              <p id={ids.orderHint} className="mt-1.5 text-sm text-slate-700 dark:text-slate-300">
                {t("order.hint", { prefixes: alternativesIn(locale, rule.prefixes) })}
              </p>
            ) : null}
            <div id={ids.orderMessage} aria-live="polite" className="mt-2 min-h-6 text-sm font-medium">
              {validation.state === "valid" && validation.message ? (
                <OrderMessage icon={CheckCircle2} className="text-emerald-800 dark:text-emerald-300">
                  {t("order.formatValid")}
                </OrderMessage>
              ) : null}
              {validation.state === "invalid" && invalidMessage ? (
                <OrderMessage icon={XCircle} className={PROBLEM_TEXT}>
                  {invalidMessage}
                </OrderMessage>
              ) : null}
              {validation.failed ? (
                <OrderMessage icon={TriangleAlert} className={PROBLEM_TEXT}>
                  {t("order.validationFailed")}
                </OrderMessage>
              ) : null}
            </div>
            <Button
              type="submit"
              variant="secondary"
              className="mt-2 w-full"
              disabled={orderNumber.trim() === "" || validation.state === "validating"}
            >
              {validation.state === "validating" ? (
                <>
                  <LoaderCircle aria-hidden="true" className="size-5 animate-spin" />
                  {t("order.validating")}
                </>
              ) : (
                t("order.validate")
              )}
            </Button>
          </form>
        ) : null}
      </Card>

      {customer && !canContinue ? (
        <p id={ids.continueHint} className="mt-4 text-sm text-slate-700 dark:text-slate-300">
          {t("customer.validateToContinue")}
        </p>
      ) : null}
      {/* Back keeps its natural width so "Continue to Form" fits on one line at 360 px. */}
      <div className="mt-4 grid grid-cols-[auto_1fr] gap-3">
        <Button variant="outline" size="lg" onClick={() => navigate(appPaths.home(form))}>
          <ArrowLeft aria-hidden="true" className="size-5" />
          {t("customer.back")}
        </Button>
        <Button
          size="lg"
          className="whitespace-nowrap"
          disabled={!canContinue}
          aria-describedby={customer && !canContinue ? ids.continueHint : undefined}
          onClick={continueToForm}
        >
          {t("customer.continue")}
          <ArrowRight aria-hidden="true" className="size-5" />
        </Button>
      </div>
    </ScreenLayout>
  );
}
