import { describe, expect, it } from "vitest";
import { reviewFilterKeys } from "../../../domain/company/office-review";
import { migrateBefore, testDatabases, useTestDatabase } from "../test-databases";

describe.each(testDatabases())("migration 021 on $name", ({ open }) => {
  const database = useTestDatabase(() => open({ migrate: false }));

  it("gives a company's timesheets already stored the review's filter keys, as a save now writes them", async () => {
    const { db } = database();
    await migrateBefore(db, "021-review-filters-and-export-slots");
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
      siteLocation: "Riverside\tWharf",
      clientCompany: "BuildCo  Ltd",
    };
    const form = (id: string, kind: "timesheet" | "check-sheet", organisationId: string | null) => ({
      id,
      kind,
      owner_id: "driver",
      organisation_id: organisationId,
      status: "ready_for_approval" as const,
      driver_signed_name: fields.driverSignedName,
      plant_number: fields.plantNumber,
      customer_id: "",
      order_number: "",
      form_date: "2025-06-14",
      view_token: null,
      data: JSON.stringify(fields),
      created_at: at,
      updated_at: at,
      submitted_at: at,
      completed_at: null,
    });
    await db
      .insertInto("forms")
      .values([
        form("company", "timesheet", "acme"),
        form("own", "timesheet", null),
        form("check", "check-sheet", "acme"),
      ])
      .execute();

    // This migration's own step: a company's check sheets get their keys from migration 027.
    await migrateBefore(db, "022-retired-list-entries");
    const keys = await db
      .selectFrom("forms")
      .select(["id", "driver_key", "plant_key", "site_key", "customer_key"])
      .orderBy("id")
      .execute();
    const expected = reviewFilterKeys(fields);
    expect(keys).toEqual([
      { id: "check", driver_key: null, plant_key: null, site_key: null, customer_key: null },
      {
        id: "company",
        driver_key: expected.driver,
        plant_key: expected.plant,
        site_key: expected.site,
        customer_key: expected.customer,
      },
      { id: "own", driver_key: null, plant_key: null, site_key: null, customer_key: null },
    ]);
    expect(expected).toEqual({
      driver: "łukasz wróbel",
      plant: "ex-042",
      site: "riverside wharf",
      customer: "buildco ltd",
    });
  });
});
