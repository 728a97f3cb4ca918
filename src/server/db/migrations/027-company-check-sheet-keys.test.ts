import { describe, expect, it } from "vitest";
import { reviewFilterKeys } from "../../../domain/company/office-review";
import { migrateToLatest } from "../migrate";
import { migrateBefore, testDatabases, useTestDatabase } from "../test-databases";

describe.each(testDatabases())("migration 027 on $name", ({ open }) => {
  const database = useTestDatabase(() => open({ migrate: false }));

  it("gives a company's check sheets saved before the review's keys the keys a save now writes, and no one else's", async () => {
    const { db } = database();
    await migrateBefore(db, "027-company-check-sheet-keys");
    const at = "2025-06-20T09:00:00.000Z";
    await db
      .insertInto("accounts")
      .values({
        id: "driver",
        full_name: "Dave Digger",
        email: "dave@haulage.co.uk",
        email_normalized: "dave@haulage.co.uk",
        password_hash: "x",
        created_at: at,
        updated_at: at,
      })
      .execute();
    await db
      .insertInto("organisations")
      .values({ id: "acme", name: "Acme Plant Hire Ltd", workshop_email: null, created_at: at })
      .execute();
    const fields = {
      driverSignedName: "  Łukasz   WRÓBEL ",
      plantNumber: "EX-042 ",
      siteLocation: "Riverside",
    };
    const form = (id: string, organisationId: string | null, keys: object = {}) => ({
      id,
      kind: "check-sheet" as const,
      owner_id: "driver",
      organisation_id: organisationId,
      status: "ready_for_approval" as const,
      driver_signed_name: fields.driverSignedName,
      plant_number: fields.plantNumber,
      customer_id: "",
      order_number: "",
      form_date: "2025-06-10",
      view_token: null,
      data: JSON.stringify(fields),
      created_at: at,
      updated_at: at,
      submitted_at: at,
      completed_at: null,
      ...keys,
    });
    const saved = { driver_key: "saved", plant_key: "saved", site_key: "", customer_key: "" };
    await db
      .insertInto("forms")
      .values([form("company", "acme"), form("own", null), form("saved", "acme", saved)])
      .execute();

    await migrateToLatest(db);
    const keys = await db
      .selectFrom("forms")
      .select(["id", "driver_key", "plant_key", "site_key", "customer_key"])
      .orderBy("id")
      .execute();
    const expected = reviewFilterKeys(fields);
    expect(keys).toEqual([
      {
        id: "company",
        driver_key: expected.driver,
        plant_key: expected.plant,
        site_key: expected.site,
        customer_key: "",
      },
      { id: "own", driver_key: null, plant_key: null, site_key: null, customer_key: null },
      { id: "saved", ...saved },
    ]);
  });
});
