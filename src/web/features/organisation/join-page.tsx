import Building2 from "lucide-react/icons/building-complex";
import CircleCheck from "lucide-react/icons/circle-check";
import { Link, useSearchParams } from "wouter";
import { InviteTokenQuerySchema } from "../../../domain/api/api";
import { LoadingScreen } from "../../components/loading-screen";
import { Problem } from "../../components/outcome";
import { ScreenLayout } from "../../components/screen-layout";
import { Button, buttonClasses } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { appPaths } from "../../lib/app-paths";
import { openAuthDialog } from "../../lib/auth-dialog-store";
import { failureText } from "../../lib/failure-text";
import { useT } from "../../lib/i18n";
import { returnAfterSignIn } from "../../lib/return-after-sign-in";
import { useSession } from "../../lib/session-store";
import { useAcceptInvite, useInvite } from "./api/organisation-queries";

/**
 * Where an invitation's link, mailed or read from a join code's QR code, lands: it says which company and role
 * it is for, and the driver joins only by confirming (decision record 029).
 */
export function JoinPage() {
  const t = useT();
  const back = { href: appPaths.home(), label: t("wizard.home") };
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  // A link cut short by a mail client cannot work; say so without asking the server.
  const usable = InviteTokenQuerySchema.safeParse({ token }).success;
  const session = useSession();
  const invite = useInvite(token, usable);
  const accept = useAcceptInvite(token);
  // Signed out, the driver logs in or signs up first and comes back here to tap Join.
  const signInFirst = (view: "login" | "register") => {
    returnAfterSignIn(`/join?token=${token}`);
    openAuthDialog(view);
  };

  if (!usable || invite.isError) {
    return (
      <ScreenLayout title={t("join.title")} back={back}>
        <Card className="grid gap-4">
          <Problem text={usable ? failureText(invite.error) : t("join.inviteInvalid")} />
          {usable ? (
            <Button variant="outline" onClick={() => void invite.refetch()}>
              {t("auth.tryAgain")}
            </Button>
          ) : null}
        </Card>
      </ScreenLayout>
    );
  }
  if (invite.isPending) {
    return (
      <ScreenLayout title={t("join.title")} back={back}>
        <LoadingScreen label={t("join.loading")} />
      </ScreenLayout>
    );
  }

  const { organisationName, role } = invite.data;
  if (accept.isSuccess) {
    return (
      <ScreenLayout title={t("join.title")} back={back}>
        <Card className="grid gap-4">
          <p role="status" className="flex items-center gap-2 text-lg font-semibold">
            <CircleCheck
              aria-hidden="true"
              className="size-6 shrink-0 text-emerald-600 dark:text-emerald-400"
            />
            <span>{t("join.joined", { name: accept.data.name, role: accept.data.role })}</span>
          </p>
          <p className="text-slate-700 dark:text-slate-300">{t("join.formsFromNow")}</p>
          <Link href={appPaths.home("company")} className={buttonClasses()}>
            {t("join.seeCompany")}
          </Link>
          <Link href={appPaths.home("forms")} className={buttonClasses("outline")}>
            {t("account.backToDashboard")}
          </Link>
        </Card>
      </ScreenLayout>
    );
  }

  return (
    <ScreenLayout title={t("join.title")} back={back}>
      <Card className="grid gap-4">
        <div className="flex items-start gap-3">
          <Building2 aria-hidden="true" className="mt-1 size-8 shrink-0 text-amber-600 dark:text-amber-400" />
          <div>
            <h2 className="text-xl font-bold break-words">{organisationName}</h2>
            <p className="mt-1 text-slate-700 dark:text-slate-300">
              {t("join.invited", { name: organisationName, role })}
            </p>
          </div>
        </div>
        {accept.isError ? <Problem text={failureText(accept.error)} /> : null}
        {session ? (
          <Button size="lg" onClick={() => accept.mutate()} disabled={accept.isPending}>
            {accept.isPending ? t("join.joining") : t("join.join", { name: organisationName })}
          </Button>
        ) : (
          <>
            <p>{t("join.signInFirst")}</p>
            <Button size="lg" onClick={() => signInFirst("login")}>
              {t("auth.logIn")}
            </Button>
            <Button variant="outline" onClick={() => signInFirst("register")}>
              {t("auth.createAccount")}
            </Button>
          </>
        )}
      </Card>
    </ScreenLayout>
  );
}
