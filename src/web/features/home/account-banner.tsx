import UserPlus from "lucide-react/icons/user-plus";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { openAuthDialog } from "../../lib/auth-dialog-store";
import { useT } from "../../lib/i18n";
import { TickList } from "./card-parts";

const benefits = [
  "home.benefitDrafts",
  "home.benefitHistory",
  "home.benefitStatus",
  "home.benefitSupervisor",
] as const;

/** 'Why Create an Account?' for logged-out users: the app works without one, this is what one adds. */
export function AccountBanner() {
  const t = useT();
  return (
    <Card className="mt-6 border-amber-300 bg-amber-50 dark:border-amber-400/30 dark:bg-amber-400/10">
      <h2 className="text-lg font-bold">{t("home.whyCreateAccount")}</h2>
      <TickList points={benefits.map((key) => t(key))} className="mt-3" />
      <p className="mt-3 text-sm text-slate-700 dark:text-slate-300">{t("home.accountOptional")}</p>
      <Button size="lg" className="mt-4 w-full" onClick={() => openAuthDialog("register")}>
        <UserPlus aria-hidden="true" className="size-5" />
        {t("home.createAccount")}
      </Button>
    </Card>
  );
}
