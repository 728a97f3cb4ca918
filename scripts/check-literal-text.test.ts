import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { literalTexts } from "./literal-text";

// A component's words come from the catalogs, so every language has them: a word written into the markup is only
// ever English.
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

it("no component writes words of its own: every word it shows comes from the catalogs", () => {
  expect(literalsByFile(), "words written into components: move them to the catalogs").toEqual({});
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
