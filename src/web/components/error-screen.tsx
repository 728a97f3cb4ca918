import TriangleAlert from "lucide-react/icons/triangle-exclamation-point";
import { useT } from "../lib/i18n";
import { Button, buttonClasses } from "./ui/button";

interface ErrorScreenProps {
  /** Which boundary caught it: the whole app's, or the router's. */
  layer: "app" | "router";
  error: Error;
}

/**
 * The fallback of both error boundaries. Plain anchors and a full reload on purpose: the router or the
 * providers may be what broke, and a fresh load also fetches a screen chunk that failed to download.
 */
export function ErrorScreen({ layer, error }: ErrorScreenProps) {
  const t = useT();
  return (
    <main className="mx-auto flex min-h-dvh max-w-md flex-col items-center justify-center gap-4 p-6 text-center">
      <TriangleAlert aria-hidden="true" className="size-12 text-amber-600 dark:text-amber-400" />
      <h1 className="text-2xl font-bold">
        {layer === "app" ? t("errorScreen.appTitle") : t("errorScreen.routerTitle")}
      </h1>
      <p className="text-slate-700 dark:text-slate-300">{t("errorScreen.text")}</p>
      <p className="max-w-full text-sm break-words text-slate-600 dark:text-slate-400">{error.message}</p>
      <div className="flex flex-wrap justify-center gap-3">
        <Button onClick={() => window.location.reload()}>{t("update.reload")}</Button>
        <a href="/" className={buttonClasses("outline")}>
          {t("notFound.goHome")}
        </a>
      </div>
    </main>
  );
}
