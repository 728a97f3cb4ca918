import type { Kysely } from "kysely";
import { DEMO_QR_CODES } from "../../domain/checks/vehicle";
import type { Customer } from "../../domain/company/customer";
import { upsertCustomers } from "./customers-repository";
import type { DB } from "./schema";
import { upsertVehicles, type VehicleWithQrCode } from "./vehicles-repository";

/** Fictional UK plant-hire clients, so a fresh install has something to pick from. */
export const SAMPLE_CUSTOMERS: readonly Customer[] = [
  { id: "pennine-groundworks", name: "Pennine Groundworks Ltd", requiresOrderValidation: true },
  { id: "thameside-civils", name: "Thameside Civil Engineering", requiresOrderValidation: true },
  { id: "severn-valley-homes", name: "Severn Valley Homes", requiresOrderValidation: false },
  { id: "highland-rail-civils", name: "Highland Rail & Civils", requiresOrderValidation: true },
  { id: "brackenfield-construction", name: "Brackenfield Construction", requiresOrderValidation: false },
  { id: "m62-highways-partnership", name: "M62 Highways Partnership", requiresOrderValidation: false },
];

// The scanner's demo mode picks one of these codes, so each needs a sample vehicle.
const [EXCAVATOR_QR, DUMPER_QR, ROLLER_QR] = DEMO_QR_CODES;

export const SAMPLE_VEHICLES: readonly VehicleWithQrCode[] = [
  {
    qrCode: EXCAVATOR_QR,
    machineNumber: "CAT 320 GC",
    plantNumber: "EX-001",
    vehicleType: "Excavator",
    description: "20 tonne tracked excavator with quick hitch",
    checkTemplate: "excavator",
  },
  {
    qrCode: DUMPER_QR,
    machineNumber: "Thwaites 9T",
    plantNumber: "DMP-002",
    vehicleType: "Dumper",
    description: "9 tonne forward tipping site dumper",
    checkTemplate: "dumper",
  },
  {
    qrCode: ROLLER_QR,
    machineNumber: "BOMAG BW 120 AD-5",
    plantNumber: "RLR-003",
    vehicleType: "Roller",
    description: "2.7 tonne tandem vibratory roller",
    checkTemplate: "roller",
  },
  {
    qrCode: "PLANT-TH-004",
    machineNumber: "JCB 540-140",
    plantNumber: "TH-004",
    vehicleType: "Telehandler",
    description: "14 m telescopic handler with forks",
    checkTemplate: "telehandler",
  },
  {
    qrCode: "PLANT-MEX-005",
    machineNumber: "Kubota KX030-4",
    plantNumber: "MEX-005",
    vehicleType: "Mini Excavator",
    description: "3 tonne mini excavator with three buckets",
    checkTemplate: "excavator",
  },
  {
    qrCode: "PLANT-MWP-006",
    machineNumber: "Genie Z-45/25J",
    plantNumber: "MWP-006",
    vehicleType: "MEWP",
    description: "16 m articulated boom lift",
    checkTemplate: "mewp",
  },
  {
    qrCode: "PLANT-GEN-007",
    machineNumber: "Atlas Copco QAS 60",
    plantNumber: "GEN-007",
    vehicleType: "Generator",
    description: "60 kVA site generator",
    checkTemplate: "general-plant",
  },
];

/**
 * Fills an empty database with the sample customers and vehicles. Does nothing when any customer exists, so
 * it is safe at every start-up and never overwrites a real customer list.
 */
export async function seedSampleData(db: Kysely<DB>): Promise<{ seeded: boolean }> {
  return db.transaction().execute(async (trx) => {
    const existing = await trx.selectFrom("customers").select("id").limit(1).executeTakeFirst();
    if (existing) return { seeded: false };
    await upsertCustomers(trx, SAMPLE_CUSTOMERS);
    await upsertVehicles(trx, SAMPLE_VEHICLES);
    return { seeded: true };
  });
}
