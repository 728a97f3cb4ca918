import { messages } from "../../messages";
import type { CheckTemplate } from "../check-template";

/** Daily pre-use checks of an excavator (360 or mini), from the plant-hire industry's published pre-use check guidance. */
export const EXCAVATOR = {
  id: "excavator",
  name: "Excavator",
  items: [
    { field: "defectQuickHitchPin", label: "Quick hitch safety pin or locking device fitted and engaged" },
    { field: "defectQuickHitchAlarm", label: "Quick hitch warning alarm working" },
    { field: "defectBucket", label: "Bucket, teeth and linkage pins" },
    { field: "defectRams", label: "Rams, pins and retaining bolts" },
    { field: "defectHoses", label: "Hydraulic hoses and couplings (no leaks or chafing)" },
    { field: "defectTracks", label: "Tracks, rollers and track tension" },
    { field: "defectSlew", label: "Slew ring, slew brake and slew lock" },
    { field: "defectBoom", label: "Boom and dipper arm (no cracks or damage)" },
    { field: "defectIsolator", label: "Hydraulic isolation (safety) lever" },
    { field: "defectSeatBelt", label: "Seat belt fitted and working" },
    { field: "defectCabGuard", label: "Cab, ROPS/FOPS and guards" },
    { field: "defectCabGlass", label: "Cab glass and wipers" },
    { field: "defectMirrors", label: "Mirrors, camera and horn" },
    { field: "defectTravelAlarm", label: "Travel alarm and beacon" },
    { field: "defectLights", label: "Lights" },
    { field: "defectFuelOil", label: "Engine oil, hydraulic oil, coolant and fuel levels" },
    { field: "defectFireSafety", label: "Fire extinguisher" },
    {
      field: "defectLiftingGear",
      label: "Lifting point, check valves and rated capacity chart (if lifting)",
    },
  ],
  notices: [
    "Check the quick hitch locking pin is fitted and test the hitch by crowding the bucket against the ground before work begins.",
    messages.damagesNotice,
  ],
} as const satisfies CheckTemplate;
