import { messages } from "../../text/messages";
import { checkTemplate } from "../check-template";

/** Daily pre-use checks of a forward tipping site dumper, from the plant-hire industry's published pre-use check guidance. */
export const DUMPER = checkTemplate({
  id: "dumper",
  name: "Forward tipping dumper",
  items: [
    ["defectRops", "Roll-over protective structure (ROPS) raised and locked"],
    ["defectSeatBelt", "Seat belt fitted and working"],
    ["defectSteering", "Steering and articulation joint"],
    ["defectBrakes", "Service and parking brakes"],
    ["defectTyres", "Tyres, wheels and wheel nuts"],
    ["defectSkip", "Skip, skip pivot and skip locking pin"],
    ["defectTipping", "Tipping and skip-return controls"],
    ["defectArticulationLock", "Articulation locking bar stowed"],
    ["defectLights", "Lights and beacon"],
    ["defectTravelAlarm", "Horn and reversing alarm"],
    ["defectMirrors", "Mirrors and camera (clear view ahead over the skip)"],
    ["defectHoses", "Hydraulic hoses and rams (no leaks)"],
    ["defectFuelOil", "Engine oil, hydraulic oil, coolant and fuel levels"],
    ["defectFireSafety", "Fire extinguisher"],
  ],
  notices: [
    "Never carry passengers. Wear the seat belt whenever the ROPS is raised.",
    messages.damagesNotice,
  ],
});
