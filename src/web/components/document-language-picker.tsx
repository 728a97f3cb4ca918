import { useId, useState } from "react";
import { DEFAULT_LOCALE, type DocumentLanguage, LOCALE_NAMES, LOCALES } from "../../domain/text/i18n/locales";
import {
  chooseDocumentLanguage,
  chosenDocumentLanguage,
  senderLocale,
  useT,
  useTranslator,
} from "../lib/i18n";
import { useCompanyLanguage } from "../lib/use-my-organisation";
import { Label } from "./ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "./ui/select";

/**
 * The language of the PDF the client or office receives: the sender's company's (English without one) unless the
 * sender picks another, or both side by side while the app is in a language beside English. Kept on this phone
 * for the next form.
 */
export function DocumentLanguagePicker() {
  const t = useT();
  // Read again when the app's language changes: "both" names it.
  useTranslator();
  const id = useId();
  const companyLanguage = useCompanyLanguage();
  // What the sender picked here; until then the default, which follows the company's language once it is known.
  const [picked, setPicked] = useState<DocumentLanguage | null>(null);
  const language = picked ?? chosenDocumentLanguage(companyLanguage);
  const own = senderLocale();
  const choices: { value: DocumentLanguage; label: string }[] = [
    ...LOCALES.map((locale) => ({ value: locale, label: LOCALE_NAMES[locale] })),
    ...(own === DEFAULT_LOCALE
      ? []
      : [{ value: "both" as const, label: t("documentLanguage.both", { language: LOCALE_NAMES[own] }) }]),
  ];
  const shown = choices.some((choice) => choice.value === language) ? language : DEFAULT_LOCALE;
  return (
    <div>
      <Label htmlFor={id}>{t("documentLanguage.label")}</Label>
      <Select
        value={shown}
        onValueChange={(value) => {
          const next = value as DocumentLanguage;
          chooseDocumentLanguage(next);
          setPicked(next);
        }}
      >
        <SelectTrigger id={id}>
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {choices.map((choice) => (
            <SelectItem key={choice.value} value={choice.value}>
              {choice.label}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}
