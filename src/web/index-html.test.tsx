import { readFileSync } from "node:fs";
import { join } from "node:path";
import { renderToStaticMarkup } from "react-dom/server";
import { expect, it } from "vitest";
import { LoadingScreen } from "./components/loading-screen";

it("index.html paints the app's own loading screen until the app's first render replaces it", () => {
  const html = readFileSync(join(import.meta.dirname, "index.html"), "utf8");
  const root = html.match(/<div id="root">(.*)<\/div>\n/)?.[1];
  expect(root).toBe(renderToStaticMarkup(<LoadingScreen />));
});
