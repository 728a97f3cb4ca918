import LogIn from "lucide-react/icons/log-in";
import LogOut from "lucide-react/icons/log-out";
import UserRound from "lucide-react/icons/user-round";
import { Suspense, useState } from "react";
import { LanguageToggle } from "../../components/language-toggle";
import { Logo } from "../../components/logo";
import { ThemeToggle } from "../../components/theme-toggle";
import { TodaysDate } from "../../components/todays-date";
import { Button } from "../../components/ui/button";
import { openAuthDialog } from "../../lib/auth-dialog-store";
import { cn } from "../../lib/cn";
import { useT } from "../../lib/i18n";
import { lazyWithQueries } from "../../lib/lazy-with-queries";
import { useSession } from "../../lib/session-store";
import { OfflineStatus } from "../../offline/offline-status";

// Only a signed-in driver sees it, so it is not part of the first screen's code.
const LogoutDialog = lazyWithQueries(
  () => import("../../components/logout-dialog"),
  (m) => m.LogoutDialog,
);

// Only a stored session needs checking with the server, so without one that code is not part of the first screen.
const SessionCheck = lazyWithQueries(
  () => import("./session-check"),
  (m) => m.SessionCheck,
);

// The header is dark in both themes, so its outline buttons are styled for a dark background in both.
const onDarkBar =
  "border-slate-500 bg-transparent text-white hover:bg-slate-800 dark:border-slate-500 dark:bg-transparent dark:hover:bg-slate-800";

/** `width`: the page's column, so the header lines up with what is under it. */
export function HomeHeader({ width = "max-w-2xl" }: { width?: string }) {
  const session = useSession();
  const t = useT();
  // A tap on Logout while the question's code still loads is kept: the question opens as soon as it arrives.
  // Kept with the session it was made in, so that it cannot open the question again at the next login.
  const [logoutTappedInSession, setLogoutTappedInSession] = useState<number | null>(null);

  const logoutButton = (onClick?: () => void) => (
    <Button variant="outline" className={onDarkBar} onClick={onClick}>
      <LogOut aria-hidden="true" className="size-5" />
      {t("header.logout")}
    </Button>
  );

  return (
    <header className="border-b-4 border-amber-500 bg-slate-900 text-white">
      {session ? (
        <Suspense fallback={null}>
          <SessionCheck />
        </Suspense>
      ) : null}
      <div className={cn("mx-auto flex items-center gap-3 px-4 py-3", width)}>
        <Logo className="size-11 shrink-0" />
        <div className="min-w-0 flex-1">
          <h1 className="text-xl leading-tight font-bold tracking-tight">{t("header.productName")}</h1>
          <p className="text-sm text-slate-300">
            <TodaysDate />
          </p>
        </div>
        <div className="flex shrink-0 rounded-lg text-white [&_button]:text-white [&_button:hover]:bg-slate-800">
          <LanguageToggle />
          <ThemeToggle />
        </div>
      </div>
      <OfflineStatus className={cn("mx-auto px-4 pb-2", width)} />
      <div className={cn("mx-auto flex items-center gap-3 border-t border-slate-700 px-4 py-2", width)}>
        {session ? (
          <>
            <UserRound aria-hidden="true" className="size-5 shrink-0 text-amber-400" />
            <div className="min-w-0 flex-1">
              <p className="truncate font-semibold">{session.driverName}</p>
              <p className="text-sm text-emerald-300">{t("header.sessionActive")}</p>
            </div>
            <Suspense fallback={logoutButton(() => setLogoutTappedInSession(session.loginTime))}>
              <LogoutDialog initiallyOpen={logoutTappedInSession === session.loginTime}>
                {logoutButton()}
              </LogoutDialog>
            </Suspense>
          </>
        ) : (
          <>
            <p className="min-w-0 flex-1 text-sm text-slate-300">{t("header.noAccountNeeded")}</p>
            <Button onClick={() => openAuthDialog("login")}>
              <LogIn aria-hidden="true" className="size-5" />
              {t("header.login")}
            </Button>
          </>
        )}
      </div>
    </header>
  );
}
