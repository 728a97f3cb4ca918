import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { literalTexts } from "./literal-text";

// A component's words come from the catalogs, so every language has them: a word written into the markup is only
// ever English. The screens not yet moved onto the catalogs are listed with how many such words each still has;
// the list may only shrink (a file's count is exact, so moving a word out lowers it here too).
const NOT_YET_IN_CATALOGS: Readonly<Record<string, number>> = {
  "features/completed-form/completed-form-page.tsx": 30,
  "features/history/driver-history-tab.tsx": 14,
  "features/supervisor/collation-screen.tsx": 14,
  "features/supervisor/combined-approval-screen.tsx": 31,
  "features/supervisor/draft-card.tsx": 1,
  "features/supervisor/email-dispatch-dialog.tsx": 3,
  "features/supervisor/recipient-list.tsx": 1,
  "features/supervisor/sets-table.tsx": 3,
  "features/supervisor/supervisor-login-required.tsx": 2,
  "features/supervisor/supervisor-tab.tsx": 12,
  "features/supervisor/traffic-light-legend.tsx": 1,
};

const webDir = join(import.meta.dirname, "../src/web");

/** Examples of a format, the same in every language: an address's scheme, order prefixes as typed. */
const FORMAT_EXAMPLES = new Set(["https://", "PO-, HS-"]);

function literalsByFile(): Record<string, string[]> {
  const found: Record<string, string[]> = {};
  for (const file of readdirSync(webDir, { recursive: true, encoding: "utf8" })) {
    if (!file.endsWith(".tsx") || /\.test\.tsx$/.test(file)) continue;
    const texts = literalTexts(file, readFileSync(join(webDir, file), "utf8")).filter(
      (found) => !FORMAT_EXAMPLES.has(found.text),
    );
    if (texts.length > 0) found[file] = texts.map((text) => `${text.line}: ${text.text}`);
  }
  return found;
}

it("no component writes words of its own outside the screens still listed, and each listed count is exact", () => {
  const found = literalsByFile();
  const unexpected = Object.entries(found).filter(([file]) => !(file in NOT_YET_IN_CATALOGS));
  expect(Object.fromEntries(unexpected), "words written into components: move them to the catalogs").toEqual(
    {},
  );
  const counts = Object.fromEntries(
    Object.keys(NOT_YET_IN_CATALOGS).map((file) => [file, found[file]?.length ?? 0]),
  );
  expect(counts).toEqual(NOT_YET_IN_CATALOGS);
});

describe("literalTexts", () => {
  const texts = (source: string) => literalTexts("x.tsx", source).map((found) => found.text);

  it("finds words in JSX text, string children and the attributes people read or hear", () => {
    expect(
      texts(`export const A = () => (
        <section aria-label="Photos">
          <h2>Daily checks</h2>
          {"No defects noted"}
          <input placeholder={"Type a name"} title={\`Week \${1}\`} />
          <img alt="Excavator" src="/a.png" />
        </section>
      );`),
    ).toEqual(["Photos", "Daily checks", "No defects noted", "Type a name", "Week", "Excavator"]);
  });

  it("leaves what nobody reads, and text without a word: class names, keys, symbols, numbers, catalog calls, a library's placeholders", () => {
    expect(
      texts(`export const A = ({ t }) => (
        <div className="flex gap-2" data-testid="row" key="k">
          {t("home.title")} — • 24 {" "} ✓ {"-"}
          <span aria-label={t("home.title")}>{1}</span>
          <section aria-label={\`\${t("common.notifications")} ({hotkey})\`} />
        </div>
      );`),
    ).toEqual([]);
  });

  it("reads every script, so a Polish word typed into a component counts too", () => {
    expect(texts(`export const A = () => <p>Zdjęcia</p>;`)).toEqual(["Zdjęcia"]);
  });
});
