import { useQueryClient } from "@tanstack/react-query";
import UserMinus from "lucide-react/icons/user-minus";
import { useState } from "react";
import type { OrganisationMember, OrganisationResponse } from "../../../domain/api/api";
import { type Role, roleLabel } from "../../../domain/company/organisation";
import { ConfirmDialog } from "../../components/confirm-dialog";
import { done, failed, type Outcome, OutcomeNote } from "../../components/outcome";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { failureText } from "../../lib/failure-text";
import { useT } from "../../lib/i18n";
import { useSession } from "../../lib/session-store";
import { refreshMyOrganisation } from "../../lib/use-my-organisation";
import { changeMemberRole, removeMember } from "./api/organisation-requests";
import { RoleSelect } from "./role-select";

type Pending =
  | { kind: "role"; member: OrganisationMember; role: Role }
  | { kind: "remove"; member: OrganisationMember };

/**
 * The members with their roles, for supervisors and admins. An admin changes a role or removes a member, each
 * after a question that says what it means; their own row is theirs to leave, below.
 */
export function MembersList({
  organisation,
  members,
  canManage,
}: {
  organisation: OrganisationResponse;
  members: readonly OrganisationMember[];
  canManage: boolean;
}) {
  const t = useT();
  const queryClient = useQueryClient();
  const me = useSession()?.accountId;
  const [pending, setPending] = useState<Pending | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const apply = async (change: Pending) => {
    const { member } = change;
    try {
      if (change.kind === "role") {
        await changeMemberRole(organisation.id, member.accountId, change.role);
        setOutcome(done(t("members.roleChanged", { name: member.fullName, role: change.role })));
      } else {
        await removeMember(organisation.id, member.accountId);
        setOutcome(done(t("members.removed", { name: member.fullName })));
      }
    } catch (error) {
      setOutcome(failed(failureText(error)));
    }
    await refreshMyOrganisation(queryClient);
  };

  return (
    <section aria-labelledby="members-heading" className="grid gap-3">
      <h3 id="members-heading" className="text-lg font-bold">
        {t("members.heading", { count: members.length })}
      </h3>
      <OutcomeNote outcome={outcome} />
      <Card className="p-0">
        <ul className="divide-y divide-slate-200 dark:divide-slate-800">
          {members.map((member) => {
            const isMe = member.accountId === me;
            return (
              <li key={member.accountId} className="flex flex-wrap items-center gap-3 p-4">
                <div className="min-w-0 flex-1 basis-48">
                  <p className="font-semibold break-words">
                    {member.fullName}
                    {isMe ? (
                      <span className="font-normal text-slate-600 dark:text-slate-400">
                        {t("members.you")}
                      </span>
                    ) : null}
                  </p>
                  <p className="text-sm text-slate-700 [overflow-wrap:anywhere] dark:text-slate-300">
                    {member.email}
                  </p>
                </div>
                {canManage && !isMe ? (
                  <div className="flex flex-wrap items-center gap-2">
                    <RoleSelect
                      label={t("members.roleOf", { name: member.fullName })}
                      hideLabel
                      value={member.role}
                      className="w-40"
                      onChange={(role) => {
                        if (role !== member.role) setPending({ kind: "role", member, role });
                      }}
                    />
                    <Button
                      variant="outline"
                      aria-label={t("members.removeName", { name: member.fullName })}
                      onClick={() => setPending({ kind: "remove", member })}
                    >
                      <UserMinus aria-hidden="true" className="size-5 text-red-700 dark:text-red-400" />
                      {t("members.remove")}
                    </Button>
                  </div>
                ) : (
                  <span className="rounded-full bg-slate-100 px-3 py-1 text-sm font-semibold text-slate-800 dark:bg-slate-800 dark:text-slate-200">
                    {roleLabel(member.role, t)}
                  </span>
                )}
              </li>
            );
          })}
        </ul>
      </Card>
      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(open) => open || setPending(null)}
        title={
          pending?.kind === "remove"
            ? t("members.removeQuestion", { name: pending.member.fullName })
            : pending?.kind === "role"
              ? t("members.makeQuestion", { name: pending.member.fullName, role: pending.role })
              : ""
        }
        description={
          pending?.kind === "remove"
            ? t("members.removeConfirm", { name: pending.member.fullName, company: organisation.name })
            : pending?.kind === "role"
              ? t("members.roleChangeConfirm", { name: pending.member.fullName, role: pending.role })
              : ""
        }
        confirmLabel={pending?.kind === "remove" ? t("members.removeMember") : t("members.changeRole")}
        busyLabel={pending?.kind === "remove" ? t("members.removing") : t("members.changing")}
        destructive={pending?.kind === "remove"}
        onConfirm={async () => {
          if (pending) await apply(pending);
        }}
      />
    </section>
  );
}
