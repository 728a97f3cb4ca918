import { messages } from "../../messages";
import type { CheckTemplate } from "../check-template";

/** Daily pre-use checks of a ride-on roller, from the plant-hire industry's published pre-use check guidance. */
export const ROLLER = {
  id: "roller",
  name: "Roller",
  items: [
    { field: "defectDrums", label: "Drums and drum scrapers" },
    { field: "defectWaterSpray", label: "Water spray system, nozzles and tank" },
    { field: "defectVibration", label: "Vibration controls" },
    { field: "defectRops", label: "Roll-over protective structure (ROPS)" },
    { field: "defectSeatBelt", label: "Seat belt fitted and working" },
    { field: "defectSteering", label: "Steering and articulation joint" },
    { field: "defectArticulationLock", label: "Articulation locking bar stowed" },
    { field: "defectBrakes", label: "Service and parking brakes" },
    { field: "defectEmergencyStop", label: "Emergency stop" },
    { field: "defectLights", label: "Lights and beacon" },
    { field: "defectTravelAlarm", label: "Horn and reversing alarm" },
    { field: "defectMirrors", label: "Mirrors" },
    { field: "defectHoses", label: "Hydraulic hoses (no leaks)" },
    { field: "defectFuelOil", label: "Engine oil, hydraulic oil, coolant and fuel levels" },
    { field: "defectFireSafety", label: "Fire extinguisher" },
  ],
  notices: [
    "Wear the seat belt at all times: a roller can overturn at edges and on slopes.",
    messages.damagesNotice,
  ],
} as const satisfies CheckTemplate;
