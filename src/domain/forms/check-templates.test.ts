import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { checkValueOf, defectItems, hasAnyCheckAnswered } from "../checks/check-items";
import { CheckSheetFieldsSchema, emptyCheckSheet } from "../checks/check-sheet";
import { messages } from "../text/messages";
import {
  ALL_CHECK_ITEM_FIELDS,
  CHECK_TEMPLATES,
  checkTemplateOf,
  DEFAULT_CHECK_TEMPLATE,
  isCheckTemplateId,
  shortLabelOf,
  summaryLabelOf,
} from "./check-templates";

// Every template, present and future, is held to these: a new machine category needs only its own data file.
describe.each(CHECK_TEMPLATES.map((template) => ({ id: template.id, template })))(
  "template $id",
  ({ template }) => {
    it("has a name, a kebab-case id and at least eight items", () => {
      expect(template.id).toMatch(/^[a-z]+(-[a-z]+)*$/);
      expect(template.name.trim()).not.toBe("");
      expect(template.items.length).toBeGreaterThanOrEqual(8);
    });

    it("names each field once, as a defect field, with a label", () => {
      const fields = template.items.map((item) => item.field);
      expect(new Set(fields).size).toBe(fields.length);
      for (const item of template.items) {
        expect(item.field).toMatch(/^defect[A-Z][A-Za-z]*$/);
        expect(item.label.trim()).not.toBe("");
        expect(shortLabelOf(item).trim()).not.toBe("");
      }
    });

    it("warns that damages are counter chargeable", () => {
      expect(template.notices).toContain(messages.damagesNotice);
    });

    it("is what a sheet naming it gets, and a blank sheet on it has every item unanswered", () => {
      expect(checkTemplateOf({ checkTemplate: template.id })).toBe(template);
      const sheet = emptyCheckSheet("2025-06-02", template.id);
      expect(CheckSheetFieldsSchema.safeParse(sheet).success).toBe(true);
      for (const item of template.items) expect(checkValueOf(sheet, item)).toBeNull();
      expect(hasAnyCheckAnswered(sheet)).toBe(false);
    });

    it("counts as defects exactly its own items marked false", () => {
      const answers = fc.array(fc.constantFrom(true, false, null), {
        minLength: template.items.length,
        maxLength: template.items.length,
      });
      fc.assert(
        fc.property(answers, (values) => {
          const sheet: Record<string, unknown> = { checkTemplate: template.id };
          template.items.forEach((item, i) => {
            sheet[item.field] = values[i];
          });
          // Answers to fields of no item of this template never count.
          for (const field of ALL_CHECK_ITEM_FIELDS) if (!(field in sheet)) sheet[field] = false;
          const expected = template.items.filter((_, i) => values[i] === false).map((item) => item.field);
          expect(defectItems(sheet).map((item) => item.field)).toEqual(expected);
          expect(hasAnyCheckAnswered(sheet)).toBe(values.some((v) => v !== null));
        }),
      );
    });
  },
);

describe("check templates", () => {
  it("have distinct ids, the general plant one first and the default", () => {
    const ids = CHECK_TEMPLATES.map((template) => template.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids[0]).toBe("general-plant");
    expect(DEFAULT_CHECK_TEMPLATE.id).toBe("general-plant");
  });

  it("cover an excavator, a dumper, a telehandler, a roller and a MEWP with their own items", () => {
    const labels = (id: string) =>
      checkTemplateOf({ checkTemplate: id })
        .items.map((item) => item.label)
        .join(" | ");
    expect(labels("excavator")).toMatch(/quick hitch safety pin/i);
    expect(labels("dumper")).toMatch(/roll-over protective structure/i);
    expect(labels("dumper")).toMatch(/seat belt/i);
    expect(labels("telehandler")).toMatch(/boom/i);
    expect(labels("telehandler")).toMatch(/outriggers/i);
    expect(labels("roller")).toMatch(/drum scrapers/i);
    expect(labels("mewp")).toMatch(/gates/i);
    expect(labels("mewp")).toMatch(/emergency lowering/i);
  });

  it("fall back to general plant for a sheet with no template or an unknown one", () => {
    expect(checkTemplateOf({})).toBe(DEFAULT_CHECK_TEMPLATE);
    expect(checkTemplateOf({ checkTemplate: null })).toBe(DEFAULT_CHECK_TEMPLATE);
    expect(checkTemplateOf({ checkTemplate: "crane" })).toBe(DEFAULT_CHECK_TEMPLATE);
    expect(checkTemplateOf(undefined)).toBe(DEFAULT_CHECK_TEMPLATE);
    expect(isCheckTemplateId("crane")).toBe(false);
    expect(isCheckTemplateId("mewp")).toBe(true);
  });

  it("summarise an item by its own summary label, its label, or not at all", () => {
    expect(summaryLabelOf({ field: "defectX", label: "X" })).toBe("X");
    expect(summaryLabelOf({ field: "defectX", label: "X", summaryLabel: "Y" })).toBe("Y");
    expect(summaryLabelOf({ field: "defectX", label: "X", summaryLabel: null })).toBeNull();
  });

  it("refuse a check sheet naming an unknown template", () => {
    const sheet = { ...emptyCheckSheet("2025-06-02"), checkTemplate: "crane" };
    expect(CheckSheetFieldsSchema.safeParse(sheet).success).toBe(false);
  });
});
