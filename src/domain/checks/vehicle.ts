import { z } from "zod";
import { CHECK_TEMPLATE_IDS } from "../forms/check-templates";

/** A vehicle as the QR lookup returns it (spec section 3, "Vehicle from QR"). */
export const VehicleSchema = z.object({
  machineNumber: z.string().max(200),
  plantNumber: z.string().max(200),
  vehicleType: z.string().max(200),
  description: z.string().max(2000),
  /** Beyond the spec: the check template of the machine's category, which its check sheets use. */
  checkTemplate: z.enum(CHECK_TEMPLATE_IDS),
});
export type Vehicle = z.infer<typeof VehicleSchema>;

/** QR codes are short printed labels; anything longer is not one of ours. */
export const QrCodeSchema = z.string().trim().min(1).max(200);

/** The sample codes the scanner's demo mode picks from; the seed data has a vehicle for each. */
export const DEMO_QR_CODES = ["PLANT-EX-001", "PLANT-DMP-002", "PLANT-RLR-003"] as const;
export type DemoQrCode = (typeof DEMO_QR_CODES)[number];

/**
 * 'Simulate QR Detection': one of the sample codes, chosen by a number in [0, 1) such as
 * Math.random() gives. Numbers outside that range are clamped, so the answer is always a sample code.
 */
export function demoQrCode(random: number): DemoQrCode {
  const unit = Number.isFinite(random) ? Math.min(Math.max(random, 0), 0.999_999) : 0;
  return DEMO_QR_CODES[Math.floor(unit * DEMO_QR_CODES.length)] as DemoQrCode;
}
