import { describe, expect, it } from "vitest";
import { testDatabases, useTestDatabase } from "./test-databases";
import { findVehicleByQrCode, listVehicles, upsertVehicles } from "./vehicles-repository";

describe.each(testDatabases())("vehicles repository on $name", ({ open }) => {
  const database = useTestDatabase(open);

  it("finds a vehicle by its QR code in any case, in the shape the QR lookup answers", async () => {
    await upsertVehicles(database().db, [
      {
        qrCode: "QR-1",
        machineNumber: "JCB 3CX",
        plantNumber: "BH-1",
        vehicleType: "Backhoe",
        description: "Backhoe loader",
        checkTemplate: "general-plant",
      },
    ]);
    expect(await findVehicleByQrCode(database().db, "QR-1")).toEqual({
      machineNumber: "JCB 3CX",
      plantNumber: "BH-1",
      vehicleType: "Backhoe",
      description: "Backhoe loader",
      checkTemplate: "general-plant",
    });
    // A code typed in lower case is the same code: plant numbers compare without case.
    expect(await findVehicleByQrCode(database().db, "qr-1")).toMatchObject({ plantNumber: "BH-1" });
    expect(await findVehicleByQrCode(database().db, "QR-2")).toBeUndefined();
  });

  it("replaces the details of a known code on upsert", async () => {
    await upsertVehicles(database().db, [
      {
        qrCode: "QR-1",
        machineNumber: "JCB 4CX",
        plantNumber: "BH-9",
        vehicleType: "Backhoe",
        description: "",
        checkTemplate: "excavator",
      },
    ]);
    await upsertVehicles(database().db, []);
    expect(await findVehicleByQrCode(database().db, "QR-1")).toEqual({
      machineNumber: "JCB 4CX",
      plantNumber: "BH-9",
      vehicleType: "Backhoe",
      description: "",
      checkTemplate: "excavator",
    });
  });

  it("lists every vehicle with its QR code, ordered by code", async () => {
    await upsertVehicles(database().db, [
      {
        qrCode: "QR-0",
        machineNumber: "Thwaites 6T",
        plantNumber: "DMP-6",
        vehicleType: "Dumper",
        description: "",
        checkTemplate: "dumper",
      },
    ]);
    const list = await listVehicles(database().db);
    expect(list.map((v) => v.qrCode)).toEqual([...list.map((v) => v.qrCode)].sort());
    expect(list).toContainEqual({
      qrCode: "QR-0",
      machineNumber: "Thwaites 6T",
      plantNumber: "DMP-6",
      vehicleType: "Dumper",
      description: "",
      checkTemplate: "dumper",
    });
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
