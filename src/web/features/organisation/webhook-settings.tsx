import { useQueryClient } from "@tanstack/react-query";
import KeyRound from "lucide-react/icons/key-round";
import LoaderCircle from "lucide-react/icons/loader-circle";
import RotateCw from "lucide-react/icons/rotate-cw";
import Save from "lucide-react/icons/save";
import Trash2 from "lucide-react/icons/trash";
import { type FormEvent, useState } from "react";
import { companyMessages } from "../../../domain/text/company-messages";
import { ConfirmDialog } from "../../components/confirm-dialog";
import { done, failed, type Outcome, OutcomeNote, Problem } from "../../components/outcome";
import { TextField } from "../../components/text-field";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { failureText } from "../../lib/failure-text";
import { useTranslator } from "../../lib/i18n";
import { formatDateTimeIn } from "../../lib/locale-format";
import { refreshWebhook, useWebhook } from "./api/organisation-queries";
import { removeWebhook, rotateWebhookSecret, saveWebhook } from "./api/organisation-requests";
import { WebhookHistory } from "./webhook-history";

/**
 * The company's signed webhook, for its admins (decision records 029 and 034): where "set approved" and "defect
 * reported" are sent, the secret shown once when made or replaced, how the last call went, the history of its
 * latest calls with Resend on one given up, and removing it.
 */
export function WebhookSettings({ organisationId }: { organisationId: string }) {
  const queryClient = useQueryClient();
  const current = useWebhook(organisationId);
  const webhook = current.data?.webhook ?? null;
  const { t, locale } = useTranslator();
  const [url, setUrl] = useState<string | null>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [asking, setAsking] = useState<"rotate" | "remove" | null>(null);

  /** Runs a change, says what came of it, and reads the webhook again. */
  const change = async (action: () => Promise<Outcome>) => {
    setBusy(true);
    try {
      setOutcome(await action());
    } catch (error) {
      setOutcome(failed(failureText(error)));
    } finally {
      setBusy(false);
      await refreshWebhook(queryClient, organisationId);
    }
  };

  const save = (event: FormEvent) => {
    event.preventDefault();
    const address = (url ?? webhook?.url ?? "").trim();
    if (address === "") {
      setOutcome(failed(t("webhook.urlRequired")));
      return;
    }
    void change(async () => {
      const answer = await saveWebhook(organisationId, address);
      setUrl(null);
      if (answer.secret) setSecret(answer.secret);
      return done(
        t("webhook.saved", { url: answer.url, newSecret: answer.secret !== undefined ? "yes" : "no" }),
      );
    });
  };

  let status: React.ReactNode = null;
  if (current.isError) {
    status = (
      <div className="grid gap-2">
        <Problem text={failureText(current.error)} />
        <Button variant="outline" onClick={() => void current.refetch()}>
          <RotateCw aria-hidden="true" className="size-4" />
          {t("auth.tryAgain")}
        </Button>
      </div>
    );
  } else if (webhook) {
    const last = webhook.lastDelivery;
    status = (
      <p className="text-sm text-slate-700 dark:text-slate-300 [overflow-wrap:anywhere]">
        {last
          ? companyMessages.webhookLastDelivery(
              last.event,
              formatDateTimeIn(locale, Date.parse(last.createdAt)),
              last.status,
              last.outcome ? companyMessages.webhookOutcome(last.outcome, last.httpStatus, t) : null,
              t,
            )
          : t("webhook.nothingSent")}
      </p>
    );
  }

  return (
    <section aria-labelledby="webhook-heading">
      <Card className="grid gap-4">
        <h3 id="webhook-heading" className="text-lg font-bold">
          {t("webhook.heading")}
        </h3>
        <p className="text-slate-700 dark:text-slate-300">{t("webhook.explained")}</p>
        {status}
        {secret ? (
          <div className="grid gap-2 rounded-lg border border-amber-400 bg-amber-50 p-3 dark:border-amber-600 dark:bg-amber-950">
            <TextField
              label={t("webhook.secretLabel")}
              value={secret}
              onValueChange={() => undefined}
              readOnly
              onFocus={(event) => event.currentTarget.select()}
              hint={t("webhook.secretOnce")}
            />
          </div>
        ) : null}
        <form onSubmit={save} noValidate className="grid gap-3">
          <TextField
            label={t("webhook.address")}
            type="url"
            inputMode="url"
            autoComplete="off"
            placeholder="https://"
            value={url ?? webhook?.url ?? ""}
            onValueChange={setUrl}
            aria-invalid={outcome?.ok === false}
          />
          <OutcomeNote outcome={outcome} />
          <Button type="submit" disabled={busy || current.isPending}>
            {busy ? (
              <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
            ) : (
              <Save aria-hidden="true" className="size-4" />
            )}
            {webhook ? t("webhook.saveAddress") : t("webhook.setUp")}
          </Button>
        </form>
        {webhook ? (
          <WebhookHistory
            organisationId={organisationId}
            history={webhook.history}
            onResent={() => refreshWebhook(queryClient, organisationId)}
          />
        ) : null}
        {webhook ? (
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" disabled={busy} onClick={() => setAsking("rotate")}>
              <KeyRound aria-hidden="true" className="size-4" />
              {t("webhook.newSecret")}
            </Button>
            <Button variant="outline" disabled={busy} onClick={() => setAsking("remove")}>
              <Trash2 aria-hidden="true" className="size-4 text-red-700 dark:text-red-400" />
              {t("webhook.remove")}
            </Button>
          </div>
        ) : null}
      </Card>
      <ConfirmDialog
        open={asking !== null}
        onOpenChange={(open) => open || setAsking(null)}
        title={asking === "remove" ? t("webhook.removeQuestion") : t("webhook.newSecretQuestion")}
        description={asking === "remove" ? t("webhook.removeConfirm") : t("webhook.rotateConfirm")}
        confirmLabel={asking === "remove" ? t("webhook.remove") : t("webhook.makeNewSecret")}
        busyLabel={asking === "remove" ? t("members.removing") : t("webhook.making")}
        destructive={asking === "remove"}
        onConfirm={() =>
          change(async () => {
            if (asking === "remove") {
              await removeWebhook(organisationId);
              setSecret(null);
              return done(t("webhook.removed"));
            }
            const answer = await rotateWebhookSecret(organisationId);
            setSecret(answer.secret);
            return done(t("webhook.rotated"));
          })
        }
      />
    </section>
  );
}
