import { lazy, Suspense } from "react";
import { useTranslator } from "../lib/i18n";
import { LanguageLabel } from "./language-label";
import { Button } from "./ui/button";
import { useLazyMenu } from "./use-lazy-menu";

const loadLanguageMenu = () => import("./language-menu");
const LanguageMenu = lazy(async () => ({ default: (await loadLanguageMenu()).LanguageMenu }));

/** The header's language button: a globe and the language's own name, opening the menu of languages. */
export function LanguageToggle() {
  const { locale } = useTranslator();
  const menu = useLazyMenu(loadLanguageMenu);
  const standIn = (
    <Button
      ref={menu.standInRef}
      variant="ghost"
      className="px-2"
      aria-haspopup="menu"
      aria-expanded={false}
      onClick={menu.openFromStandIn}
    >
      <LanguageLabel locale={locale} />
    </Button>
  );
  if (!menu.ready) return standIn;
  return (
    <Suspense fallback={standIn}>
      <LanguageMenu open={menu.open} onOpenChange={menu.setOpen} autoFocus={menu.takeFocus} />
    </Suspense>
  );
}
