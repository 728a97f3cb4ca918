import { messages } from "../../messages";
import type { CheckTemplate } from "../check-template";

/** Daily pre-use checks of a mobile elevating work platform, from the plant-hire industry's published pre-use check guidance. */
export const MEWP = {
  id: "mewp",
  name: "Mobile elevating work platform (MEWP)",
  items: [
    { field: "defectGuardrails", label: "Platform guardrails, gates and toe boards" },
    { field: "defectGateLatch", label: "Platform entry gate closes and latches" },
    { field: "defectEmergencyLowering", label: "Emergency lowering system (tested)" },
    { field: "defectGroundControls", label: "Ground controls, including the emergency stop" },
    { field: "defectPlatformControls", label: "Platform controls, emergency stop and hold-to-run" },
    { field: "defectTiltAlarm", label: "Tilt alarm and overload sensor" },
    { field: "defectOutriggers", label: "Outriggers or stabilisers and their interlocks" },
    { field: "defectBoom", label: "Boom or scissor structure, pins and wear pads" },
    { field: "defectHarnessPoints", label: "Harness anchorage points" },
    { field: "defectTyres", label: "Tyres and wheels" },
    { field: "defectHoses", label: "Hydraulic hoses and rams (no leaks)" },
    { field: "defectBattery", label: "Batteries and charge level" },
    { field: "defectTravelAlarm", label: "Travel and descent alarms and beacon" },
    { field: "defectDecals", label: "Safe working load plate and decals legible" },
  ],
  notices: [
    "Wear a harness with a short restraint lanyard in a boom-type MEWP.",
    "A trained person on the ground must be able to use the emergency lowering controls.",
    messages.damagesNotice,
  ],
} as const satisfies CheckTemplate;
