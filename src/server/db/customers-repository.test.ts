import { describe, expect, it } from "vitest";
import { findCustomer, listCustomers, upsertCustomers } from "./customers-repository";
import { testDatabases, useTestDatabase } from "./test-databases";

describe.each(testDatabases())("customers repository on $name", ({ open }) => {
  const database = useTestDatabase(open);

  it("lists nothing in an empty database", async () => {
    expect(await listCustomers(database().db)).toEqual([]);
  });

  it("inserts, then updates by id, and lists sorted by name the same way on every dialect", async () => {
    await upsertCustomers(database().db, [
      { id: "c-zeta", name: "zeta Plant", requiresOrderValidation: false },
      { id: "c-alpha", name: "Alpha Civils", requiresOrderValidation: true },
      { id: "c-beta", name: "beta Groundworks", requiresOrderValidation: false },
      { id: "c-a2", name: "A-Two Hire", requiresOrderValidation: false },
    ]);
    await upsertCustomers(database().db, [
      { id: "c-zeta", name: "Zeta Plant Hire", requiresOrderValidation: true },
    ]);
    await upsertCustomers(database().db, []);

    const customers = await listCustomers(database().db);
    expect(customers.map((c) => c.name)).toEqual([
      "A-Two Hire",
      "Alpha Civils",
      "beta Groundworks",
      "Zeta Plant Hire",
    ]);
    expect(customers.find((c) => c.id === "c-zeta")).toEqual({
      id: "c-zeta",
      name: "Zeta Plant Hire",
      requiresOrderValidation: true,
    });
  });

  it("finds one customer by id, with its flag as a boolean", async () => {
    expect(await findCustomer(database().db, "c-alpha")).toEqual({
      id: "c-alpha",
      name: "Alpha Civils",
      requiresOrderValidation: true,
    });
    expect(await findCustomer(database().db, "c-beta")).toMatchObject({ requiresOrderValidation: false });
    expect(await findCustomer(database().db, "missing")).toBeUndefined();
  });
});
