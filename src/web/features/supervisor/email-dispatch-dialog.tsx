import LoaderCircle from "lucide-react/icons/loader-circle";
import Send from "lucide-react/icons/send";
import { useId, useState } from "react";
import { MAX_NOTES_LENGTH } from "../../../domain/forms/constants";
import { packRecipients } from "../../../domain/sets/pack-recipients";
import { invalidClientEmails, nonBlankEmails } from "../../../domain/text/client-email";
import { RecipientInput } from "../../components/recipient-input";
import { Button } from "../../components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "../../components/ui/dialog";
import { Label } from "../../components/ui/label";
import { Textarea } from "../../components/ui/textarea";
import { toast } from "../../components/ui/use-toast";
import { useT } from "../../lib/i18n";
import { catalogWords } from "../../lib/server-words";
import { useCurrentDriver } from "../../lib/use-current-driver";
import {
  dispatchFailure,
  dispatchSet,
  emailDispatchRequest,
  type SupervisorSet,
} from "./api/supervisor-actions";
import { PackRecipients } from "./recipient-list";

interface EmailDispatchDialogProps {
  set: SupervisorSet | null;
  onOpenChange: (open: boolean) => void;
  onDispatched: () => void;
}

/** Email Dispatch of an approved set: the recipients, one a row, and an optional message. */
export function EmailDispatchDialog({ set, onOpenChange, onDispatched }: EmailDispatchDialogProps) {
  const t = useT();
  const ids = { message: useId(), problem: useId() };
  const [recipients, setRecipients] = useState<string[]>([]);
  const [message, setMessage] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  /** Everyone the pack will go to, once Send Forms has checked the addresses: the dialog asks once. */
  const [confirming, setConfirming] = useState<string[] | null>(null);
  const accountEmail = useCurrentDriver().data?.email;

  const close = (open: boolean) => {
    if (busy || open) return;
    setRecipients([]);
    setMessage("");
    setProblem(null);
    setConfirming(null);
    onOpenChange(false);
  };

  const send = async () => {
    if (!set) return;
    const addresses = nonBlankEmails(recipients);
    const invalid = invalidClientEmails(addresses);
    const built =
      addresses.length === 0
        ? { problem: t("dispatch.emailRequired") }
        : invalid.length > 0
          ? {
              problem: t("recipients.checkAddresses", {
                count: invalid.length,
                addresses: invalid.join(", "),
              }),
            }
          : emailDispatchRequest(set.id, addresses, message);
    if (built.problem !== undefined) {
      setProblem(built.problem);
      return;
    }
    setProblem(null);
    if (confirming === null) {
      setConfirming(packRecipients(built.request.emailAddresses, accountEmail));
      return;
    }
    setBusy(true);
    try {
      const answer = await dispatchSet(built.request);
      toast({
        // The server's line in the reader's words; from an older server (no key), the same said here.
        title:
          catalogWords(answer?.key, answer?.params) ??
          t("dispatch.dispatched", { count: confirming.length, addresses: confirming.join(", ") }),
        variant: "success",
      });
      setBusy(false);
      close(false);
      onDispatched();
    } catch (error) {
      setBusy(false);
      toast({ title: dispatchFailure(error, t), variant: "destructive" });
    }
  };

  return (
    <Dialog open={set !== null} onOpenChange={close}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t("supervisor.emailDispatch")}</DialogTitle>
          <DialogDescription>
            {set
              ? t("dispatch.description", {
                  known: set.driverName ? "yes" : "no",
                  driver: set.driverName,
                  plant: set.plantNumber,
                })
              : null}
          </DialogDescription>
        </DialogHeader>
        <form
          className="space-y-4"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void send();
          }}
        >
          {confirming ? (
            <section aria-label={t("supervisor.confirmSendTitle")} className="space-y-1">
              <p className="font-semibold">{t("supervisor.confirmSendTitle")}</p>
              <p className="text-sm text-slate-700 dark:text-slate-300">
                <PackRecipients
                  sentence={t("supervisor.confirmDispatch", { count: confirming.length })}
                  addresses={confirming}
                />
              </p>
            </section>
          ) : null}
          <div hidden={confirming !== null}>
            <RecipientInput
              label={t("recipients.list")}
              emails={recipients}
              onChange={(next) => {
                setRecipients(next);
                setProblem(null);
              }}
            />
            {problem ? (
              <p
                id={ids.problem}
                role="alert"
                className="mt-1.5 text-sm font-medium text-red-700 dark:text-red-300"
              >
                {problem}
              </p>
            ) : null}
          </div>
          <div hidden={confirming !== null}>
            <Label htmlFor={ids.message}>{t("dispatch.message")}</Label>
            <Textarea
              id={ids.message}
              value={message}
              maxLength={MAX_NOTES_LENGTH}
              onChange={(event) => setMessage(event.currentTarget.value)}
            />
          </div>
          <DialogFooter>
            <Button
              variant="outline"
              disabled={busy}
              onClick={() => (confirming ? setConfirming(null) : close(false))}
            >
              {confirming ? t("customer.back") : t("common.cancel")}
            </Button>
            <Button type="submit" disabled={busy}>
              {busy ? (
                <LoaderCircle aria-hidden="true" className="size-5 animate-spin" />
              ) : (
                <Send aria-hidden="true" className="size-5" />
              )}
              {busy
                ? t("dispatch.sending")
                : confirming
                  ? t("dispatch.sendTo", { count: confirming.length })
                  : t("dispatch.sendForms")}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
