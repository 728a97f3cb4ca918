import CircleCheck from "lucide-react/icons/circle-check";
import CircleX from "lucide-react/icons/circle-x";
import LoaderCircle from "lucide-react/icons/loader-circle";
import Send from "lucide-react/icons/send";
import { useState } from "react";
import { WEBHOOK_HISTORY_LENGTH, type WebhookAttemptView } from "../../../domain/company/webhook";
import { companyMessages } from "../../../domain/text/company-messages";
import { done, failed, type Outcome, OutcomeNote } from "../../components/outcome";
import { Button } from "../../components/ui/button";
import { failureText } from "../../lib/failure-text";
import { useTranslator } from "../../lib/i18n";
import { formatDateTimeIn } from "../../lib/locale-format";
import { resendWebhookCall } from "./api/organisation-requests";

/**
 * The webhook's latest calls, newest first, each with what came of it in a few words (never the socket's own), and
 * Resend on a delivery that was given up: sent again as a new series of attempts under the same delivery id.
 */
export function WebhookHistory({
  organisationId,
  history,
  onResent,
}: {
  organisationId: string;
  history: WebhookAttemptView[];
  /** Reads the webhook again, once a delivery is queued again. */
  onResent: () => Promise<void>;
}) {
  const { t, locale } = useTranslator();
  const [resending, setResending] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const resend = async (attempt: WebhookAttemptView, at: string) => {
    setResending(attempt.deliveryId);
    try {
      await resendWebhookCall(organisationId, attempt.deliveryId);
      setOutcome(done(t("webhook.resent", { event: attempt.event, at })));
    } catch (error) {
      setOutcome(failed(failureText(error)));
    } finally {
      setResending(null);
      await onResent();
    }
  };

  return (
    <section aria-labelledby="webhook-history-heading" className="grid gap-2">
      <h4 id="webhook-history-heading" className="font-bold">
        {t("webhook.historyHeading")}
      </h4>
      <p className="text-sm text-slate-700 dark:text-slate-300">
        {t("webhook.historyExplained", { max: WEBHOOK_HISTORY_LENGTH })}
      </p>
      <OutcomeNote outcome={outcome} />
      {history.length === 0 ? (
        <p className="text-slate-700 dark:text-slate-300">{t("webhook.historyEmpty")}</p>
      ) : (
        <ol className="divide-y divide-slate-200 rounded-lg border border-slate-200 dark:divide-slate-800 dark:border-slate-800">
          {history.map((attempt) => {
            const at = formatDateTimeIn(locale, Date.parse(attempt.at));
            const delivered = attempt.outcome === "delivered";
            const Icon = delivered ? CircleCheck : CircleX;
            return (
              <li key={attempt.id} className="flex flex-wrap items-center gap-3 p-3">
                <Icon
                  aria-hidden="true"
                  className={
                    delivered
                      ? "size-5 shrink-0 text-emerald-700 dark:text-emerald-400"
                      : "size-5 shrink-0 text-red-700 dark:text-red-400"
                  }
                />
                <div className="min-w-0 flex-1">
                  <p className="font-semibold [overflow-wrap:anywhere]">
                    {attempt.event} · {at}
                  </p>
                  <p className="text-sm text-slate-700 dark:text-slate-300">
                    {companyMessages.webhookOutcome(attempt.outcome, attempt.httpStatus, t)}
                    {attempt.resendable ? ` · ${t("webhook.givenUp")}` : ""}
                  </p>
                </div>
                {attempt.resendable ? (
                  <Button
                    variant="outline"
                    aria-label={t("webhook.resendLabel", { event: attempt.event, at })}
                    disabled={resending !== null}
                    onClick={() => void resend(attempt, at)}
                  >
                    {resending === attempt.deliveryId ? (
                      <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
                    ) : (
                      <Send aria-hidden="true" className="size-4" />
                    )}
                    {t("webhook.resend")}
                  </Button>
                ) : null}
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
