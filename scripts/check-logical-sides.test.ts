import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, it } from "vitest";

// A right-to-left language is a catalog away (the ar-XB pseudo-locale proves it): the layout names the start and
// end of a line, never its left and right.
const webDir = join(import.meta.dirname, "../src/web");

/** A Tailwind class that names a side: padding, margin, position, text alignment, border, corner. */
const SIDED =
  /(?<=[\s"'`:])-?(?:(?:p[lr]|m[lr]|left|right)-[\w./]+|text-(?:left|right)|border-[lr](?:-\d+)?|rounded-[lr](?:-\w+)?)(?=[\s"'`])/g;
/** Centring (left-1/2 with its translate) and a dialog laid over the whole screen do not depend on the direction. */
const DIRECTIONLESS = new Set(["left-1/2", "left-0"]);

function sidedClasses(): Record<string, string[]> {
  const found: Record<string, string[]> = {};
  for (const file of readdirSync(webDir, { recursive: true, encoding: "utf8" })) {
    if (!/\.tsx?$/.test(file) || /\.test\.tsx?$/.test(file)) continue;
    const classes = (readFileSync(join(webDir, file), "utf8").match(SIDED) ?? []).filter(
      (name) => !DIRECTIONLESS.has(name),
    );
    if (classes.length > 0) found[file] = classes;
  }
  return found;
}

it("finds the classes that name a side, and only those", () => {
  const sample =
    '"a pl-3 sm:mr-2 text-right border-l-4 rounded-r-lg right-1.5 rounded-lg border-red-600 -ml-2 left"';
  expect(sample.match(SIDED)).toEqual([
    "pl-3",
    "mr-2",
    "text-right",
    "border-l-4",
    "rounded-r-lg",
    "right-1.5",
    "-ml-2",
  ]);
});

it("no component lays itself out by left and right: start and end, so a right-to-left language reads true", () => {
  expect(
    sidedClasses(),
    "use ps-/pe-, ms-/me-, start-/end-, text-start/end, border-s/e, rounded-s/e",
  ).toEqual({});
});
