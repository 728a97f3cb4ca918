import type { ReactNode } from "react";
import { STORAGE_KEYS } from "../../../domain/forms/constants";
import type { MessageKey } from "../../../domain/text/i18n/translate";
import { intlLocale } from "../../../domain/text/i18n/translate";
import { ScreenLayout } from "../../components/screen-layout";
import { useTranslator } from "../../lib/i18n";

// Changing the policy's substance means changing this date too.
const LAST_UPDATED = new Date(Date.UTC(2026, 10, 22));

// Stand for the storage keys in their sentence, so each can be set as code wherever the language puts it.
const THEME_MARK = "\u2063theme\u2063";
const CONSENT_MARK = "\u2063consent\u2063";

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="space-y-2">
      <h2 className="text-lg font-bold">{title}</h2>
      {children}
    </section>
  );
}

/** The rights under the GDPR, each its name in bold and what it lets you ask. */
const RIGHTS: readonly [MessageKey, MessageKey][] = [
  ["privacy.rightAccessTitle", "privacy.rightAccess"],
  ["privacy.rightRectificationTitle", "privacy.rightRectification"],
  ["privacy.rightErasureTitle", "privacy.rightErasure"],
  ["privacy.rightPortabilityTitle", "privacy.rightPortability"],
];

/** The policy the consent banner links to; it opens in its own tab so the form underneath is not lost. */
export function PrivacyPolicyPage() {
  const { locale, t } = useTranslator();
  const lastUpdated = new Intl.DateTimeFormat(intlLocale(locale), {
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  }).format(LAST_UPDATED);
  const deviceStorage = t("privacy.storageDevice", { themeKey: THEME_MARK, consentKey: CONSENT_MARK })
    .split(/(\u2063\w+\u2063)/)
    .map((part) => {
      if (part === THEME_MARK)
        return (
          <code key={part} className="text-sm">
            {STORAGE_KEYS.theme}
          </code>
        );
      if (part === CONSENT_MARK)
        return (
          <code key={part} className="text-sm">
            {STORAGE_KEYS.privacyAccepted}
          </code>
        );
      return part;
    });
  return (
    <ScreenLayout
      title={t("privacy.title")}
      subtitle={t("privacy.lastUpdated", { date: lastUpdated })}
      back={{ href: "/", label: t("header.productName") }}
    >
      <article className="space-y-6 leading-relaxed text-slate-800 dark:text-slate-200 [&_li]:ms-5 [&_li]:list-disc [&_ul]:space-y-1">
        <p>{t("privacy.intro")}</p>

        <Section title={t("privacy.controllerTitle")}>
          <p>{t("privacy.controller")}</p>
        </Section>

        <Section title={t("privacy.collectTitle")}>
          <ul>
            <li>{t("privacy.collectName")}</li>
            <li>{t("privacy.collectWork")}</li>
            <li>{t("privacy.collectSignatures")}</li>
            <li>{t("privacy.collectPhotos")}</li>
            <li>{t("privacy.collectEmails")}</li>
          </ul>
        </Section>

        <Section title={t("privacy.purposeTitle")}>
          <ul>
            <li>{t("privacy.purposeForms")}</li>
            <li>{t("privacy.purposeAccount")}</li>
            <li>{t("privacy.purposeSafety")}</li>
          </ul>
          <p>{t("privacy.legalBasis")}</p>
        </Section>

        <Section title={t("privacy.storageTitle")}>
          <ul>
            <li>{t("privacy.storageNoAccount")}</li>
            <li>{t("privacy.storageAccount")}</li>
            <li>{deviceStorage}</li>
          </ul>
          <p>{t("privacy.noTrackers")}</p>
        </Section>

        <Section title={t("privacy.recipientsTitle")}>
          <p>{t("privacy.recipients")}</p>
        </Section>

        <Section title={t("privacy.rightsTitle")}>
          <ul>
            {RIGHTS.map(([name, what]) => (
              <li key={name}>
                <strong>{t(name)}</strong> {t(what)}
              </li>
            ))}
            <li>{t("privacy.rightRestrict")}</li>
          </ul>
          <p>{t("privacy.complaint")}</p>
        </Section>

        <Section title={t("privacy.choiceTitle")}>
          <p>{t("privacy.choice")}</p>
        </Section>
      </article>
    </ScreenLayout>
  );
}
