import Lock from "lucide-react/icons/lock";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import type { AccountTab } from "../../lib/app-paths";
import { openAuthDialog } from "../../lib/auth-dialog-store";
import { useT } from "../../lib/i18n";

/** What an account tab shows to someone not logged in, e.g. after following a ?tab=history link. */
export function LoginRequired({ area }: { area: AccountTab }) {
  const t = useT();
  return (
    <Card className="flex flex-col items-center gap-3 py-8 text-center">
      <Lock aria-hidden="true" className="size-10 text-amber-600 dark:text-amber-400" />
      <h2 className="text-xl font-bold">{t("home.loginRequired")}</h2>
      <p className="max-w-sm text-slate-700 dark:text-slate-300">{t("home.loginRequiredText", { area })}</p>
      <Button size="lg" onClick={() => openAuthDialog("login")}>
        {t("home.logIn")}
      </Button>
    </Card>
  );
}
