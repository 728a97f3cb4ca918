import { checkTemplate } from "../check-template";

/** Daily pre-use checks of a skid steer or compact tracked loader, from the plant-hire industry's published pre-use check guidance. */
export const SKID_STEER = checkTemplate({
  id: "skid-steer",
  nameKey: "check.skid-steer.name",
  items: [
    ["defectSeatBar", "check.skid-steer.seatBar"],
    ["defectSeatBelt", "check.skid-steer.seatBelt"],
    ["defectCabGuard", "check.skid-steer.cabGuard"],
    ["defectQuickHitchPin", "check.skid-steer.quickHitchPin"],
    ["defectBucket", "check.skid-steer.bucket"],
    ["defectLiftArmLock", "check.skid-steer.liftArmLock"],
    ["defectTyres", "check.skid-steer.tyres"],
    ["defectHoses", "check.skid-steer.hoses"],
    ["defectBrakes", "check.skid-steer.brakes"],
    ["defectLights", "check.skid-steer.lights"],
    ["defectTravelAlarm", "check.skid-steer.travelAlarm"],
    ["defectFuelOil", "check.skid-steer.fuelOil"],
    ["defectFireSafety", "check.skid-steer.fireSafety"],
  ],
  noticeKeys: ["check.skid-steer.notice1", "check.damagesNotice"],
});
