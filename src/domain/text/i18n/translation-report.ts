/**
 * A report of a wrong translation, as a mail the reader's own mail app opens: where it was read, in which
 * language, which message (its key, the same in every catalog) and its words there and in English. The reader
 * adds what is wrong. Nothing of it is sent by the app.
 */
export interface TranslationReport {
  /** Where the report goes (the server's TRANSLATIONS_EMAIL). */
  to: string;
  /** The screen's path, without its query (which may name a person's form). */
  screen: string;
  locale: string;
  /** The message tapped, or null when the words tapped are not one message (a name, what someone typed). */
  key: string | null;
  /** The tapped message's words in the reader's language and in English. */
  shown: string;
  english: string;
  /** The mail's subject and its lines' labels, in the reader's language. */
  words: {
    subject: string;
    screen: string;
    language: string;
    message: string;
    shown: string;
    english: string;
    whatIsWrong: string;
  };
}

/** Long enough for any message of the catalogs; a mail app's address bar takes about 2,000 characters. */
const MAX_TEXT = 400;

const clip = (text: string) => (text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT)}…` : text);

/** The mailto: link of a report; every part encoded, so nothing in the words can add a header or an address. */
export function translationReportLink(report: TranslationReport): string {
  const { words } = report;
  const body = [
    `${words.screen}: ${clip(report.screen)}`,
    `${words.language}: ${report.locale}`,
    `${words.message}: ${report.key ?? "-"}`,
    `${words.shown}: ${clip(report.shown)}`,
    `${words.english}: ${clip(report.english)}`,
    "",
    `${words.whatIsWrong}:`,
    "",
  ].join("\r\n");
  const subject = `${words.subject} (${report.locale})`;
  return `mailto:${encodeURIComponent(report.to).replace("%40", "@")}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}
