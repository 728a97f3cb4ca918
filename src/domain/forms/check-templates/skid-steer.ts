import { messages } from "../../text/messages";
import { checkTemplate } from "../check-template";

/** Daily pre-use checks of a skid steer or compact tracked loader, from the plant-hire industry's published pre-use check guidance. */
export const SKID_STEER = checkTemplate({
  id: "skid-steer",
  name: "Skid steer loader",
  items: [
    ["defectSeatBar", "Seat bar or restraint and its interlock (arms and drive stop when raised)"],
    ["defectSeatBelt", "Seat belt fitted and working"],
    ["defectCabGuard", "Cab, ROPS/FOPS, side screens and door"],
    ["defectQuickHitchPin", "Attachment plate locking pins engaged"],
    ["defectBucket", "Bucket or attachment, cutting edge and teeth"],
    ["defectLiftArmLock", "Lift arm support device stowed and working"],
    ["defectTyres", "Tyres, wheel nuts or tracks and track tension"],
    ["defectHoses", "Hydraulic hoses, rams and couplings (no leaks)"],
    ["defectBrakes", "Parking brake"],
    ["defectLights", "Lights and beacon"],
    ["defectTravelAlarm", "Horn and reversing alarm"],
    ["defectFuelOil", "Engine oil, hydraulic oil, coolant and fuel levels"],
    ["defectFireSafety", "Fire extinguisher"],
  ],
  notices: [
    "Never leave the seat with the arms raised unless the lift arm support is fitted.",
    messages.damagesNotice,
  ],
});
