import { z } from "zod";
import { CHECK_TEMPLATE_IDS } from "../forms/check-templates";
import { companyMessages } from "../text/company-messages";
import type { MessageKey } from "../text/i18n/translate";
import { schemaMessage } from "../text/schema-messages";
import type { Customer } from "./customer";
import { NOT_ONE_LINE } from "./organisation";

/**
 * A company's own lists (decision record 029): the machines its drivers scan and the customers they pick. Its first
 * entry of either makes that list the company's own: its drivers then see its entries alone. An admin adds, edits,
 * retires (and returns) and imports entries; a retired entry stays for the forms made with it, off the drivers'
 * lists. Within a list no two entries share a key (`clashesOf`), retired ones included.
 */

/** The longest name, code or number on a list. */
export const MAX_LIST_TEXT_LENGTH = 200;

/**
 * A name, code or number: one line of at most 200 characters (a line break or control code would break the
 * dropdown, the PDF and the mail it is printed in), required when `required` says what to ask for.
 */
function oneLine(field: Parameters<typeof companyMessages.oneLine>[0], required?: MessageKey) {
  const text = z.string().trim();
  return (required === undefined ? text : text.min(1, schemaMessage(required)))
    .max(MAX_LIST_TEXT_LENGTH)
    .refine((value) => !NOT_ONE_LINE.test(value), companyMessages.oneLine(field));
}

/**
 * POST /api/organisations/{id}/vehicles, and PUT of one to edit it: a machine of the company's own fleet, with the
 * code printed on its QR label (unique across every fleet) and the check list its daily checks use.
 */
export const NewFleetVehicleSchema = z.object({
  qrCode: oneLine("qrCode", "validation.qrCodeRequired"),
  plantNumber: oneLine("plantNumber", "validation.plantNumberRequired"),
  machineNumber: oneLine("machine").default(""),
  vehicleType: oneLine("type").default(""),
  description: z.string().trim().max(2000).default(""),
  checkTemplate: z.enum(CHECK_TEMPLATE_IDS),
});
export type NewFleetVehicle = z.infer<typeof NewFleetVehicleSchema>;

/** POST /api/organisations/{id}/customers, and PUT of one to edit it: a customer, and whether its order numbers are checked. */
export const NewCustomerSchema = z.object({
  name: oneLine("customerName", "validation.customerNameRequired"),
  requiresOrderValidation: z.boolean(),
});
export type NewCustomer = z.infer<typeof NewCustomerSchema>;

/** PUT /api/organisations/{id}/vehicles/{qrCode}/retired and .../customers/{customerId}/retired. */
export const RetireRequestSchema = z.object({ retired: z.boolean() });
export type RetireRequest = z.infer<typeof RetireRequestSchema>;

/** GET /api/organisations/{id}/customers: the customers the company's drivers pick from, and its retired ones. */
export interface CompanyCustomersResponse {
  /** False while the company has none of its own: its drivers pick from the shared list, shown here. */
  ownList: boolean;
  customers: Array<Customer & { retired: boolean }>;
}

/** The fields no two entries of one list may share. */
export const FLEET_KEYS = ["qrCode", "plantNumber"] as const;
export const CUSTOMER_KEYS = ["name"] as const;
export type FleetKey = (typeof FLEET_KEYS)[number];
export type CustomerKey = (typeof CUSTOMER_KEYS)[number];

/**
 * What two entries are compared by: without the case, and with runs of spaces as one, as a driver types a plant
 * number and the look-ups find it ("ax-9" is "AX-9"; "Acme  Ltd" is "Acme Ltd").
 */
export function listKey(text: string): string {
  return text.trim().replace(/\s+/g, " ").toLowerCase();
}

/** An entry of a list that a new or edited one clashes with: on which field, and whether it is retired. */
export interface ListClash<K extends string> {
  field: K;
  retired: boolean;
}

/**
 * Where `entry` clashes with `others` (the rest of the company's list, retired entries included: a retired
 * machine can return to service, and must not come back beside its double). One clash per field, the first found.
 */
export function clashesOf<K extends string>(
  entry: Readonly<Record<K, string>>,
  others: ReadonlyArray<Readonly<Record<K, string>> & { retired: boolean }>,
  keys: readonly K[],
): ListClash<K>[] {
  const clashes: ListClash<K>[] = [];
  for (const field of keys) {
    const key = listKey(entry[field]);
    if (key === "") continue;
    const other = others.find((candidate) => listKey(candidate[field]) === key);
    if (other) clashes.push({ field, retired: other.retired });
  }
  return clashes;
}
