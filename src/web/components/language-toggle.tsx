import { Globe } from "lucide-react";
import { lazy, Suspense } from "react";
import { isLocale, LOCALE_NAMES } from "../../domain/text/i18n/locales";
import { useTranslator } from "../lib/i18n";
import { Button } from "./ui/button";
import { useLazyMenu } from "./use-lazy-menu";

const loadLanguageMenu = () => import("./language-menu");
const LanguageMenu = lazy(async () => ({ default: (await loadLanguageMenu()).LanguageMenu }));

/** The header's language button: a globe and the language's own name, opening the menu of languages. */
export function LanguageToggle() {
  const { locale, t } = useTranslator();
  const menu = useLazyMenu(loadLanguageMenu);
  // A test's pseudo-locale is named by its tag.
  const name = isLocale(locale) ? LOCALE_NAMES[locale] : locale;
  const label = t("language.buttonLabel", { language: name });
  const standIn = (
    <Button
      ref={menu.standInRef}
      variant="ghost"
      className="px-2"
      aria-label={label}
      aria-haspopup="menu"
      aria-expanded={false}
      onClick={menu.openFromStandIn}
    >
      <Globe aria-hidden="true" className="size-5" />
      <span lang={locale}>{name}</span>
    </Button>
  );
  if (!menu.ready) return standIn;
  return (
    <Suspense fallback={standIn}>
      <LanguageMenu open={menu.open} onOpenChange={menu.setOpen} autoFocus={menu.takeFocus} />
    </Suspense>
  );
}
