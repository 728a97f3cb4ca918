import { messages } from "../../messages";
import type { CheckTemplate } from "../check-template";

/** Daily pre-use checks of a forward tipping site dumper, from the plant-hire industry's published pre-use check guidance. */
export const DUMPER = {
  id: "dumper",
  name: "Forward tipping dumper",
  items: [
    { field: "defectRops", label: "Roll-over protective structure (ROPS) raised and locked" },
    { field: "defectSeatBelt", label: "Seat belt fitted and working" },
    { field: "defectSteering", label: "Steering and articulation joint" },
    { field: "defectBrakes", label: "Service and parking brakes" },
    { field: "defectTyres", label: "Tyres, wheels and wheel nuts" },
    { field: "defectSkip", label: "Skip, skip pivot and skip locking pin" },
    { field: "defectTipping", label: "Tipping and skip-return controls" },
    { field: "defectArticulationLock", label: "Articulation locking bar stowed" },
    { field: "defectLights", label: "Lights and beacon" },
    { field: "defectTravelAlarm", label: "Horn and reversing alarm" },
    { field: "defectMirrors", label: "Mirrors and camera (clear view ahead over the skip)" },
    { field: "defectHoses", label: "Hydraulic hoses and rams (no leaks)" },
    { field: "defectFuelOil", label: "Engine oil, hydraulic oil, coolant and fuel levels" },
    { field: "defectFireSafety", label: "Fire extinguisher" },
  ],
  notices: [
    "Never carry passengers. Wear the seat belt whenever the ROPS is raised.",
    messages.damagesNotice,
  ],
} as const satisfies CheckTemplate;
