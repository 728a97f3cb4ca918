import { describe, expect, it } from "vitest";
import { testDatabases, useTestDatabase } from "../db/test-databases";
import { recordAudit } from "./record-audit";

const actor = { accountId: "acc-1", ip: "203.0.113.7", userAgent: "Phone/1.0" };
const now = new Date("2025-06-07T15:00:00.000Z");

describe.each(testDatabases())("recordAudit on $name", ({ open }) => {
  const database = useTestDatabase(open);

  const rowsOf = (formId: string) =>
    database().db.selectFrom("audit_events").selectAll().where("form_id", "=", formId).execute();

  it("writes one row per event with the actor and details", async () => {
    await recordAudit(
      database().db,
      actor,
      [
        { formType: "timesheet", formId: "t-1", action: "approve", details: { combinedId: "combined-t-1" } },
        { formType: "check-sheet", formId: "c-1", action: "approve" },
      ],
      now,
    );
    const [row] = await rowsOf("t-1");
    expect(row).toMatchObject({
      form_type: "timesheet",
      account_id: "acc-1",
      action: "approve",
      ip: "203.0.113.7",
      user_agent: "Phone/1.0",
      created_at: now.toISOString(),
    });
    expect(JSON.parse(row!.details!)).toEqual({ combinedId: "combined-t-1" });
    expect((await rowsOf("c-1"))[0]?.details).toBeNull();
  });

  it("keeps nothing when the change it describes rolls back", async () => {
    await expect(
      database()
        .db.transaction()
        .execute(async (trx) => {
          await recordAudit(trx, actor, [{ formType: "timesheet", formId: "t-2", action: "dispatch" }], now);
          throw new Error("the change failed");
        }),
    ).rejects.toThrow("the change failed");
    expect(await rowsOf("t-2")).toEqual([]);
  });
});
