import { checkTemplate } from "../check-template";

/** Daily pre-use checks of a mobile elevating work platform, from the plant-hire industry's published pre-use check guidance. */
export const MEWP = checkTemplate({
  id: "mewp",
  nameKey: "check.mewp.name",
  items: [
    ["defectGuardrails", "check.mewp.guardrails"],
    ["defectGateLatch", "check.mewp.gateLatch"],
    ["defectEmergencyLowering", "check.mewp.emergencyLowering"],
    ["defectGroundControls", "check.mewp.groundControls"],
    ["defectPlatformControls", "check.mewp.platformControls"],
    ["defectTiltAlarm", "check.mewp.tiltAlarm"],
    ["defectOutriggers", "check.mewp.outriggers"],
    ["defectBoom", "check.mewp.boom"],
    ["defectHarnessPoints", "check.mewp.harnessPoints"],
    ["defectTyres", "check.mewp.tyres"],
    ["defectHoses", "check.mewp.hoses"],
    ["defectBattery", "check.mewp.battery"],
    ["defectTravelAlarm", "check.mewp.travelAlarm"],
    ["defectDecals", "check.mewp.decals"],
  ],
  noticeKeys: ["check.mewp.notice1", "check.mewp.notice2", "check.damagesNotice"],
});
