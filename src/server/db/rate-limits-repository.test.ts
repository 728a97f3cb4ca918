import { describe, expect, it } from "vitest";
import { enqueueMail, getOutboxMessage } from "./outbox-repository";
import { hitRateLimits, type RateLimitHit } from "./rate-limits-repository";
import { testDatabases, useTestDatabase } from "./test-databases";

const NOW = new Date("2025-06-10T09:00:00.000Z");
const HOUR_MS = 60 * 60_000;
const hit = (key: string, limit: number): RateLimitHit => ({
  key,
  rule: { limit, windowMs: HOUR_MS },
  amount: 1,
});
const mail = { to: ["yard@acme.co.uk"], subject: "Defect", text: "Tyre" };

describe.each(testDatabases())("rate limits in the caller's transaction, on $name", ({ open }) => {
  const database = useTestDatabase(open, { each: true });
  const hitsOf = async (key: string) =>
    Number(
      (await database().db.selectFrom("rate_limits").select("hits").where("key", "=", key).executeTakeFirst())
        ?.hits ?? 0,
    );

  it("undoes a refused set alone, keeping the rest of the transaction, and counts nothing for a rolled-back one", async () => {
    const { db } = database();
    await hitRateLimits(db, [hit("cap", 1)], NOW);
    const ids: string[] = [];
    const answer = await db.transaction().execute(async (trx) => {
      ids.push(await enqueueMail(trx, mail, NOW));
      // "cap" is full: neither key is counted, and the write before stays.
      const refused = await hitRateLimits(trx, [hit("cap", 1), hit("account", 5)], NOW);
      ids.push(await enqueueMail(trx, mail, NOW));
      return refused;
    });
    expect(answer).toEqual({ allowed: false, retryAfterMs: HOUR_MS });
    expect(await hitsOf("cap")).toBe(1);
    expect(await hitsOf("account")).toBe(0);
    for (const id of ids) expect(await getOutboxMessage(db, id)).toBeDefined();

    await expect(
      db.transaction().execute(async (trx) => {
        expect((await hitRateLimits(trx, [hit("account", 5)], NOW)).allowed).toBe(true);
        throw new Error("the write failed");
      }),
    ).rejects.toThrow("the write failed");
    expect(await hitsOf("account")).toBe(0);
  });
});
