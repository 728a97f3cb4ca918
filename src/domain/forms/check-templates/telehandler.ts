import { messages } from "../../text/messages";
import { checkTemplate } from "../check-template";

/** Daily pre-use checks of a telescopic handler, from the plant-hire industry's published pre-use check guidance. */
export const TELEHANDLER = checkTemplate({
  id: "telehandler",
  name: "Telehandler",
  items: [
    ["defectBoom", "Boom, extension sections and wear pads"],
    ["defectOutriggers", "Stabilisers or outriggers and their interlocks"],
    ["defectLoadIndicator", "Rated capacity indicator and limiter (tested)"],
    ["defectAttachmentPin", "Attachment locking pins and carriage"],
    ["defectForks", "Forks (no cracks, bends or heel wear)"],
    ["defectLoadChart", "Load chart in the cab for the attachment fitted"],
    ["defectSteering", "Steering and steering modes"],
    ["defectBrakes", "Service and parking brakes"],
    ["defectTyres", "Tyres, wheels and wheel nuts"],
    ["defectSeatBelt", "Seat belt fitted and working"],
    ["defectCabGuard", "Cab, ROPS/FOPS and glass"],
    ["defectHoses", "Hydraulic hoses and rams (no leaks)"],
    ["defectLights", "Lights and beacon"],
    ["defectTravelAlarm", "Horn and reversing alarm"],
    ["defectMirrors", "Mirrors and camera"],
    ["defectFuelOil", "Engine oil, hydraulic oil, coolant and fuel levels"],
    ["defectFireSafety", "Fire extinguisher"],
  ],
  notices: ["Test the rated capacity indicator before the first lift of the shift.", messages.damagesNotice],
});
