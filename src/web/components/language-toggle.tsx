import { lazy, Suspense } from "react";
import type { AnyLocale } from "../../domain/text/i18n/translate";
import { useTranslator, wholeCatalog } from "../lib/i18n";
import { usePickingWords } from "../lib/shown-messages";
import { LanguageLabel } from "./language-label";
import { Button } from "./ui/button";
import { useLazyMenu } from "./use-lazy-menu";

const loadLanguageMenu = () => import("./language-menu");
const LanguageMenu = lazy(async () => ({ default: (await loadLanguageMenu()).LanguageMenu }));
// Its words are not the first screen's: they arrive with it.
const TranslationReportPicker = lazy(async () => {
  const [module] = await Promise.all([import("./translation-report-picker"), wholeCatalog()]);
  return { default: module.TranslationReportPicker };
});

/**
 * The header's language button: a globe and the language's own name, opening the menu of languages (and of the
 * report of a wrong translation, whose bar it shows while the words are picked).
 */
export function LanguageToggle() {
  const { locale } = useTranslator();
  const menu = useLazyMenu(loadLanguageMenu);
  const picking = usePickingWords();
  return (
    <>
      <LanguageButton menu={menu} locale={locale} />
      {picking ? (
        <Suspense fallback={null}>
          <TranslationReportPicker />
        </Suspense>
      ) : null}
    </>
  );
}

function LanguageButton({ menu, locale }: { menu: ReturnType<typeof useLazyMenu>; locale: AnyLocale }) {
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
