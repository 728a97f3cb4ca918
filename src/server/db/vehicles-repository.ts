import { type Kysely, type Selectable, sql } from "kysely";
import type { Vehicle } from "../../domain/checks/vehicle";
import type { NewFleetVehicle } from "../../domain/company/company-lists";
import { checkTemplateOf } from "../../domain/forms/check-templates";
import type { DB, VehiclesTable } from "./schema";

/** A vehicle with the code printed on its QR label. */
export interface VehicleWithQrCode extends Vehicle {
  qrCode: string;
}

/** A vehicle as its company's admin manages it: retired or in service. */
export interface ManagedVehicle extends VehicleWithQrCode {
  retired: boolean;
}

function toManagedVehicle(row: Selectable<VehiclesTable>): ManagedVehicle {
  return {
    qrCode: row.qr_code,
    machineNumber: row.machine_number,
    plantNumber: row.plant_number,
    vehicleType: row.vehicle_type,
    description: row.description,
    checkTemplate: checkTemplateOf({ checkTemplate: row.check_template }).id,
    retired: row.retired_at !== null,
  };
}

/**
 * The vehicle a scanned or typed QR code names, in service (a retired one is not found). Codes (plant numbers)
 * compare without case: a code typed in lower case finds the same machine, on both dialects.
 */
export async function findVehicleByQrCode(
  db: Kysely<DB>,
  qrCode: string,
  listOwner: string | null = null,
): Promise<Vehicle | undefined> {
  const row = await db
    .selectFrom("vehicles")
    .select(["machine_number", "plant_number", "vehicle_type", "description", "check_template"])
    .where(sql<string>`lower(qr_code)`, "=", qrCode.toLowerCase())
    .where("organisation_id", listOwner === null ? "is" : "=", listOwner)
    .where("retired_at", "is", null)
    .executeTakeFirst();
  return (
    row && {
      machineNumber: row.machine_number,
      plantNumber: row.plant_number,
      vehicleType: row.vehicle_type,
      description: row.description,
      checkTemplate: checkTemplateOf({ checkTemplate: row.check_template }).id,
    }
  );
}

/**
 * Every vehicle in service of the fleet `listOwner` names (the shared list for null) with its QR code, for reading
 * QR labels on a phone without signal.
 */
export async function listVehicles(
  db: Kysely<DB>,
  listOwner: string | null = null,
): Promise<VehicleWithQrCode[]> {
  const vehicles = await listVehiclesToManage(db, listOwner, { inService: true });
  return vehicles.map(({ retired: _retired, ...vehicle }) => vehicle);
}

/** Every vehicle of the fleet `listOwner` names, retired ones too unless `inService`, by QR code. */
export async function listVehiclesToManage(
  db: Kysely<DB>,
  listOwner: string | null,
  { inService = false } = {},
): Promise<ManagedVehicle[]> {
  let query = db
    .selectFrom("vehicles")
    .selectAll()
    .where("organisation_id", listOwner === null ? "is" : "=", listOwner);
  if (inService) query = query.where("retired_at", "is", null);
  const rows = await query.orderBy("qr_code").execute();
  return rows.map(toManagedVehicle);
}

/** The company's vehicle with exactly this QR code, retired or not; undefined for another fleet's or none. */
export async function findCompanyVehicle(
  db: Kysely<DB>,
  organisationId: string,
  qrCode: string,
): Promise<ManagedVehicle | undefined> {
  const row = await db
    .selectFrom("vehicles")
    .selectAll()
    .where("qr_code", "=", qrCode)
    .where("organisation_id", "=", organisationId)
    .executeTakeFirst();
  return row && toManagedVehicle(row);
}

/** Rows a statement inserts at once: well inside both databases' limits on bound values. */
const INSERT_BATCH = 500;

