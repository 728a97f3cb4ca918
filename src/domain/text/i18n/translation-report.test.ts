import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type TranslationReport, translationReportLink } from "./translation-report";

const words = {
  subject: "Złe tłumaczenie",
  screen: "Ekran",
  language: "Język",
  message: "Komunikat",
  shown: "Na ekranie",
  english: "Po angielsku",
  whatIsWrong: "Co jest nie tak",
};
const report: TranslationReport = {
  to: "translations@plant-sheets.example",
  screen: "/timesheet/new",
  locale: "pl",
  key: "wizard.next",
  shown: "Dalej",
  english: "Next",
  words,
};

/** The link's parts as a mail app reads them. */
function read(link: string) {
  const url = new URL(link);
  return {
    to: decodeURIComponent(url.pathname),
    params: [...url.searchParams.keys()],
    subject: url.searchParams.get("subject") ?? "",
    body: url.searchParams.get("body") ?? "",
  };
}

describe("translationReportLink", () => {
  it("opens a mail to the address with the screen, language, key and both wordings", () => {
    const link = translationReportLink(report);
    expect(link.startsWith("mailto:translations@plant-sheets.example?")).toBe(true);
    const mail = read(link);
    expect(mail.subject).toBe("Złe tłumaczenie (pl)");
    expect(mail.body.split("\r\n")).toEqual([
      "Ekran: /timesheet/new",
      "Język: pl",
      "Komunikat: wizard.next",
      "Na ekranie: Dalej",
      "Po angielsku: Next",
      "",
      "Co jest nie tak:",
      "",
    ]);
  });

  it("says so when the words tapped are no message", () => {
    expect(read(translationReportLink({ ...report, key: null })).body).toContain("Komunikat: -");
  });

  it("keeps a long text short enough for a mail app", () => {
    const body = read(translationReportLink({ ...report, shown: "x".repeat(5_000) })).body;
    expect(body.length).toBeLessThan(1_000);
    expect(body).toContain(`${"x".repeat(400)}…`);
  });

  it("never lets the words add an address or a header", () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (shown, screen) => {
        const mail = read(translationReportLink({ ...report, shown, screen: `/${screen}` }));
        expect(mail.to).toBe(report.to);
        expect(mail.params).toEqual(["subject", "body"]);
        expect(mail.body).toContain(`Na ekranie: ${shown.slice(0, 400)}`);
      }),
    );
  });
});
