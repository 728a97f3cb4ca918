import { type Kysely, sql } from "kysely";
import { checkTemplateOf } from "../../domain/forms/check-templates";
import type { Vehicle } from "../../domain/vehicle";
import type { DB } from "./schema";

/** A vehicle with the code printed on its QR label. */
export interface VehicleWithQrCode extends Vehicle {
  qrCode: string;
}

/**
 * The vehicle a scanned or typed QR code names. Codes (plant numbers) compare without case: a code typed in
 * lower case finds the same machine, on both dialects.
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
 * Every vehicle of the fleet `listOwner` names (the shared list for null) with its QR code, for reading QR labels
 * on a phone without signal.
 */
export async function listVehicles(
  db: Kysely<DB>,
  listOwner: string | null = null,
): Promise<VehicleWithQrCode[]> {
  const rows = await db
    .selectFrom("vehicles")
    .select(["qr_code", "machine_number", "plant_number", "vehicle_type", "description", "check_template"])
    .where("organisation_id", listOwner === null ? "is" : "=", listOwner)
    .orderBy("qr_code")
    .execute();
  return rows.map((row) => ({
    qrCode: row.qr_code,
    machineNumber: row.machine_number,
    plantNumber: row.plant_number,
    vehicleType: row.vehicle_type,
    description: row.description,
    checkTemplate: checkTemplateOf({ checkTemplate: row.check_template }).id,
  }));
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
