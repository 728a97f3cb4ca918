import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { askedItems, CHECK_TEMPLATES, shownItems } from "../forms/check-templates";
import { GENERAL_PLANT } from "../forms/check-templates/general-plant";
import {
  ASKED_CHECK_ITEMS,
  CHECK_ITEM_FIELDS,
  CHECK_ITEMS,
  CheckValueSchema,
  checkValueLabel,
  defectItems,
  hasAnyCheckAnswered,
  NO_DEFECTS_NOTED,
  reportableDefectsNotes,
  summaryCheckItems,
} from "./check-items";

describe("CHECK_ITEMS", () => {
  it("has the spec's sixteen fields and labels in order, in plain English", () => {
    expect(CHECK_ITEMS.map((i) => [i.field, i.label])).toEqual([
      ["defectSteering", "Steering/Handbrake/Pedals"],
      ["defectHoist", "Quick Hitch Operation"],
      ["defectFireSafety", "Fire extinguisher & safety equipment"],
      ["defectTyres", "Tyres"],
      ["defectTracks", "Tracks"],
      ["defectFuelOil", "Fuel/Oil"],
      ["defectCabGlass", "Cab Glass"],
      ["defectMirrors", "Mirrors, Indicator & Horn"],
      ["defectWipers", "Wipers"],
      ["defectBucket", "Bucket"],
      ["defectRams", "Rams"],
      ["defectBrakes", "Brakes"],
      ["defectHoses", "Hoses"],
      ["defectLights", "Lights"],
      ["defectDefects", "All Defects"],
      ["defectOperators", "Operations Initials"],
    ]);
    expect(new Set(CHECK_ITEM_FIELDS).size).toBe(16);
  });

  it("asks all but the two that are not pass or defect checks", () => {
    expect(ASKED_CHECK_ITEMS.map((item) => item.field)).toEqual(
      CHECK_ITEM_FIELDS.filter((field) => field !== "defectDefects" && field !== "defectOperators"),
    );
    for (const template of CHECK_TEMPLATES) {
      for (const item of askedItems(template)) expect(item.label).not.toMatch(/initials|all defects/i);
    }
  });

  it("shows a retired item only on a sheet that answered it, so older sheets read as they were signed", () => {
    const fields = (sheet: Record<string, unknown>) => shownItems(sheet).map((item) => item.field);
    expect(fields({ defectDefects: null, defectOperators: null })).toEqual(
      ASKED_CHECK_ITEMS.map((i) => i.field),
    );
    expect(fields({ defectDefects: true, defectOperators: false })).toEqual(CHECK_ITEM_FIELDS);
    expect(fields({ defectOperators: true })).toContain("defectOperators");
    expect(fields({ defectOperators: true })).not.toContain("defectDefects");
  });

  it("summarises the fourteen plant items on the approval dashboard", () => {
    expect(summaryCheckItems(GENERAL_PLANT).map(({ label }) => label.toLowerCase())).toEqual([
      "steering/handbrake",
      "quick hitch",
      "fire & safety",
      "tyres & wheels",
      "tracks",
      "fuel & oil levels",
      "cab glass",
      "mirrors & horn",
      "wipers",
      "bucket/teeth",
      "rams",
      "brakes",
      "hoses & steering",
      "lights",
    ]);
  });

  it("has the completed view's short labels", () => {
    expect(CHECK_ITEMS.map((i) => i.shortLabel?.toLowerCase())).toEqual([
      "steering",
      "hoist",
      "fire/safety",
      "tyres",
      "tracks",
      "fuel/oil",
      "cab/glass",
      "mirrors",
      "wipers",
      "bucket",
      "rams",
      "brakes",
      "hoses",
      "lights",
      "defects",
      "operators",
    ]);
  });
});

describe("check values", () => {
  it("are true, false or null", () => {
    expect(CheckValueSchema.safeParse(true).success).toBe(true);
    expect(CheckValueSchema.safeParse(false).success).toBe(true);
    expect(CheckValueSchema.safeParse(null).success).toBe(true);
    expect(CheckValueSchema.safeParse("ok").success).toBe(false);
  });

  it("read Pass / Issue / N/A on the dashboard", () => {
    expect(checkValueLabel(true, "pass-issue")).toBe("Pass");
    expect(checkValueLabel(false, "pass-issue")).toBe("Issue");
    expect(checkValueLabel(null, "pass-issue")).toBe("N/A");
    expect(checkValueLabel(undefined, "pass-issue")).toBe("N/A");
  });

  it("read OK / DEFECT / N/A on the completed view", () => {
    expect(checkValueLabel(true, "ok-defect")).toBe("OK");
    expect(checkValueLabel(false, "ok-defect")).toBe("DEFECT");
    expect(checkValueLabel(null, "ok-defect")).toBe("N/A");
  });
});

describe("defectItems and hasAnyCheckAnswered", () => {
  it("finds the defects in form order", () => {
    const sheet = { defectLights: false, defectSteering: false, defectTyres: true, defectRams: null };
    expect(defectItems(sheet).map((i) => i.field)).toEqual(["defectSteering", "defectLights"]);
    expect(defectItems({})).toEqual([]);
  });

  it("counts an item as answered when it is ok or a defect", () => {
    expect(hasAnyCheckAnswered({})).toBe(false);
    expect(hasAnyCheckAnswered({ defectTyres: null })).toBe(false);
    expect(hasAnyCheckAnswered({ defectTyres: true })).toBe(true);
    expect(hasAnyCheckAnswered({ defectOperators: false })).toBe(true);
  });

  it("agree with each other", () => {
    const value = fc.constantFrom(true, false, null);
    const sheet = fc.dictionary(fc.constantFrom(...CHECK_ITEM_FIELDS), value);
    fc.assert(
      fc.property(sheet, (s) => {
        if (defectItems(s).length > 0) expect(hasAnyCheckAnswered(s)).toBe(true);
        expect(defectItems(s).length).toBe(Object.values(s).filter((v) => v === false).length);
      }),
    );
  });
});

describe("reportableDefectsNotes", () => {
  it("shows notes that report something", () => {
    expect(reportableDefectsNotes("  Cracked mirror on the left  ")).toBe("Cracked mirror on the left");
    expect(reportableDefectsNotes("No defects noted, but the horn is quiet")).toBe(
      "No defects noted, but the horn is quiet",
    );
  });

  it("hides blank notes and the stock 'No defects noted', however typed", () => {
    expect(reportableDefectsNotes("")).toBeNull();
    expect(reportableDefectsNotes("   ")).toBeNull();
    expect(reportableDefectsNotes(null)).toBeNull();
    expect(reportableDefectsNotes(undefined)).toBeNull();
    expect(reportableDefectsNotes(NO_DEFECTS_NOTED)).toBeNull();
    expect(reportableDefectsNotes(" no  defects noted. ")).toBeNull();
  });
});
