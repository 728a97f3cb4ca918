import { useQueryClient } from "@tanstack/react-query";
import LoaderCircle from "lucide-react/icons/loader-circle";
import Send from "lucide-react/icons/send";
import { type FormEvent, useState } from "react";
import { InviteRequestSchema } from "../../../domain/api/api";
import type { Role } from "../../../domain/company/organisation";
import { done, failed, type Outcome, OutcomeNote } from "../../components/outcome";
import { TextField } from "../../components/text-field";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { failureText } from "../../lib/failure-text";
import { useT } from "../../lib/i18n";
import { parseRequest } from "../../lib/parse-request";
import { catalogWords } from "../../lib/server-words";
import { refreshOpenInvites } from "./api/organisation-queries";
import { inviteByEmail } from "./api/organisation-requests";
import { RoleSelect } from "./role-select";

/** An admin mails one address a single-use invitation with a role; the answer says who it went to. */
export function InviteByEmail({ organisationId }: { organisationId: string }) {
  const t = useT();
  const queryClient = useQueryClient();
  const [email, setEmail] = useState("");
  const [role, setRole] = useState<Role>("driver");
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseRequest(null, InviteRequestSchema, { email, role });
    if (parsed.problem !== undefined) {
      setOutcome(failed(parsed.problem));
      return;
    }
    setBusy(true);
    setOutcome(null);
    try {
      const answer = await inviteByEmail(organisationId, parsed.data);
      setOutcome(done(catalogWords(answer.key, answer.params) ?? answer.message));
      setEmail("");
      await refreshOpenInvites(queryClient, organisationId);
    } catch (error) {
      setOutcome(failed(failureText(error)));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="invite-heading">
      <Card>
        <form onSubmit={submit} noValidate className="grid gap-4">
          <h3 id="invite-heading" className="text-lg font-bold">
            {t("invite.heading")}
          </h3>
          <TextField
            label={t("invite.email")}
            type="email"
            inputMode="email"
            autoComplete="off"
            value={email}
            onValueChange={setEmail}
            aria-invalid={outcome?.ok === false}
            hint={t("invite.emailHint")}
          />
          <RoleSelect label={t("invite.role")} value={role} onChange={setRole} />
          <OutcomeNote outcome={outcome} />
          <Button type="submit" size="lg" disabled={busy}>
            {busy ? (
              <LoaderCircle aria-hidden="true" className="size-5 animate-spin" />
            ) : (
              <Send aria-hidden="true" className="size-5" />
            )}
            {busy ? t("invite.sending") : t("invite.send")}
          </Button>
        </form>
      </Card>
    </section>
  );
}
