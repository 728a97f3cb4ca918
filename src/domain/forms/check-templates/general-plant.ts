import { messages } from "../../messages";
import type { CheckTemplate } from "../check-template";

/**
 * The sixteen checks of the Daily Plant Defect Check (spec section 3), the template of any machine without a
 * category of its own. `summaryLabel` is what the approval dashboard lists (fourteen: the last two are not plant
 * items), `shortLabel` what the completed view lists.
 */
export const GENERAL_PLANT = {
  id: "general-plant",
  name: "General plant",
  items: [
    {
      field: "defectSteering",
      label: "Steering/Handbrake/Pedals",
      summaryLabel: "Steering/Handbrake",
      shortLabel: "Steering",
    },
    {
      field: "defectHoist",
      label: "Quick Hitch Operation",
      summaryLabel: "Quick Hitch",
      shortLabel: "Hoist",
    },
    {
      field: "defectFireSafety",
      label: "Fire & Safety Fins",
      summaryLabel: "Fire & Safety",
      shortLabel: "Fire/Safety",
    },
    { field: "defectTyres", label: "Tyres", summaryLabel: "Tyres & Wheels", shortLabel: "Tyres" },
    { field: "defectTracks", label: "Tracks", summaryLabel: "Tracks", shortLabel: "Tracks" },
    { field: "defectFuelOil", label: "Fuel/Oil", summaryLabel: "Fuel & Oil Levels", shortLabel: "Fuel/Oil" },
    { field: "defectCabGlass", label: "Cab Glass", summaryLabel: "Cab Glass", shortLabel: "Cab/Glass" },
    {
      field: "defectMirrors",
      label: "Mirrors, Indicator & Horn",
      summaryLabel: "Mirrors & Horn",
      shortLabel: "Mirrors",
    },
    { field: "defectWipers", label: "Wipers", summaryLabel: "Wipers", shortLabel: "Wipers" },
    { field: "defectBucket", label: "Bucket", summaryLabel: "Bucket/Teeth", shortLabel: "Bucket" },
    { field: "defectRams", label: "Rams", summaryLabel: "Rams", shortLabel: "Rams" },
    { field: "defectBrakes", label: "Brakes", summaryLabel: "Brakes", shortLabel: "Brakes" },
    { field: "defectHoses", label: "Hoses", summaryLabel: "Hoses & Steering", shortLabel: "Hoses" },
    { field: "defectLights", label: "Lights", summaryLabel: "Lights", shortLabel: "Lights" },
    { field: "defectDefects", label: "All Defects", summaryLabel: null, shortLabel: "Defects" },
    { field: "defectOperators", label: "Operations Initials", summaryLabel: null, shortLabel: "Operators" },
  ],
  notices: [messages.fuelNotice, messages.damagesNotice],
} as const satisfies CheckTemplate;
