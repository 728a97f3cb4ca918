import { checkTemplate } from "../check-template";

/** Daily pre-use checks of a ride-on roller, from the plant-hire industry's published pre-use check guidance. */
export const ROLLER = checkTemplate({
  id: "roller",
  nameKey: "check.roller.name",
  items: [
    ["defectDrums", "check.roller.drums"],
    ["defectWaterSpray", "check.roller.waterSpray"],
    ["defectVibration", "check.roller.vibration"],
    ["defectRops", "check.roller.rops"],
    ["defectSeatBelt", "check.roller.seatBelt"],
    ["defectSteering", "check.roller.steering"],
    ["defectArticulationLock", "check.roller.articulationLock"],
    ["defectBrakes", "check.roller.brakes"],
    ["defectEmergencyStop", "check.roller.emergencyStop"],
    ["defectLights", "check.roller.lights"],
    ["defectTravelAlarm", "check.roller.travelAlarm"],
    ["defectMirrors", "check.roller.mirrors"],
    ["defectHoses", "check.roller.hoses"],
    ["defectFuelOil", "check.roller.fuelOil"],
    ["defectFireSafety", "check.roller.fireSafety"],
  ],
  noticeKeys: ["check.roller.notice1", "check.damagesNotice"],
});
