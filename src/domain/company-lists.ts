import { z } from "zod";
import { CHECK_TEMPLATE_IDS } from "./forms/check-templates";

/**
 * A company's own lists (decision record 029): the machines its drivers scan and the customers they pick. Its first
 * entry of either makes that list the company's own: its drivers then see its entries alone.
 */
/**
 * POST /api/organisations/{id}/vehicles: a machine of the company's own fleet, with the code printed on its QR label
 * (unique across every fleet) and the check list its daily checks use. Its first vehicle makes the fleet the
 * company's own: its drivers then see only its vehicles.
 */
export const NewFleetVehicleSchema = z.object({
  qrCode: z.string().trim().min(1, "Please enter the code on the machine's QR label.").max(200),
  plantNumber: z.string().trim().min(1, "Please enter the plant number.").max(200),
  machineNumber: z.string().trim().max(200).default(""),
  vehicleType: z.string().trim().max(200).default(""),
  description: z.string().trim().max(2000).default(""),
  checkTemplate: z.enum(CHECK_TEMPLATE_IDS),
});
export type NewFleetVehicle = z.infer<typeof NewFleetVehicleSchema>;

/** POST /api/organisations/{id}/customers: a customer of the company, and whether its order numbers are checked. */
export const NewCustomerSchema = z.object({
  name: z.string().trim().min(1, "Please enter the customer's name.").max(200),
  requiresOrderValidation: z.boolean(),
});
export type NewCustomer = z.infer<typeof NewCustomerSchema>;
