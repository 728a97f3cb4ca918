import { useQueryClient } from "@tanstack/react-query";
import LoaderCircle from "lucide-react/icons/loader-circle";
import Save from "lucide-react/icons/save";
import { type FormEvent, useState } from "react";
import { formatOrderPrefixes, parseOrderPrefixes } from "../../../domain/company/order-prefixes";
import { alternatives } from "../../../domain/text/messages";
import { done, failed, type Outcome, OutcomeNote } from "../../components/outcome";
import { TextField } from "../../components/text-field";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { failureText } from "../../lib/failure-text";
import { useTranslator } from "../../lib/i18n";
import { setOrderRule, useOrderRule } from "../../lib/use-order-rule";
import { saveOrderRule } from "./api/organisation-requests";

/**
 * The company's order-number rule, for its admins (decision record 044): the prefixes its drivers' order numbers
 * must start with, typed as a list. Checked here as the server checks it, so a mistake is named before sending.
 */
export function OrderRuleSettings({ organisationId }: { organisationId: string }) {
  const { t, locale } = useTranslator();
  // "PO- or HS-" as the reader says it; English keeps the spec's wording.
  const either = (prefixes: readonly string[]) =>
    locale === "en-GB"
      ? alternatives(prefixes)
      : new Intl.ListFormat(locale, { type: "disjunction" }).format(prefixes);
  const queryClient = useQueryClient();
  const rule = useOrderRule();
  // What the admin typed; null shows the rule as it is.
  const [typed, setTyped] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const check = parseOrderPrefixes(typed ?? (rule ? formatOrderPrefixes(rule.prefixes) : ""));
    if (!check.ok) {
      setOutcome(failed(t(check.text.key, check.text.params)));
      return;
    }
    setBusy(true);
    try {
      const saved = await saveOrderRule(organisationId, check.prefixes);
      setOrderRule(queryClient, saved);
      setTyped(null);
      setOutcome(done(t("orderRule.saved", { prefixes: either(saved.prefixes) })));
    } catch (error) {
      setOutcome(failed(failureText(error)));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="order-rule-heading">
      <Card className="grid gap-4">
        <h3 id="order-rule-heading" className="text-lg font-bold">
          {t("orderRule.heading")}
        </h3>
        <p className="text-slate-700 dark:text-slate-300">{t("orderRule.explained")}</p>
        {rule ? (
          <p className="font-medium text-slate-900 dark:text-slate-100">
            {t("orderRule.current", { prefixes: either(rule.prefixes) })}
          </p>
        ) : null}
        <form onSubmit={(event) => void save(event)} noValidate className="grid gap-3">
          <TextField
            label={t("orderRule.label")}
            autoCapitalize="characters"
            autoComplete="off"
            autoCorrect="off"
            spellCheck={false}
            placeholder="PO-, HS-"
            maxLength={200}
            value={typed ?? (rule ? formatOrderPrefixes(rule.prefixes) : "")}
            onValueChange={(value) => {
              setTyped(value);
              setOutcome(null);
            }}
            aria-invalid={outcome?.ok === false}
          />
          <OutcomeNote outcome={outcome} />
          <Button type="submit" disabled={busy || rule === undefined}>
            {busy ? (
              <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
            ) : (
              <Save aria-hidden="true" className="size-4" />
            )}
            {t("orderRule.save")}
          </Button>
        </form>
      </Card>
    </section>
  );
}
