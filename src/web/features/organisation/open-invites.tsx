import { useQueryClient } from "@tanstack/react-query";
import { Ban, Mail, QrCode, RotateCw } from "lucide-react";
import { useState } from "react";
import type { OpenInvite } from "../../../domain/api/api";
import { ROLE_LABELS } from "../../../domain/company/organisation";
import { companyMessages } from "../../../domain/text/company-messages";
import { ConfirmDialog } from "../../components/confirm-dialog";
import { done, failed, type Outcome, OutcomeNote, Problem } from "../../components/outcome";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { failureText } from "../../lib/failure-text";
import { formatDateTime } from "../../lib/format-date-time";
import { refreshOpenInvites, useOpenInvites } from "./api/organisation-queries";
import { revokeInvite } from "./api/organisation-requests";

/** How an invitation is named in a sentence: "the invitation to ann@x.co.uk", "the driver join code of 04/06/2025, 09:00". */
function inviteName(invite: OpenInvite): string {
  if (invite.email !== null) return `the invitation to ${invite.email}`;
  return `the ${ROLE_LABELS[invite.role].toLowerCase()} join code of ${formatDateTime(Date.parse(invite.createdAt))}`;
}

/** The company's invitations and join codes that still let someone in, each with Revoke (admins). */
export function OpenInvites({ organisationId }: { organisationId: string }) {
  const queryClient = useQueryClient();
  const invites = useOpenInvites(organisationId);
  const [toRevoke, setToRevoke] = useState<OpenInvite | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const revoke = async (invite: OpenInvite) => {
    try {
      await revokeInvite(organisationId, invite.id);
      setOutcome(done(companyMessages.inviteRevoked(inviteName(invite))));
    } catch (error) {
      setOutcome(failed(failureText(error)));
    }
    await refreshOpenInvites(queryClient, organisationId);
  };

  let list: React.ReactNode;
  if (invites.isPending) list = <p className="p-4 text-slate-700 dark:text-slate-300">Loading...</p>;
  else if (invites.isError && invites.data === undefined) {
    list = (
      <div className="grid gap-3 p-4">
        <Problem text={failureText(invites.error)} />
        <Button variant="outline" onClick={() => void invites.refetch()}>
          <RotateCw aria-hidden="true" className="size-4" />
          Try Again
        </Button>
      </div>
    );
  } else if (!invites.data || invites.data.invites.length === 0) {
    list = <p className="p-4 text-slate-700 dark:text-slate-300">No open invitations or join codes.</p>;
  } else {
    list = (
      <ul className="divide-y divide-slate-200 dark:divide-slate-800">
        {invites.data.invites.map((invite) => {
          const Icon = invite.email === null ? QrCode : Mail;
          return (
            <li key={invite.id} className="flex items-center gap-3 p-4">
              <Icon aria-hidden="true" className="size-5 shrink-0 text-slate-600 dark:text-slate-400" />
              <div className="min-w-0 flex-1">
                <p className="font-semibold [overflow-wrap:anywhere]">{invite.email ?? "Join code"}</p>
                <p className="text-sm text-slate-700 dark:text-slate-300">
                  {ROLE_LABELS[invite.role]}
                  {invite.email === null ? ` · ${invite.uses} joined` : ""} · until{" "}
                  {formatDateTime(Date.parse(invite.expiresAt))}
                  {invite.createdByName ? ` · by ${invite.createdByName}` : ""}
                </p>
              </div>
              <Button
                variant="outline"
                aria-label={`Revoke ${inviteName(invite)}`}
                onClick={() => setToRevoke(invite)}
              >
                <Ban aria-hidden="true" className="size-4 text-red-700 dark:text-red-400" />
                Revoke
              </Button>
            </li>
          );
        })}
      </ul>
    );
  }

  return (
    <section aria-labelledby="open-invites-heading" className="grid gap-3">
      <h3 id="open-invites-heading" className="text-lg font-bold">
        Open Invitations
      </h3>
      <OutcomeNote outcome={outcome} />
      <Card className="p-0">{list}</Card>
      <ConfirmDialog
        open={toRevoke !== null}
        onOpenChange={(open) => open || setToRevoke(null)}
        title={toRevoke?.email === null ? "Revoke Join Code?" : "Revoke Invitation?"}
        description={toRevoke ? companyMessages.revokeInviteConfirm(inviteName(toRevoke), toRevoke.uses) : ""}
        confirmLabel="Revoke"
        busyLabel="Revoking..."
        destructive
        onConfirm={async () => {
          if (toRevoke) await revoke(toRevoke);
        }}
      />
    </section>
  );
}
