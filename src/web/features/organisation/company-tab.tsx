import { useQueryClient } from "@tanstack/react-query";
import Building2 from "lucide-react/icons/building-complex";
import ClipboardList from "lucide-react/icons/clipboard-list";
import LogOut from "lucide-react/icons/log-out";
import RotateCw from "lucide-react/icons/rotate-cw";
import { useState } from "react";
import { Link } from "wouter";
import type { OrganisationResponse } from "../../../domain/api/api";
import { may, roleLabel } from "../../../domain/company/organisation";
import { ConfirmDialog } from "../../components/confirm-dialog";
import { LoadingScreen } from "../../components/loading-screen";
import { done, failed, type Outcome, OutcomeNote, Problem } from "../../components/outcome";
import { Button, buttonClasses } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { appPaths } from "../../lib/app-paths";
import { cn } from "../../lib/cn";
import { failureText } from "../../lib/failure-text";
import { useT } from "../../lib/i18n";
import { setMyOrganisation, useMyOrganisation } from "../../lib/use-my-organisation";
import { leaveCompany } from "./api/organisation-requests";
import { CompanyCustomers } from "./company-customers";
import { CompanyLanguageSettings } from "./company-language-settings";
import { CreateCompanyForm } from "./create-company-form";
import { ExportDownloads } from "./export-downloads";
import { FleetDefects } from "./fleet-defects";
import { HireDeskSettings } from "./hire-desk-settings";
import { HireTermsSettings, HireTermsSummary } from "./hire-terms-settings";
import { InviteByEmail } from "./invite-by-email";
import { JoinCodes } from "./join-codes";
import { MembersList } from "./members-list";
import { OpenInvites } from "./open-invites";
import { OrderRuleSettings } from "./order-rule-settings";
import { WebhookSettings } from "./webhook-settings";

/**
 * Company (decision record 029): for an account in no company, setting one up; in one, its name and the
 * account's role, the members for supervisors and admins, and for admins managing people and invitations.
 * Anyone may leave. An individual driver who never opens it sees nothing else of the company layer.
 */
export function CompanyTab() {
  const t = useT();
  const mine = useMyOrganisation();
  // What the last change of company (made, left) came to: shown above whatever the tab now shows.
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  let body: React.ReactNode;
  if (mine.isPending) body = <LoadingScreen label={t("company.loading")} />;
  // A read that fails after one that worked leaves the company shown, and what is being typed in it.
  else if (mine.isError && mine.data === undefined) {
    body = (
      <Card className="grid gap-3">
        <Problem text={t("company.loadFailed", { detail: failureText(mine.error) })} />
        <Button variant="outline" onClick={() => void mine.refetch()}>
          <RotateCw aria-hidden="true" className="size-4" />
          {t("auth.tryAgain")}
        </Button>
      </Card>
    );
  } else if (mine.data?.organisation) {
    body = <CompanyView organisation={mine.data.organisation} onLeft={setOutcome} />;
  } else body = <CreateCompanyForm onCreated={setOutcome} />;
  // Only a company's own screen spreads over a desk's width; a form or a message keeps a phone's column.
  const column = mine.data?.organisation ? undefined : "xl:max-w-2xl";

  return (
    <section aria-labelledby="company-heading" className="grid gap-3">
      <h2 id="company-heading" className="text-xl font-bold">
        {t("company.heading")}
      </h2>
      <OutcomeNote outcome={outcome} />
      <div className={column}>{body}</div>
    </section>
  );
}

function CompanyView({
  organisation,
  onLeft,
}: {
  organisation: OrganisationResponse;
  onLeft: (outcome: Outcome) => void;
}) {
  const t = useT();
  const { id, name, role, members } = organisation;
  const admin = may(role, "invite");
  // From 1280 px the sections stand in two columns: the company's lists (members, machines, customers) at the
  // start, its tools (exports, webhook, invitations) at the end. Each column keeps the phone's order, so reading
  // and tabbing go down the first, then the second, and a list that grows never pushes a section across.
  return (
    <div className="grid gap-3 xl:grid-cols-2 xl:items-start xl:gap-x-6">
      <div className="grid gap-3">
        <Card className="flex items-start gap-3">
          <Building2 aria-hidden="true" className="mt-1 size-8 shrink-0 text-amber-600 dark:text-amber-400" />
          <div className="min-w-0">
            <h3 className="text-xl font-bold break-words">{name}</h3>
            <p className="mt-1 text-slate-700 dark:text-slate-300">
              {t("company.yourRole")}{" "}
              <strong className="text-slate-900 dark:text-slate-100">{roleLabel(role, t)}</strong>
            </p>
            <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">{t("company.formsBelong")}</p>
          </div>
        </Card>
        {may(role, "approve") ? (
          <Link href={appPaths.officeReview} className={cn(buttonClasses("primary", "lg"), "w-full")}>
            <ClipboardList aria-hidden="true" className="size-5" />
            {t("review.title")}
          </Link>
        ) : null}
        {members ? <MembersList organisation={organisation} members={members} canManage={admin} /> : null}
        {may(role, "view-fleet") ? <FleetDefects organisationId={id} /> : null}
        {may(role, "manage-customers") ? <CompanyCustomers organisationId={id} /> : null}
      </div>
      <div className="grid gap-3">
        {may(role, "export") ? <ExportDownloads organisationId={id} /> : null}
        {may(role, "set-language") ? <CompanyLanguageSettings organisation={organisation} /> : null}
        {may(role, "set-hire-terms") ? (
          <HireTermsSettings organisation={organisation} />
        ) : (
          <HireTermsSummary organisation={organisation} />
        )}
        {may(role, "set-hire-terms") ? <HireDeskSettings organisation={organisation} /> : null}
        {may(role, "manage-customers") ? <OrderRuleSettings organisationId={id} /> : null}
        {may(role, "manage-webhooks") ? <WebhookSettings organisationId={id} /> : null}
        {admin ? (
          <>
            <InviteByEmail organisationId={id} />
            <JoinCodes organisationId={id} organisationName={name} />
            <OpenInvites organisationId={id} />
          </>
        ) : null}
        <LeaveCompany organisationId={id} name={name} onLeft={onLeft} />
      </div>
    </div>
  );
}

function LeaveCompany({
  organisationId,
  name,
  onLeft,
}: {
  organisationId: string;
  name: string;
  onLeft: (outcome: Outcome) => void;
}) {
  const t = useT();
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState(false);
  const [problem, setProblem] = useState<Outcome | null>(null);
  return (
    <div className="grid gap-3">
      <OutcomeNote outcome={problem} />
      <Button size="lg" variant="outline" onClick={() => setAsking(true)}>
        <LogOut aria-hidden="true" className="size-5" />
        {t("company.leave")}
      </Button>
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        title={t("company.leaveQuestion", { name })}
        description={t("company.leaveConfirm", { company: name })}
        confirmLabel={t("company.leave")}
        busyLabel={t("company.leaving")}
        destructive
        onConfirm={async () => {
          try {
            await leaveCompany(organisationId);
            setProblem(null);
            onLeft(done(t("company.left", { company: name })));
            setMyOrganisation(queryClient, null);
          } catch (error) {
            setProblem(failed(failureText(error)));
          }
        }}
      />
    </div>
  );
}
