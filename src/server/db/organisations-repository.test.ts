import { setTimeout as sleep } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import { insertAccount } from "./accounts-repository";
import {
  countAdmins,
  findOrderPrefixes,
  insertMembership,
  insertOrganisation,
  lockOrganisation,
  setOrderPrefixes,
} from "./organisations-repository";
import { testDatabases, useTestDatabase } from "./test-databases";

describe.each(testDatabases())("organisations repository on $name", ({ open }) => {
  const database = useTestDatabase(open);

  it("makes a second change of one organisation's members wait until the first has committed", async () => {
    const { db } = database();
    const at = "2025-06-04T09:00:00.000Z";
    await insertOrganisation(db, { id: "org-1", name: "Acme", createdAt: at });
    for (const id of ["a1", "a2"]) {
      await insertAccount(db, { id, fullName: id, email: `${id}@haulage.co.uk`, passwordHash: "h" });
      await insertMembership(db, { accountId: id, organisationId: "org-1", role: "admin", joinedAt: at });
    }
    const first = await db.startTransaction().execute();
    await lockOrganisation(first, "org-1");
    expect(await countAdmins(first, "org-1")).toBe(2);

    let secondCounted: number | undefined;
    const second = db.transaction().execute(async (trx) => {
      await lockOrganisation(trx, "org-1");
      secondCounted = await countAdmins(trx, "org-1");
    });
    // The second is held while the first demotes an admin, and counts what the first left.
    await sleep(300);
    expect(secondCounted).toBeUndefined();
    await first.updateTable("memberships").set({ role: "driver" }).where("account_id", "=", "a2").execute();
    await first.commit().execute();
    await second;
    expect(secondCounted).toBe(1);
  });

  it("keeps a company's order prefixes, none until an admin sets them", async () => {
    const { db } = database();
    const at = "2025-06-04T09:00:00.000Z";
    await insertOrganisation(db, { id: "org-2", name: "Bolt", createdAt: at });
    expect(await findOrderPrefixes(db, "org-2")).toBeNull();
    await setOrderPrefixes(db, "org-2", ["PO-", "HS/"]);
    expect(await findOrderPrefixes(db, "org-2")).toEqual(["PO-", "HS/"]);
    await setOrderPrefixes(db, "org-2", ["X"]);
    expect(await findOrderPrefixes(db, "org-2")).toEqual(["X"]);
    // Only that company's: another keeps the default, and an unknown id has none.
    expect(await findOrderPrefixes(db, "org-1")).toBeNull();
    expect(await findOrderPrefixes(db, "nobody")).toBeNull();
  });
});
