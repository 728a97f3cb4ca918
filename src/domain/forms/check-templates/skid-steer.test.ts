import { describe, expect, it } from "vitest";
import { checkTemplateOf } from "../check-templates";
import { SKID_STEER } from "./skid-steer";

describe("the skid steer template", () => {
  it("is what a sheet for a skid steer gets, with its restraint interlock and lift arm support", () => {
    const template = checkTemplateOf({ checkTemplate: "skid-steer" });
    expect(template).toBe(SKID_STEER);
    const labels = template.items.map((item) => item.label).join(" | ");
    expect(labels).toMatch(/seat bar or restraint and its interlock/i);
    expect(labels).toMatch(/lift arm support/i);
  });
});
