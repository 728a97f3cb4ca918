import { randomUUID } from "node:crypto";
import { expect } from "vitest";
import type { Company, Person } from "./organisation-world";
import type { TestApp } from "./test-app";

const DAY_MS = 86_400_000;

/** Approved weeks of a company, made as its people make them, and copied in bulk for a company of some size. */
export function approvedWeeksHelpers(testApp: TestApp) {
  const { call, createDraft } = testApp;

  /** A driver's week ending 14 June 2025 with `days` worked days from Monday, submitted and approved by the admin. */
  async function approvedWeek(of: Company, driver: Person, days: number): Promise<string> {
    const fields: Record<string, unknown> = {};
    for (const day of ["monday", "tuesday", "wednesday", "thursday", "friday"].slice(0, days)) {
      fields[`${day}Start`] = "07:00";
      fields[`${day}Finish`] = "16:30";
    }
    const id = await createDraft("timesheets", driver.cookie, {
      weekEnding: "2025-06-14",
      driverSignedName: "Łukasz Wróbel",
      plantNumber: "EX-042",
      status: "ready_for_approval",
      ...fields,
    });
    const res = await call("POST", `/api/organisations/${of.id}/review/${id}/approve`, of.admin.cookie, {
      rating: "happy",
    });
    expect(res.statusCode, res.body).toBe(200);
    return id;
  }

  /** `count` copies of a stored week, with new ids, over the 50 week endings up to its own, each saying its own. */
  async function copiesOf(timesheetId: string, count: number): Promise<void> {
    const { db } = testApp.database;
    const row = await db
      .selectFrom("forms")
      .selectAll()
      .where("id", "=", timesheetId)
      .executeTakeFirstOrThrow();
    const end = Date.parse(`${row.form_date}T00:00:00Z`);
    const fields = JSON.parse(row.data) as Record<string, unknown>;
    const copies = Array.from({ length: count }, (_, i) => {
      const weekEnding = new Date(end - 7 * DAY_MS * (i % 50)).toISOString().slice(0, 10);
      return {
        ...row,
        id: randomUUID(),
        form_date: weekEnding,
        data: JSON.stringify({ ...fields, weekEnding }),
      };
    });
    for (let at = 0; at < copies.length; at += 200) {
      await db
        .insertInto("forms")
        .values(copies.slice(at, at + 200))
        .execute();
    }
  }

  return { approvedWeek, copiesOf };
}
