import { useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import type { OrganisationResponse } from "../../../domain/api/api";
import { isLocale, LOCALE_NAMES, LOCALES } from "../../../domain/text/i18n/locales";
import { Card } from "../../components/ui/card";
import { Label } from "../../components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "../../components/ui/select";
import { toast } from "../../components/ui/use-toast";
import { failureText } from "../../lib/failure-text";
import { useT } from "../../lib/i18n";
import { setMyOrganisation } from "../../lib/use-my-organisation";
import { saveCompanyLanguage } from "./api/organisation-requests";

/**
 * The language the office works in, for the company's admins: its exports' column headers, the mails to its
 * addresses and its invitations, and its drivers' client copies unless they pick another. Each language is
 * named in its own words, as its reader looks for it; a pick is saved at once.
 */
export function CompanyLanguageSettings({ organisation }: { organisation: OrganisationResponse }) {
  const t = useT();
  const id = useId();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);

  const save = async (value: string) => {
    if (!isLocale(value) || value === organisation.language) return;
    setBusy(true);
    try {
      setMyOrganisation(queryClient, await saveCompanyLanguage(organisation.id, value));
      toast({ title: t("companyLanguage.saved", { language: LOCALE_NAMES[value] }), variant: "success" });
    } catch (error) {
      toast({
        title: t("companyLanguage.notSaved"),
        description: failureText(error),
        variant: "destructive",
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="company-language-heading">
      <Card className="grid gap-3">
        <h3 id="company-language-heading" className="text-lg font-bold">
          {t("companyLanguage.heading")}
        </h3>
        <p className="text-slate-700 dark:text-slate-300">{t("companyLanguage.explained")}</p>
        <div>
          <Label htmlFor={id}>{t("companyLanguage.label")}</Label>
          <Select value={organisation.language} disabled={busy} onValueChange={(value) => void save(value)}>
            <SelectTrigger id={id}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {LOCALES.map((locale) => (
                <SelectItem key={locale} value={locale} lang={locale}>
                  {LOCALE_NAMES[locale]}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
      </Card>
    </section>
  );
}
