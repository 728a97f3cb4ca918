import { describe, expect, it } from "vitest";
import { testDatabases, useTestDatabase } from "./test-databases";
import {
  findVehicleByQrCode,
  listVehicles,
  upsertVehicles,
  type VehicleWithQrCode,
} from "./vehicles-repository";

describe.each(testDatabases())("vehicles repository on $name", ({ open }) => {
  const database = useTestDatabase(open);

  const backhoe: VehicleWithQrCode = {
    qrCode: "QR-1",
    machineNumber: "JCB 3CX",
    plantNumber: "BH-1",
    vehicleType: "Backhoe",
    description: "Backhoe loader",
    checkTemplate: "general-plant",
  };
  /** What the QR lookup answers for a vehicle: all but its code. */
  const lookupOf = ({ qrCode: _qrCode, ...details }: VehicleWithQrCode) => details;

  it("finds a vehicle by its QR code in any case, in the shape the QR lookup answers", async () => {
    await upsertVehicles(database().db, [backhoe]);
    expect(await findVehicleByQrCode(database().db, "QR-1")).toEqual(lookupOf(backhoe));
    // A code typed in lower case is the same code: plant numbers compare without case.
    expect(await findVehicleByQrCode(database().db, "qr-1")).toMatchObject({ plantNumber: "BH-1" });
    expect(await findVehicleByQrCode(database().db, "QR-2")).toBeUndefined();
  });

  it("replaces the details of a known code on upsert", async () => {
    const rebuilt: VehicleWithQrCode = {
      ...backhoe,
      machineNumber: "JCB 4CX",
      plantNumber: "BH-9",
      description: "",
      checkTemplate: "excavator",
    };
    await upsertVehicles(database().db, [rebuilt]);
    await upsertVehicles(database().db, []);
    expect(await findVehicleByQrCode(database().db, "QR-1")).toEqual(lookupOf(rebuilt));
  });

  it("lists every vehicle with its QR code, ordered by code", async () => {
    const dumper: VehicleWithQrCode = {
      qrCode: "QR-0",
      machineNumber: "Thwaites 6T",
      plantNumber: "DMP-6",
      vehicleType: "Dumper",
      description: "",
      checkTemplate: "dumper",
    };
    await upsertVehicles(database().db, [dumper]);
    const list = await listVehicles(database().db);
    expect(list.map((v) => v.qrCode)).toEqual([...list.map((v) => v.qrCode)].sort());
    expect(list).toContainEqual(dumper);
    expect(list.find((v) => v.qrCode === "QR-1")?.machineNumber).toBe("JCB 4CX");
  });

  it("answers the general template for a vehicle whose category has no template any more", async () => {
    await database()
      .db.insertInto("vehicles")
      .values({
        qr_code: "QR-OLD",
        machine_number: "Crane",
        plant_number: "CR-1",
        vehicle_type: "Crane",
        description: "",
        check_template: "tower-crane",
      })
      .execute();
    expect((await findVehicleByQrCode(database().db, "QR-OLD"))?.checkTemplate).toBe("general-plant");
  });
});
