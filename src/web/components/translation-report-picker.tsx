import { useEffect, useRef, useState } from "react";
import { createPortal } from "react-dom";
import type { About } from "../../domain/api/about";
import { DEFAULT_LOCALE } from "../../domain/text/i18n/locales";
import { createTranslator } from "../../domain/text/i18n/translate";
import { translationReportLink } from "../../domain/text/i18n/translation-report";
import { apiRequest } from "../lib/api-client";
import { loadWholeEnglish, useTranslator } from "../lib/i18n";
import { setPickingWords, shownMessageAt } from "../lib/shown-messages";
import { Button } from "./ui/button";

/** Taps taken from the screen while words are picked: none of them may act (follow a link, press a button). */
const TAKEN_EVENTS = ["pointerdown", "mousedown", "click"] as const;

/**
 * "Report a wrong translation", once chosen: a bar says to tap the wrong words, and that tap opens a mail to the
 * server's translations address with the screen, the language, the message's key and its words in both languages.
 */
export function TranslationReportPicker() {
  const { locale, t } = useTranslator();
  const bar = useRef<HTMLElement>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const report = async (target: Element) => {
      const message = shownMessageAt(target);
      try {
        const [about, english] = await Promise.all([
          apiRequest<About>("GET", "/api/about"),
          loadWholeEnglish(),
        ]);
        const link = translationReportLink({
          to: about.translationsEmail,
          screen: window.location.pathname,
          locale,
          key: message?.key ?? null,
          shown: message?.text ?? target.textContent?.trim() ?? "",
          english: message ? createTranslator(DEFAULT_LOCALE, english).t(message.key, message.values) : "",
          words: {
            subject: t("translationReport.subject"),
            screen: t("translationReport.screen"),
            language: t("translationReport.language"),
            message: t("translationReport.message"),
            shown: t("translationReport.shown"),
            english: t("translationReport.english"),
            whatIsWrong: t("translationReport.whatIsWrong"),
          },
        });
        setPickingWords(false);
        // The reader's mail app, in place of the page (a mailto: link leaves the page as it is).
        window.open(link, "_self");
      } catch {
        // Without signal the address is not known: said in the bar, which stays for another try.
        setFailed(true);
      }
    };
    const take = (event: Event) => {
      if (!(event.target instanceof Element) || bar.current?.contains(event.target)) return;
      event.preventDefault();
      event.stopPropagation();
      if (event.type === "click") void report(event.target);
    };
    const cancelOnEscape = (event: KeyboardEvent) => {
      if (event.key === "Escape") setPickingWords(false);
    };
    for (const type of TAKEN_EVENTS) document.addEventListener(type, take, true);
    document.addEventListener("keydown", cancelOnEscape);
    return () => {
      for (const type of TAKEN_EVENTS) document.removeEventListener(type, take, true);
      document.removeEventListener("keydown", cancelOnEscape);
    };
  }, [locale, t]);

  // Out of the header it is opened from, whose styles are not the bar's.
  return createPortal(
    <section
      ref={bar}
      aria-label={t("language.reportTranslation")}
      aria-live="polite"
      className="fixed inset-x-0 bottom-0 z-50 flex flex-wrap items-center justify-between gap-3 border-t-4 border-amber-500 bg-white px-4 py-3 shadow-lg dark:bg-slate-900"
    >
      <p className="min-w-0 flex-1 text-base font-semibold text-slate-900 dark:text-slate-100">
        {failed ? t("translationReport.failed") : t("translationReport.pickHint")}
      </p>
      <Button variant="outline" onClick={() => setPickingWords(false)}>
        {t("common.cancel")}
      </Button>
    </section>,
    document.body,
  );
}
