import type { Kysely } from "kysely";
import { describe, expect, it } from "vitest";
import { WEBHOOK_OUTCOMES } from "../../../domain/company/webhook";
import { migrateToLatest } from "../migrate";
import { migrateBefore, testDatabases } from "../test-databases";

describe.each(testDatabases())("migration 019 on $name", ({ open }) => {
  it("rewrites each status line kept before it into the word it means, keeping no socket text", async () => {
    const database = await open({ migrate: false });
    try {
      await migrateBefore(database.db, "019");
      const db = database.db as unknown as Kysely<Record<string, Record<string, unknown>>>;
      const lines: Array<[string | null, string | null, number | null]> = [
        ["HTTP 200 OK", "delivered", 200],
        ["HTTP 204", "delivered", 204],
        ["HTTP 302 Found", "redirected", 302],
        ["HTTP 500 Internal Server Error", "answered", 500],
        ["HTTP 410 Gone", "answered", 410],
        ["no answer within 10 s", "no-answer", null],
        ["address refused", "not-found", null],
        ["webhook removed before delivery", "webhook-removed", null],
        ["fetch failed: connect ECONNREFUSED 127.0.0.1:9445", "could-not-connect", null],
        ["fetch failed: getaddrinfo ENOTFOUND hooks.example.com", "not-found", null],
        ["fetch failed: self-signed certificate", "refused-by-tls", null],
        [
          "fetch failed: Client network socket disconnected before secure TLS connection was established",
          "refused-by-tls",
          null,
        ],
        [null, null, null],
      ];
      const at = "2025-06-20T09:00:00.000Z";
      await db
        .insertInto("webhook_outbox")
        .values(
          lines.map(([line], i) => ({
            id: `d${String(i).padStart(2, "0")}`,
            organisation_id: "o1",
            event: "set.approved",
            body: null,
            status: "failed",
            attempts: 1,
            next_attempt_at: at,
            claimed_by: null,
            claimed_until: null,
            last_status: line,
            created_at: at,
            sent_at: null,
          })),
        )
        .execute();

      await migrateToLatest(database.db);
      const rows = await database.db
        .selectFrom("webhook_outbox")
        .select(["last_status", "last_http_status"])
        .orderBy("id")
        .execute();
      expect(rows.map((r) => [r.last_status, r.last_http_status])).toEqual(
        lines.map(([, outcome, status]) => [outcome, status]),
      );
      for (const row of rows) {
        if (row.last_status !== null) expect(WEBHOOK_OUTCOMES).toContain(row.last_status);
      }
      expect(await database.db.selectFrom("webhook_attempts").selectAll().execute()).toEqual([]);
    } finally {
      await database.close();
    }
  });
});
