import Flag from "lucide-react/icons/flag";
import { isLocale, LOCALE_NAMES, LOCALES, type Locale } from "../../domain/text/i18n/locales";
import { apiRequest } from "../lib/api-client";
import { chooseLocale, useTranslator } from "../lib/i18n";
import { getSession } from "../lib/session-store";
import { setPickingWords } from "../lib/shown-messages";
import { LanguageLabel } from "./language-label";
import { RadioMenuContent } from "./radio-menu-content";
import { Button } from "./ui/button";
import { DropdownMenu, DropdownMenuItem, DropdownMenuTrigger } from "./ui/dropdown-menu";

const languageChoices = LOCALES.map((locale) => ({
  value: locale,
  label: LOCALE_NAMES[locale],
  lang: locale,
}));

export interface LanguageMenuProps {
  /** Controlled, so a press on the stand-in button before this code arrived still opens it. */
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Take the focus the stand-in button had. */
  autoFocus?: boolean;
}

/** On this phone at once; on the account too when signed in, so what is mailed to the driver follows it. */
async function choose(locale: Locale): Promise<void> {
  await chooseLocale(locale);
  if (!getSession()) return;
  await apiRequest("PUT", "/api/drivers/me/language", { language: locale }).catch((error: unknown) =>
    // Kept on the phone all the same; the account learns it at the next choice made with signal.
    console.warn("Could not keep the language on the account", error),
  );
}

/** The language button with its menu: each language under its own name; a choice redraws every screen in it. */
export function LanguageMenu({ open, onOpenChange, autoFocus }: LanguageMenuProps) {
  const { locale, t } = useTranslator();
  return (
    <DropdownMenu open={open} onOpenChange={onOpenChange}>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" className="px-2" autoFocus={autoFocus}>
          <LanguageLabel locale={locale} />
        </Button>
      </DropdownMenuTrigger>
      <RadioMenuContent
        label={t("language.menuLabel")}
        value={locale}
        choices={languageChoices}
        onChoose={(value) => {
          if (isLocale(value)) void choose(value);
        }}
        footer={
          <DropdownMenuItem onSelect={() => setPickingWords(true)}>
            <Flag aria-hidden="true" className="absolute start-3 size-4" />
            {t("language.reportTranslation")}
          </DropdownMenuItem>
        }
      />
    </DropdownMenu>
  );
}
