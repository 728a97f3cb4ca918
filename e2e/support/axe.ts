import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { expect, type Page } from "@playwright/test";

// axe-core comes with Lighthouse, which `npm run bench` uses.
const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/** Runs axe on the page as it stands and fails with each rule broken and the elements that break it. */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  // Evaluated through the browser's debugging protocol, which the app's content security policy does not cover.
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: () => Promise<{ violations: AxeViolation[] }> } }).axe;
    const result = await axe.run();
    return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
  });
  expect(violations).toEqual([]);
}

interface AxeViolation {
  id: string;
  nodes: { target: string[] }[];
}
