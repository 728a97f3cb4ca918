import { messages } from "../../text/messages";
import { checkTemplate } from "../check-template";

/** Daily pre-use checks of an excavator (360 or mini), from the plant-hire industry's published pre-use check guidance. */
export const EXCAVATOR = checkTemplate({
  id: "excavator",
  name: "Excavator",
  items: [
    ["defectQuickHitchPin", "Quick hitch safety pin or locking device fitted and engaged"],
    ["defectQuickHitchAlarm", "Quick hitch warning alarm working"],
    ["defectBucket", "Bucket, teeth and linkage pins"],
    ["defectRams", "Rams, pins and retaining bolts"],
    ["defectHoses", "Hydraulic hoses and couplings (no leaks or chafing)"],
    ["defectTracks", "Tracks, rollers and track tension"],
    ["defectSlew", "Slew ring, slew brake and slew lock"],
    ["defectBoom", "Boom and dipper arm (no cracks or damage)"],
    ["defectIsolator", "Hydraulic isolation (safety) lever"],
    ["defectSeatBelt", "Seat belt fitted and working"],
    ["defectCabGuard", "Cab, ROPS/FOPS and guards"],
    ["defectCabGlass", "Cab glass and wipers"],
    ["defectMirrors", "Mirrors, camera and horn"],
    ["defectTravelAlarm", "Travel alarm and beacon"],
    ["defectLights", "Lights"],
    ["defectFuelOil", "Engine oil, hydraulic oil, coolant and fuel levels"],
    ["defectFireSafety", "Fire extinguisher"],
    ["defectLiftingGear", "Lifting point, check valves and rated capacity chart (if lifting)"],
  ],
  notices: [
    "Check the quick hitch locking pin is fitted and test the hitch by crowding the bucket against the ground before work begins.",
    messages.damagesNotice,
  ],
});