/** Adds vehicles to a company's own fleet; throws the database's unique violation when a QR code is taken. */
export async function insertFleetVehicles(
  db: Kysely<DB>,
  organisationId: string,
  vehicles: readonly NewFleetVehicle[],
): Promise<void> {
  for (let start = 0; start < vehicles.length; start += INSERT_BATCH) {
    await db
      .insertInto("vehicles")
      .values(
        vehicles.slice(start, start + INSERT_BATCH).map((vehicle) => ({
          qr_code: vehicle.qrCode,
          plant_number: vehicle.plantNumber,
          machine_number: vehicle.machineNumber,
          vehicle_type: vehicle.vehicleType,
          description: vehicle.description,
          check_template: vehicle.checkTemplate,
          organisation_id: organisationId,
        })),
      )
      .execute();
  }
}

/**
 * Replaces the details of the company's vehicle `qrCode` names. A new QR code takes its defect history along (the
 * history names the vehicle by its code); throws the database's unique violation when the new code is taken.
 */
export async function updateFleetVehicle(
  db: Kysely<DB>,
  organisationId: string,
  qrCode: string,
  vehicle: NewFleetVehicle,
): Promise<void> {
  await db
    .updateTable("vehicles")
    .set({
      qr_code: vehicle.qrCode,
      plant_number: vehicle.plantNumber,
      machine_number: vehicle.machineNumber,
      vehicle_type: vehicle.vehicleType,
      description: vehicle.description,
      check_template: vehicle.checkTemplate,
    })
    .where("qr_code", "=", qrCode)
    .where("organisation_id", "=", organisationId)
    .execute();
  if (vehicle.qrCode === qrCode) return;
  await db
    .updateTable("vehicle_defects")
    .set({ qr_code: vehicle.qrCode })
    .where("qr_code", "=", qrCode)
    .where("organisation_id", "=", organisationId)
    .execute();
}

/** Retires one of the company's vehicles, or returns it to service (null): false when it has no such vehicle. */
export async function setVehicleRetired(
  db: Kysely<DB>,
  organisationId: string,
  qrCode: string,
  retiredAt: string | null,
): Promise<boolean> {
  const result = await db
    .updateTable("vehicles")
    .set({ retired_at: retiredAt })
    .where("qr_code", "=", qrCode)
    .where("organisation_id", "=", organisationId)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Which of `qrCodes` are on a fleet other than the company's (another company's or the shared list). */
export async function qrCodesOnOtherFleets(
  db: Kysely<DB>,
  organisationId: string,
  qrCodes: readonly string[],
): Promise<Set<string>> {
  const taken = new Set<string>();
  for (let start = 0; start < qrCodes.length; start += INSERT_BATCH) {
    const rows = await db
      .selectFrom("vehicles")
      .select("qr_code")
      .where("qr_code", "in", qrCodes.slice(start, start + INSERT_BATCH))
      .where((eb) => eb.or([eb("organisation_id", "is", null), eb("organisation_id", "!=", organisationId)]))
      .execute();
    for (const row of rows) taken.add(row.qr_code);
  }
  return taken;
}

/** Inserts new vehicles and replaces the details of existing ones (matched by QR code). */
export async function upsertVehicles(db: Kysely<DB>, vehicles: readonly VehicleWithQrCode[]): Promise<void> {
  if (vehicles.length === 0) return;
  await db
    .insertInto("vehicles")
    .values(
      vehicles.map((v) => ({
        qr_code: v.qrCode,
        machine_number: v.machineNumber,
        plant_number: v.plantNumber,
        vehicle_type: v.vehicleType,
        description: v.description,
        check_template: v.checkTemplate,
      })),
    )
    .onConflict((oc) =>
      oc.column("qr_code").doUpdateSet((eb) => ({
        machine_number: eb.ref("excluded.machine_number"),
        plant_number: eb.ref("excluded.plant_number"),
        vehicle_type: eb.ref("excluded.vehicle_type"),
        description: eb.ref("excluded.description"),
        check_template: eb.ref("excluded.check_template"),
      })),
    )
    .execute();
}
