import { checkTemplate } from "../check-template";

/** Daily pre-use checks of an excavator (360 or mini), from the plant-hire industry's published pre-use check guidance. */
export const EXCAVATOR = checkTemplate({
  id: "excavator",
  nameKey: "check.excavator.name",
  items: [
    ["defectQuickHitchPin", "check.excavator.quickHitchPin"],
    ["defectQuickHitchAlarm", "check.excavator.quickHitchAlarm"],
    ["defectBucket", "check.excavator.bucket"],
    ["defectRams", "check.excavator.rams"],
    ["defectHoses", "check.excavator.hoses"],
    ["defectTracks", "check.excavator.tracks"],
    ["defectSlew", "check.excavator.slew"],
    ["defectBoom", "check.excavator.boom"],
    ["defectIsolator", "check.excavator.isolator"],
    ["defectSeatBelt", "check.excavator.seatBelt"],
    ["defectCabGuard", "check.excavator.cabGuard"],
    ["defectCabGlass", "check.excavator.cabGlass"],
    ["defectMirrors", "check.excavator.mirrors"],
    ["defectTravelAlarm", "check.excavator.travelAlarm"],
    ["defectLights", "check.excavator.lights"],
    ["defectFuelOil", "check.excavator.fuelOil"],
    ["defectFireSafety", "check.excavator.fireSafety"],
    ["defectLiftingGear", "check.excavator.liftingGear"],
  ],
  noticeKeys: ["check.excavator.notice1", "check.damagesNotice"],
});
