import { checkTemplate } from "../check-template";

/**
 * The checks of the Daily Plant Defect Check (spec section 3), the template of any machine without a category of
 * its own. The third column, the summary label, is what the approval dashboard lists; the fourth, the short label,
 * what the completed view lists. The spec's last two rows were never pass or defect checks: "All Defects" is what
 * the defects notes hold, and "Operations Initials" is the operator's initials, a text field of the check step.
 * Both stay as retired fields so the sheets that answered them read and verify as they were signed.
 */
export const GENERAL_PLANT = checkTemplate({
  id: "general-plant",
  nameKey: "check.general-plant.name",
  items: [
    [
      "defectSteering",
      "check.general-plant.steering",
      "Steering/Handbrake",
      "check.general-plant.steering.short",
    ],
    ["defectHoist", "check.general-plant.hoist", "Quick Hitch", "check.general-plant.hoist.short"],
    [
      "defectFireSafety",
      "check.general-plant.fireSafety",
      "Fire & Safety",
      "check.general-plant.fireSafety.short",
    ],
    ["defectTyres", "check.general-plant.tyres", "Tyres & Wheels", "check.general-plant.tyres.short"],
    ["defectTracks", "check.general-plant.tracks", "Tracks", "check.general-plant.tracks.short"],
    [
      "defectFuelOil",
      "check.general-plant.fuelOil",
      "Fuel & Oil Levels",
      "check.general-plant.fuelOil.short",
    ],
    ["defectCabGlass", "check.general-plant.cabGlass", "Cab Glass", "check.general-plant.cabGlass.short"],
    ["defectMirrors", "check.general-plant.mirrors", "Mirrors & Horn", "check.general-plant.mirrors.short"],
    ["defectWipers", "check.general-plant.wipers", "Wipers", "check.general-plant.wipers.short"],
    ["defectBucket", "check.general-plant.bucket", "Bucket/Teeth", "check.general-plant.bucket.short"],
    ["defectRams", "check.general-plant.rams", "Rams", "check.general-plant.rams.short"],
    ["defectBrakes", "check.general-plant.brakes", "Brakes", "check.general-plant.brakes.short"],
    ["defectHoses", "check.general-plant.hoses", "Hoses & Steering", "check.general-plant.hoses.short"],
    ["defectLights", "check.general-plant.lights", "Lights", "check.general-plant.lights.short"],
    ["defectDefects", "check.general-plant.defects", null, "check.general-plant.defects.short", "retired"],
    [
      "defectOperators",
      "check.general-plant.operators",
      null,
      "check.general-plant.operators.short",
      "retired",
    ],
  ],
  noticeKeys: ["check.fuelNotice", "check.damagesNotice"],
});
