import { describe, expect, it } from "vitest";
import { DEMO_QR_CODES } from "../../domain/checks/vehicle";
import { listCustomers, upsertCustomers } from "./customers-repository";
import { SAMPLE_CUSTOMERS, SAMPLE_VEHICLES, seedSampleData } from "./seed";
import { testDatabases, useTestDatabase } from "./test-databases";
import { findVehicleByQrCode } from "./vehicles-repository";

describe("sample data", () => {
  it("has some customers that require order validation and some that do not", () => {
    expect(SAMPLE_CUSTOMERS.length).toBeGreaterThanOrEqual(5);
    expect(SAMPLE_CUSTOMERS.some((c) => c.requiresOrderValidation)).toBe(true);
    expect(SAMPLE_CUSTOMERS.some((c) => !c.requiresOrderValidation)).toBe(true);
    expect(new Set(SAMPLE_CUSTOMERS.map((c) => c.id)).size).toBe(SAMPLE_CUSTOMERS.length);
  });

  it("has a sample vehicle for every demo QR code", () => {
    for (const code of DEMO_QR_CODES) expect(SAMPLE_VEHICLES.map((v) => v.qrCode)).toContain(code);
  });
});

describe.each(testDatabases())("seedSampleData on $name", ({ open }) => {
  const database = useTestDatabase(open);

  it("fills an empty database with the sample customers and vehicles", async () => {
    expect(await seedSampleData(database().db)).toEqual({ seeded: true });
    expect(await listCustomers(database().db)).toHaveLength(SAMPLE_CUSTOMERS.length);
    for (const code of DEMO_QR_CODES) expect(await findVehicleByQrCode(database().db, code)).toBeDefined();
  });

  it("does nothing the second time, and never overwrites a changed customer list", async () => {
    const first = SAMPLE_CUSTOMERS[0]!;
    await upsertCustomers(database().db, [{ ...first, name: "Renamed By Office" }]);
    expect(await seedSampleData(database().db)).toEqual({ seeded: false });
    const customers = await listCustomers(database().db);
    expect(customers).toHaveLength(SAMPLE_CUSTOMERS.length);
    expect(customers.find((c) => c.id === first.id)?.name).toBe("Renamed By Office");
  });
});
