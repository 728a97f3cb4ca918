import { Globe } from "lucide-react";
import { isLocale, LOCALE_NAMES, LOCALES } from "../../domain/text/i18n/locales";
import { chooseLocale, useTranslator } from "../lib/i18n";
import { RadioMenuContent } from "./radio-menu-content";
import { Button } from "./ui/button";
import { DropdownMenu, DropdownMenuTrigger } from "./ui/dropdown-menu";

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

/** The language button with its menu: each language under its own name; a choice redraws every screen in it. */
export function LanguageMenu({ open, onOpenChange, autoFocus }: LanguageMenuProps) {
  const { locale, t } = useTranslator();
  const name = isLocale(locale) ? LOCALE_NAMES[locale] : locale;
  return (
    <DropdownMenu open={open} onOpenChange={onOpenChange}>
      <DropdownMenuTrigger asChild>
        <Button
          variant="ghost"
          className="px-2"
          aria-label={t("language.buttonLabel", { language: name })}
          autoFocus={autoFocus}
        >
          <Globe aria-hidden="true" className="size-5" />
          <span lang={locale}>{name}</span>
        </Button>
      </DropdownMenuTrigger>
      <RadioMenuContent
        label={t("language.menuLabel")}
        value={locale}
        choices={languageChoices}
        onChoose={(value) => {
          if (isLocale(value)) void chooseLocale(value);
        }}
      />
    </DropdownMenu>
  );
}
