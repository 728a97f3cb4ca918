import { messages } from "../../text/messages";
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
  name: "General plant",
  items: [
    ["defectSteering", "Steering/Handbrake/Pedals", "Steering/Handbrake", "Steering"],
    ["defectHoist", "Quick Hitch Operation", "Quick Hitch", "Hoist"],
    ["defectFireSafety", "Fire extinguisher & safety equipment", "Fire & Safety", "Fire/Safety"],
    ["defectTyres", "Tyres", "Tyres & Wheels", "Tyres"],
    ["defectTracks", "Tracks", "Tracks", "Tracks"],
    ["defectFuelOil", "Fuel/Oil", "Fuel & Oil Levels", "Fuel/Oil"],
    ["defectCabGlass", "Cab Glass", "Cab Glass", "Cab/Glass"],
    ["defectMirrors", "Mirrors, Indicator & Horn", "Mirrors & Horn", "Mirrors"],
    ["defectWipers", "Wipers", "Wipers", "Wipers"],
    ["defectBucket", "Bucket", "Bucket/Teeth", "Bucket"],
    ["defectRams", "Rams", "Rams", "Rams"],
    ["defectBrakes", "Brakes", "Brakes", "Brakes"],
    ["defectHoses", "Hoses", "Hoses & Steering", "Hoses"],
    ["defectLights", "Lights", "Lights", "Lights"],
    ["defectDefects", "All Defects", null, "Defects", "retired"],
    ["defectOperators", "Operations Initials", null, "Operators", "retired"],
  ],
  notices: [messages.fuelNotice, messages.damagesNotice],
});
