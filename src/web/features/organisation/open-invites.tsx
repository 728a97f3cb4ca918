import { useQueryClient } from "@tanstack/react-query";
import Ban from "lucide-react/icons/ban";
import Mail from "lucide-react/icons/mail";
import QrCode from "lucide-react/icons/qr-code";
import RotateCw from "lucide-react/icons/rotate-cw";
import { useState } from "react";
import type { OpenInvite } from "../../../domain/api/api";
import { roleLabel } from "../../../domain/company/organisation";
import type { Translator } from "../../../domain/text/i18n/translate";
import { ConfirmDialog } from "../../components/confirm-dialog";
import { done, failed, type Outcome, OutcomeNote, Problem } from "../../components/outcome";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { failureText } from "../../lib/failure-text";
import { useTranslator } from "../../lib/i18n";
import { formatDateTimeIn } from "../../lib/locale-format";
import { refreshOpenInvites, useOpenInvites } from "./api/organisation-queries";
import { revokeInvite } from "./api/organisation-requests";

/** How an invitation is named in a sentence: "the invitation to ann@x.co.uk", "the driver join code of 04/06/2025, 09:00". */
function inviteName(invite: OpenInvite, { t, locale }: Translator): string {
  if (invite.email !== null) return t("invites.nameEmail", { email: invite.email });
  return t("invites.nameCode", {
    role: invite.role,
    date: formatDateTimeIn(locale, Date.parse(invite.createdAt)),
  });
}

/** The company's invitations and join codes that still let someone in, each with Revoke (admins). */
export function OpenInvites({ organisationId }: { organisationId: string }) {
  const translator = useTranslator();
  const { t, locale } = translator;
  const queryClient = useQueryClient();
  const invites = useOpenInvites(organisationId);
  const [toRevoke, setToRevoke] = useState<OpenInvite | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const revoke = async (invite: OpenInvite) => {
    try {
      await revokeInvite(organisationId, invite.id);
      setOutcome(done(t("invites.revoked", { what: inviteName(invite, translator) })));
    } catch (error) {
      setOutcome(failed(failureText(error)));
    }
    await refreshOpenInvites(queryClient, organisationId);
  };

  let list: React.ReactNode;
  if (invites.isPending)
    list = <p className="p-4 text-slate-700 dark:text-slate-300">{t("common.loading")}</p>;
  else if (invites.isError && invites.data === undefined) {
    list = (
      <div className="grid gap-3 p-4">
        <Problem text={failureText(invites.error)} />
        <Button variant="outline" onClick={() => void invites.refetch()}>
          <RotateCw aria-hidden="true" className="size-4" />
          {t("auth.tryAgain")}
        </Button>
      </div>
    );
  } else if (!invites.data || invites.data.invites.length === 0) {
    list = <p className="p-4 text-slate-700 dark:text-slate-300">{t("invites.none")}</p>;
  } else {
    list = (
      <ul className="divide-y divide-slate-200 dark:divide-slate-800">
        {invites.data.invites.map((invite) => {
          const Icon = invite.email === null ? QrCode : Mail;
          return (
            <li key={invite.id} className="flex flex-wrap items-center gap-3 p-4">
              <Icon aria-hidden="true" className="size-5 shrink-0 text-slate-600 dark:text-slate-400" />
              <div className="min-w-0 flex-1 basis-40">
                <p className="font-semibold [overflow-wrap:anywhere]">
                  {invite.email ?? t("invites.joinCode")}
                </p>
                <p className="text-sm text-slate-700 dark:text-slate-300">
                  {[
                    roleLabel(invite.role, t),
                    invite.email === null ? t("invites.joined", { count: invite.uses }) : null,
                    t("invites.until", { date: formatDateTimeIn(locale, Date.parse(invite.expiresAt)) }),
                    invite.createdByName ? t("invites.by", { name: invite.createdByName }) : null,
                  ]
                    .filter((part) => part !== null)
                    .join(" · ")}
                </p>
              </div>
              <Button
                variant="outline"
                aria-label={t("invites.revokeName", { what: inviteName(invite, translator) })}
                onClick={() => setToRevoke(invite)}
              >
                <Ban aria-hidden="true" className="size-4 text-red-700 dark:text-red-400" />
                {t("invites.revoke")}
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
        {t("invites.heading")}
      </h3>
      <OutcomeNote outcome={outcome} />
      <Card className="p-0">{list}</Card>
      <ConfirmDialog
        open={toRevoke !== null}
        onOpenChange={(open) => open || setToRevoke(null)}
        title={toRevoke?.email === null ? t("invites.revokeCodeQuestion") : t("invites.revokeInviteQuestion")}
        description={
          toRevoke
            ? t("invites.revokeConfirm", { what: inviteName(toRevoke, translator), joined: toRevoke.uses })
            : ""
        }
        confirmLabel={t("invites.revoke")}
        busyLabel={t("invites.revoking")}
        destructive
        onConfirm={async () => {
          if (toRevoke) await revoke(toRevoke);
        }}
      />
    </section>
  );
}
