import { expect, it } from "vitest";
import english from "../catalogs/en-GB.json";
import { catalogPart, isFirstScreenKey } from "./catalog-parts";

it("splits a catalog into the first screen's messages and the rest, each key in exactly one part", () => {
  const start = catalogPart(english, "start");
  const rest = catalogPart(english, "rest");
  expect({ ...start, ...rest }).toEqual(english);
  expect(Object.keys(start).length + Object.keys(rest).length).toBe(Object.keys(english).length);
  expect(Object.keys(start)).toContain("home.formsTabs");
  expect(Object.keys(rest)).toContain("pdf.pageOf");
  expect(Object.keys(start).every(isFirstScreenKey)).toBe(true);
  expect(Object.keys(rest).some(isFirstScreenKey)).toBe(false);
});

it("reads a key's namespace up to its first dot only", () => {
  expect(isFirstScreenKey("home.title")).toBe(true);
  expect(isFirstScreenKey("homework.title")).toBe(false);
  expect(isFirstScreenKey("check.general-plant.name")).toBe(false);
  expect(isFirstScreenKey("home")).toBe(false);
});
