import { messages } from "../../text/messages";
import { checkTemplate } from "../check-template";

/** Daily pre-use checks of a ride-on roller, from the plant-hire industry's published pre-use check guidance. */
export const ROLLER = checkTemplate({
  id: "roller",
  name: "Roller",
  items: [
    ["defectDrums", "Drums and drum scrapers"],
    ["defectWaterSpray", "Water spray system, nozzles and tank"],
    ["defectVibration", "Vibration controls"],
    ["defectRops", "Roll-over protective structure (ROPS)"],
    ["defectSeatBelt", "Seat belt fitted and working"],
    ["defectSteering", "Steering and articulation joint"],
    ["defectArticulationLock", "Articulation locking bar stowed"],
    ["defectBrakes", "Service and parking brakes"],
    ["defectEmergencyStop", "Emergency stop"],
    ["defectLights", "Lights and beacon"],
    ["defectTravelAlarm", "Horn and reversing alarm"],
    ["defectMirrors", "Mirrors"],
    ["defectHoses", "Hydraulic hoses (no leaks)"],
    ["defectFuelOil", "Engine oil, hydraulic oil, coolant and fuel levels"],
    ["defectFireSafety", "Fire extinguisher"],
  ],
  notices: [
    "Wear the seat belt at all times: a roller can overturn at edges and on slopes.",
    messages.damagesNotice,
  ],
});
