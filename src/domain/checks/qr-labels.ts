/** One printed label of a machine: the code its QR holds, and the plant number people read. */
export interface QrLabel {
  qrCode: string;
  plantNumber: string;
  machineNumber: string;
}

/**
 * The labels of a fleet's sheet: the machines drivers can scan (retired ones are off the list), in plant-number
 * order as the yard walks them, numbers compared as numbers (EX-2 before EX-10).
 */
export function qrLabelsOf(vehicles: readonly (QrLabel & { retired: boolean })[]): QrLabel[] {
  const order = new Intl.Collator("en-GB", { numeric: true, sensitivity: "base" });
  return vehicles
    .filter((vehicle) => !vehicle.retired)
    .map(({ qrCode, plantNumber, machineNumber }) => ({ qrCode, plantNumber, machineNumber }))
    .sort((a, b) => order.compare(a.plantNumber, b.plantNumber) || order.compare(a.qrCode, b.qrCode));
}
