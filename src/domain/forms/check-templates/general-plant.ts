import { messages } from "../../messages";
import { checkTemplate } from "../check-template";

/**
 * The sixteen checks of the Daily Plant Defect Check (spec section 3), the template of any machine without a
 * category of its own. The third column, the summary label, is what the approval dashboard lists (fourteen: the
 * last two are not plant items); the fourth, the short label, what the completed view lists.
 */
export const GENERAL_PLANT = checkTemplate({
  id: "general-plant",
  name: "General plant",
  items: [
    ["defectSteering", "Steering/Handbrake/Pedals", "Steering/Handbrake", "Steering"],
    ["defectHoist", "Quick Hitch Operation", "Quick Hitch", "Hoist"],
    ["defectFireSafety", "Fire & Safety Fins", "Fire & Safety", "Fire/Safety"],
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
    ["defectDefects", "All Defects", null, "Defects"],
    ["defectOperators", "Operations Initials", null, "Operators"],
  ],
  notices: [messages.fuelNotice, messages.damagesNotice],
});
