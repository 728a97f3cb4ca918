import { messages } from "../../messages";
import type { CheckTemplate } from "../check-template";

/** Daily pre-use checks of a skid steer or compact tracked loader, from the plant-hire industry's published pre-use check guidance. */
export const SKID_STEER = {
  id: "skid-steer",
  name: "Skid steer loader",
  items: [
    {
      field: "defectSeatBar",
      label: "Seat bar or restraint and its interlock (arms and drive stop when raised)",
    },
    { field: "defectSeatBelt", label: "Seat belt fitted and working" },
    { field: "defectCabGuard", label: "Cab, ROPS/FOPS, side screens and door" },
    { field: "defectQuickHitchPin", label: "Attachment plate locking pins engaged" },
    { field: "defectBucket", label: "Bucket or attachment, cutting edge and teeth" },
    { field: "defectLiftArmLock", label: "Lift arm support device stowed and working" },
    { field: "defectTyres", label: "Tyres, wheel nuts or tracks and track tension" },
    { field: "defectHoses", label: "Hydraulic hoses, rams and couplings (no leaks)" },
    { field: "defectBrakes", label: "Parking brake" },
    { field: "defectLights", label: "Lights and beacon" },
    { field: "defectTravelAlarm", label: "Horn and reversing alarm" },
    { field: "defectFuelOil", label: "Engine oil, hydraulic oil, coolant and fuel levels" },
    { field: "defectFireSafety", label: "Fire extinguisher" },
  ],
  notices: [
    "Never leave the seat with the arms raised unless the lift arm support is fitted.",
    messages.damagesNotice,
  ],
} as const satisfies CheckTemplate;
