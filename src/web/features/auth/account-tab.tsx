import { ArrowLeft, BadgeCheck, KeyRound, LogOut, RotateCw } from "lucide-react";
import { type ReactNode, useState } from "react";
import { useLocation } from "wouter";
import { messages } from "../../../domain/text/messages";
import { LogoutDialog } from "../../components/logout-dialog";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { appPaths } from "../../lib/app-paths";
import { failureText } from "../../lib/failure-text";
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

  return (
    <section aria-labelledby="account-heading">
      <h2 id="account-heading" className="text-xl font-bold">
        Account
      </h2>
      <Card className="mt-3 py-2">
        <dl>
          <Detail term="Name">{driver.data?.fullName ?? session?.driverName}</Detail>
          <Detail term="Email">
            {email ?? (driver.isError ? "Not available" : <span className="text-slate-500">Loading...</span>)}
          </Detail>
          <Detail term="Status">
            <span className="inline-flex items-center gap-1.5 rounded-full bg-emerald-100 px-2.5 py-0.5 text-sm font-semibold text-emerald-900 dark:bg-emerald-400/15 dark:text-emerald-300">
              <BadgeCheck aria-hidden="true" className="size-4" />
              Active
            </span>
          </Detail>
        </dl>
      </Card>
      {driver.isError ? (
        <div
          role="alert"
          className="mt-3 flex flex-wrap items-center gap-2 rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100"
        >
          <span className="min-w-0 flex-1">{messages.accountLoadFailed(failureText(driver.error))}</span>
          <Button variant="outline" onClick={() => void driver.refetch()}>
            <RotateCw aria-hidden="true" className="size-4" />
            Try Again
          </Button>
        </div>
      ) : null}
      <div className="mt-4 grid gap-3">
        <Button size="lg" onClick={() => setChangingPassword(true)} disabled={email === undefined}>
          <KeyRound aria-hidden="true" className="size-5" />
          Change Password
        </Button>
        <LogoutDialog>
          <Button size="lg" variant="outline">
            <LogOut aria-hidden="true" className="size-5" />
            Sign Out
          </Button>
        </LogoutDialog>
        <Button size="lg" variant="ghost" onClick={() => navigate(appPaths.home("forms"))}>
          <ArrowLeft aria-hidden="true" className="size-5" />
          Back to Dashboard
        </Button>
      </div>
      {email !== undefined ? (
        <ChangePasswordDialog open={changingPassword} onOpenChange={setChangingPassword} email={email} />
      ) : null}
    </section>
  );
}
