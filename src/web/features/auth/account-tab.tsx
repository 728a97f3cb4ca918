import ArrowLeft from "lucide-react/icons/arrow-left";
import BadgeCheck from "lucide-react/icons/badge-check";
import KeyRound from "lucide-react/icons/key-round";
import LogOut from "lucide-react/icons/log-out";
import RotateCw from "lucide-react/icons/rotate-cw";
import { type ReactNode, useState } from "react";
import { useLocation } from "wouter";
import { LogoutDialog } from "../../components/logout-dialog";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { appPaths } from "../../lib/app-paths";
import { failureText } from "../../lib/failure-text";
import { useT } from "../../lib/i18n";
import { useSession } from "../../lib/session-store";
import { useCurrentDriver } from "../../lib/use-current-driver";
import { ChangePasswordDialog } from "./change-password-dialog";

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5 border-b border-slate-200 py-3 last:border-b-0 dark:border-slate-800">
      <dt className="text-sm font-semibold text-slate-600 dark:text-slate-400">{term}</dt>
      <dd className="text-base break-words">{children}</dd>
    </div>
  );
}

/** The Account tab: who is signed in, and the account's actions (spec section 2). */
export function AccountTab() {
  const session = useSession();
  const driver = useCurrentDriver();
  const [changingPassword, setChangingPassword] = useState(false);
  const [, navigate] = useLocation();
  const email = driver.data?.email;
  const t = useT();
  const loadProblem = driver.isError ? failureText(driver.error).trim() : "";

  return (
    <section aria-labelledby="account-heading">
      <h2 id="account-heading" className="text-xl font-bold">
        {t("account.heading")}
      </h2>
      <Card className="mt-3 py-2">
        <dl>
          <Detail term={t("account.name")}>{driver.data?.fullName ?? session?.driverName}</Detail>
          <Detail term={t("auth.email")}>
            {email ??
              (driver.isError ? (
                t("account.notAvailable")
              ) : (
                <span className="text-slate-500">{t("account.loading")}</span>
              ))}
          </Detail>
          <Detail term={t("account.status")}>
            <span className="inline-flex items-center gap-1.5 rounded-full bg-emerald-100 px-2.5 py-0.5 text-sm font-semibold text-emerald-900 dark:bg-emerald-400/15 dark:text-emerald-300">
              <BadgeCheck aria-hidden="true" className="size-4" />
              {t("account.active")}
            </span>
          </Detail>
        </dl>
      </Card>
      {driver.isError ? (
        <div
          role="alert"
          className="mt-3 flex flex-wrap items-center gap-2 rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100"
        >
          <span className="min-w-0 flex-1">
            {t("account.loadFailed", { error: loadProblem !== "" ? loadProblem : t("account.unknownError") })}
          </span>
          <Button variant="outline" onClick={() => void driver.refetch()}>
            <RotateCw aria-hidden="true" className="size-4" />
            {t("auth.tryAgain")}
          </Button>
        </div>
      ) : null}
      <div className="mt-4 grid gap-3">
        <Button size="lg" onClick={() => setChangingPassword(true)} disabled={email === undefined}>
          <KeyRound aria-hidden="true" className="size-5" />
          {t("auth.changePasswordTitle")}
        </Button>
        <LogoutDialog>
          <Button size="lg" variant="outline">
            <LogOut aria-hidden="true" className="size-5" />
            {t("account.signOut")}
          </Button>
        </LogoutDialog>
        <Button size="lg" variant="ghost" onClick={() => navigate(appPaths.home("forms"))}>
          <ArrowLeft aria-hidden="true" className="size-5" />
          {t("account.backToDashboard")}
        </Button>
      </div>
      {email !== undefined ? (
        <ChangePasswordDialog open={changingPassword} onOpenChange={setChangingPassword} email={email} />
      ) : null}
    </section>
  );
}
