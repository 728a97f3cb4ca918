import { messages } from "../../text/messages";
import { checkTemplate } from "../check-template";

/** Daily pre-use checks of a mobile elevating work platform, from the plant-hire industry's published pre-use check guidance. */
export const MEWP = checkTemplate({
  id: "mewp",
  name: "Mobile elevating work platform (MEWP)",
  items: [
    ["defectGuardrails", "Platform guardrails, gates and toe boards"],
    ["defectGateLatch", "Platform entry gate closes and latches"],
    ["defectEmergencyLowering", "Emergency lowering system (tested)"],
    ["defectGroundControls", "Ground controls, including the emergency stop"],
    ["defectPlatformControls", "Platform controls, emergency stop and hold-to-run"],
    ["defectTiltAlarm", "Tilt alarm and overload sensor"],
    ["defectOutriggers", "Outriggers or stabilisers and their interlocks"],
    ["defectBoom", "Boom or scissor structure, pins and wear pads"],
    ["defectHarnessPoints", "Harness anchorage points"],
    ["defectTyres", "Tyres and wheels"],
    ["defectHoses", "Hydraulic hoses and rams (no leaks)"],
    ["defectBattery", "Batteries and charge level"],
    ["defectTravelAlarm", "Travel and descent alarms and beacon"],
    ["defectDecals", "Safe working load plate and decals legible"],
  ],
  notices: [
    "Wear a harness with a short restraint lanyard in a boom-type MEWP.",
    "A trained person on the ground must be able to use the emergency lowering controls.",
    messages.damagesNotice,
  ],
});
