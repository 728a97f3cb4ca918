import { checkTemplate } from "../check-template";

/** Daily pre-use checks of a telescopic handler, from the plant-hire industry's published pre-use check guidance. */
export const TELEHANDLER = checkTemplate({
  id: "telehandler",
  nameKey: "check.telehandler.name",
  items: [
    ["defectBoom", "check.telehandler.boom"],
    ["defectOutriggers", "check.telehandler.outriggers"],
    ["defectLoadIndicator", "check.telehandler.loadIndicator"],
    ["defectAttachmentPin", "check.telehandler.attachmentPin"],
    ["defectForks", "check.telehandler.forks"],
    ["defectLoadChart", "check.telehandler.loadChart"],
    ["defectSteering", "check.telehandler.steering"],
    ["defectBrakes", "check.telehandler.brakes"],
    ["defectTyres", "check.telehandler.tyres"],
    ["defectSeatBelt", "check.telehandler.seatBelt"],
    ["defectCabGuard", "check.telehandler.cabGuard"],
    ["defectHoses", "check.telehandler.hoses"],
    ["defectLights", "check.telehandler.lights"],
    ["defectTravelAlarm", "check.telehandler.travelAlarm"],
    ["defectMirrors", "check.telehandler.mirrors"],
    ["defectFuelOil", "check.telehandler.fuelOil"],
    ["defectFireSafety", "check.telehandler.fireSafety"],
  ],
  noticeKeys: ["check.telehandler.notice1", "check.damagesNotice"],
});
