import { checkTemplate } from "../check-template";

/** Daily pre-use checks of a forward tipping site dumper, from the plant-hire industry's published pre-use check guidance. */
export const DUMPER = checkTemplate({
  id: "dumper",
  nameKey: "check.dumper.name",
  items: [
    ["defectRops", "check.dumper.rops"],
    ["defectSeatBelt", "check.dumper.seatBelt"],
    ["defectSteering", "check.dumper.steering"],
    ["defectBrakes", "check.dumper.brakes"],
    ["defectTyres", "check.dumper.tyres"],
    ["defectSkip", "check.dumper.skip"],
    ["defectTipping", "check.dumper.tipping"],
    ["defectArticulationLock", "check.dumper.articulationLock"],
    ["defectLights", "check.dumper.lights"],
    ["defectTravelAlarm", "check.dumper.travelAlarm"],
    ["defectMirrors", "check.dumper.mirrors"],
    ["defectHoses", "check.dumper.hoses"],
    ["defectFuelOil", "check.dumper.fuelOil"],
    ["defectFireSafety", "check.dumper.fireSafety"],
  ],
  noticeKeys: ["check.dumper.notice1", "check.damagesNotice"],
});
