import { messages } from "../../messages";
import type { CheckTemplate } from "../check-template";

/** Daily pre-use checks of a telescopic handler, from the plant-hire industry's published pre-use check guidance. */
export const TELEHANDLER = {
  id: "telehandler",
  name: "Telehandler",
  items: [
    { field: "defectBoom", label: "Boom, extension sections and wear pads" },
    { field: "defectOutriggers", label: "Stabilisers or outriggers and their interlocks" },
    { field: "defectLoadIndicator", label: "Rated capacity indicator and limiter (tested)" },
    { field: "defectAttachmentPin", label: "Attachment locking pins and carriage" },
    { field: "defectForks", label: "Forks (no cracks, bends or heel wear)" },
    { field: "defectLoadChart", label: "Load chart in the cab for the attachment fitted" },
    { field: "defectSteering", label: "Steering and steering modes" },
    { field: "defectBrakes", label: "Service and parking brakes" },
    { field: "defectTyres", label: "Tyres, wheels and wheel nuts" },
    { field: "defectSeatBelt", label: "Seat belt fitted and working" },
    { field: "defectCabGuard", label: "Cab, ROPS/FOPS and glass" },
    { field: "defectHoses", label: "Hydraulic hoses and rams (no leaks)" },
    { field: "defectLights", label: "Lights and beacon" },
    { field: "defectTravelAlarm", label: "Horn and reversing alarm" },
    { field: "defectMirrors", label: "Mirrors and camera" },
    { field: "defectFuelOil", label: "Engine oil, hydraulic oil, coolant and fuel levels" },
    { field: "defectFireSafety", label: "Fire extinguisher" },
  ],
  notices: ["Test the rated capacity indicator before the first lift of the shift.", messages.damagesNotice],
} as const satisfies CheckTemplate;
