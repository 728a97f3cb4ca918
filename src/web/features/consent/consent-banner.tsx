import ShieldCheck from "lucide-react/icons/shield-check";
import X from "lucide-react/icons/x";
import { useState } from "react";
import { STORAGE_KEYS } from "../../../domain/forms/constants";
import { Button } from "../../components/ui/button";
import { appPaths } from "../../lib/app-paths";
import { useT } from "../../lib/i18n";
import { localStore } from "../../lib/local-store";

/**
 * Shown on every load until the policy is accepted (spec: "shown when no privacy-accepted flag exists"), so a
 * decline or a close only hides it until the next visit.
 */
export function ConsentBanner() {
  const [visible, setVisible] = useState(() => localStore.get(STORAGE_KEYS.privacyAccepted) !== "true");
  const t = useT();
  if (!visible) return null;

  const accept = () => {
    localStore.set(STORAGE_KEYS.privacyAccepted, "true");
    localStore.set(STORAGE_KEYS.privacyAcceptedDate, new Date().toISOString());
    // An acceptance supersedes an earlier refusal.
    localStore.remove(STORAGE_KEYS.privacyRejected);
    setVisible(false);
  };

  const decline = () => {
    localStore.set(STORAGE_KEYS.privacyRejected, "true");
    setVisible(false);
    window.alert(t("consent.declined"));
  };

  return (
    <section
      aria-labelledby="consent-title"
      className="fixed inset-x-0 bottom-0 z-40 px-3 pb-[max(0.75rem,env(safe-area-inset-bottom))]"
    >
      <div className="relative mx-auto max-w-2xl rounded-xl border border-slate-300 bg-white p-4 pe-12 shadow-2xl dark:border-slate-700 dark:bg-slate-900">
        <Button
          variant="ghost"
          size="icon"
          aria-label={t("common.close")}
          className="absolute top-1 end-1"
          onClick={() => setVisible(false)}
        >
          <X aria-hidden="true" className="size-5" />
        </Button>
        <h2 id="consent-title" className="flex items-center gap-2 text-base font-bold">
          <ShieldCheck aria-hidden="true" className="size-5 text-amber-600 dark:text-amber-400" />
          {t("consent.title")}
        </h2>
        <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
          {t("consent.text")}{" "}
          <a
            href={appPaths.privacyPolicy}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex min-h-11 items-center font-semibold text-amber-800 underline underline-offset-2 dark:text-amber-300"
          >
            {t("consent.readPolicy")}
            <span className="sr-only"> {t("consent.opensInNewTab")}</span>
          </a>
        </p>
        <div className="mt-3 flex gap-3">
          <Button variant="outline" className="flex-1" onClick={decline}>
            {t("consent.decline")}
          </Button>
          <Button className="flex-1" onClick={accept}>
            {t("consent.accept")}
          </Button>
        </div>
      </div>
    </section>
  );
}
