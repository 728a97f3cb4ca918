import { type Kysely, sql } from "kysely";
import { describe, expect, it } from "vitest";
import { DEFAULT_HIRE_TERMS } from "../../domain/hire/chargeable-hours";
import { isUniqueViolation } from "./is-unique-violation";
import { MIGRATIONS, migrateToLatest } from "./migrate";
import { findOrganisation } from "./organisations-repository";
import { migrateBefore, testDatabases, useTestDatabase } from "./test-databases";

const TABLES = [
  "accounts",
  "sessions",
  "password_resets",
  "customers",
  "vehicles",
  "forms",
  "images",
  "image_uses",
  "photos",
  "supervisor_approvals",
  "mail_outbox",
  "idempotency_keys",
  "audit_events",
  "organisations",
  "memberships",
  "invites",
  "invite_uses",
];

describe.each(testDatabases())("migrations on $name", ({ open }) => {
  const database = useTestDatabase(open, { each: true });

  it("creates every table the product needs", async () => {
    const tables = (await database().db.introspection.getTables()).map((t) => t.name);
    expect(tables).toEqual(expect.arrayContaining(TABLES));
  });

  it("is idempotent: a second run applies nothing and changes nothing", async () => {
    expect(await migrateToLatest(database().db)).toEqual([]);
    const applied = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(
      database().db,
    );
    expect(applied.rows.map((r) => r.name)).toEqual(Object.keys(MIGRATIONS));
  });

  it("refuses to run when the database has applied a migration the code does not know", async () => {
    await sql`insert into kysely_migration (name, timestamp) values (${"999-from-a-newer-build"}, ${new Date().toISOString()})`.execute(
      database().db,
    );
    await expect(migrateToLatest(database().db)).rejects.toThrow(
      /disagree with the code.*999-from-a-newer-build is missing/,
    );
  });
});

describe.each(testDatabases())("migration 007 on $name", ({ open }) => {
  it("gives each vehicle already listed the check template its type names", async () => {
    const database = await open({ migrate: false });
    try {
      await migrateBefore(database.db, "007");
      const types = [
        "Mini Excavator",
        "360 DIGGER",
        "Site dumper",
        "Telehandler",
        "Twin drum roller",
        "Scissor lift",
        "Generator",
      ];
      const db = database.db as unknown as Kysely<Record<string, Record<string, unknown>>>;
      for (const [i, type] of types.entries()) {
        await db
          .insertInto("vehicles")
          .values({
            qr_code: `QR-${i}`,
            machine_number: "M",
            plant_number: `P-${i}`,
            vehicle_type: type,
            description: "",
          })
          .execute();
      }
      await migrateToLatest(database.db);
      const rows = await database.db
        .selectFrom("vehicles")
        .select(["vehicle_type", "check_template"])
        .orderBy("qr_code")
        .execute();
      expect(rows.map((row) => row.check_template)).toEqual([
        "excavator",
        "excavator",
        "dumper",
        "telehandler",
        "roller",
        "mewp",
        "general-plant",
      ]);
    } finally {
      await database.close();
    }
  });
});

describe.each(testDatabases())("migration 010 on $name", ({ open }) => {
  it("leaves every form, customer and vehicle already stored an individual's, on the shared lists", async () => {
    const database = await open({ migrate: false });
    try {
      await migrateBefore(database.db, "010");
      const db = database.db as unknown as Kysely<Record<string, Record<string, unknown>>>;
      const at = "2025-06-01T08:00:00.000Z";
      await db
        .insertInto("customers")
        .values({ id: "c1", name: "Acme", requires_order_validation: 0 })
        .execute();
      await db
        .insertInto("vehicles")
        .values({
          qr_code: "QR1",
          machine_number: "M",
          plant_number: "P",
          vehicle_type: "Dumper",
          description: "",
        })
        .execute();
      await db
        .insertInto("forms")
        .values({
          id: "f1",
          kind: "timesheet",
          owner_id: null,
          status: "draft",
          data: "{}",
          created_at: at,
          updated_at: at,
        })
        .execute();

      await migrateToLatest(database.db);
      for (const table of ["customers", "vehicles", "forms"] as const) {
        const rows = await database.db.selectFrom(table).select("organisation_id").execute();
        expect(rows, table).toEqual([{ organisation_id: null }]);
      }
    } finally {
      await database.close();
    }
  });

  it("lets an account belong to one organisation at most", async () => {
    const database = await open();
    try {
      const { db } = database;
      const at = "2025-06-01T08:00:00.000Z";
      await db
        .insertInto("accounts")
        .values({
          id: "a1",
          full_name: "Ann",
          email: "a@x.co.uk",
          email_normalized: "a@x.co.uk",
          password_hash: "h",
          created_at: at,
          updated_at: at,
        })
        .execute();
      await db
        .insertInto("organisations")
        .values([
          { id: "o1", name: "One", workshop_email: null, created_at: at },
          { id: "o2", name: "Two", workshop_email: null, created_at: at },
        ])
        .execute();
      await db
        .insertInto("memberships")
        .values({ account_id: "a1", organisation_id: "o1", role: "admin", joined_at: at })
        .execute();
      const second = db
        .insertInto("memberships")
        .values({ account_id: "a1", organisation_id: "o2", role: "driver", joined_at: at })
        .execute();
      await expect(second.catch((e: unknown) => (isUniqueViolation(e) ? "unique" : e))).resolves.toBe(
        "unique",
      );
    } finally {
      await database.close();
    }
  });
});

describe.each(testDatabases())("migration 011 on $name", ({ open }) => {
  it("gives every invitation an id, records the joins made before, and lets a used join code in again", async () => {
    const database = await open({ migrate: false });
    try {
      await migrateBefore(database.db, "011");
      const db = database.db as unknown as Kysely<Record<string, Record<string, unknown>>>;
      const at = "2025-06-01T08:00:00.000Z";
      await db
        .insertInto("organisations")
        .values({ id: "o1", name: "One", workshop_email: null, created_at: at })
        .execute();
      const invite = (tokenHash: string, email: string | null, usedBy: string | null) => ({
        token_hash: tokenHash,
        organisation_id: "o1",
        email,
        role: "driver",
        created_by: "a0",
        created_at: at,
        expires_at: "2025-06-08T08:00:00.000Z",
        used_at: usedBy ? "2025-06-02T08:00:00.000Z" : null,
        used_by: usedBy,
      });
      await db
        .insertInto("invites")
        .values([
          invite("mailed-used", "ann@x.co.uk", "a1"),
          invite("code-used", null, "a2"),
          invite("code-unused", null, null),
        ])
        .execute();

      await migrateToLatest(database.db);
      const rows = await database.db
        .selectFrom("invites")
        .select(["token_hash", "id", "used_at", "used_by", "revoked_at"])
        .orderBy("token_hash")
        .execute();
      expect(rows.map((r) => [r.token_hash, r.used_by, r.revoked_at])).toEqual([
        ["code-unused", null, null],
        ["code-used", null, null],
        ["mailed-used", "a1", null],
      ]);
      expect(new Set(rows.map((r) => r.id)).size).toBe(3);
      for (const row of rows) expect(row.id).toMatch(/^[0-9a-f-]{36}$/);
      const uses = await database.db.selectFrom("invite_uses").selectAll().orderBy("token_hash").execute();
      expect(uses).toEqual([
        { token_hash: "code-used", account_id: "a2", joined_at: "2025-06-02T08:00:00.000Z" },
        { token_hash: "mailed-used", account_id: "a1", joined_at: "2025-06-02T08:00:00.000Z" },
      ]);
    } finally {
      await database.close();
    }
  });
});

describe.each(testDatabases())("migration 020 on $name", ({ open }) => {
  it("revokes the join codes still open for a supervisor or an admin, and nothing else", async () => {
    const database = await open({ migrate: false });
    try {
      await migrateBefore(database.db, "020");
      const db = database.db as unknown as Kysely<Record<string, Record<string, unknown>>>;
      const at = "2025-06-01T08:00:00.000Z";
      const earlier = "2025-06-01T09:00:00.000Z";
      await db
        .insertInto("organisations")
        .values({ id: "o1", name: "One", workshop_email: null, created_at: at })
        .execute();
      const invite = (id: string, email: string | null, role: string, revokedAt: string | null = null) => ({
        token_hash: `hash-${id}`,
        id,
        organisation_id: "o1",
        email,
        role,
        created_by: "a0",
        created_at: at,
        expires_at: "2025-06-08T08:00:00.000Z",
        used_at: null,
        used_by: null,
        revoked_at: revokedAt,
        revoked_by: revokedAt ? "a0" : null,
      });
      await db
        .insertInto("invites")
        .values([
          invite("code-admin", null, "admin"),
          invite("code-supervisor", null, "supervisor"),
          invite("code-driver", null, "driver"),
          invite("code-admin-revoked", null, "admin", earlier),
          invite("mailed-admin", "ann@x.co.uk", "admin"),
        ])
        .execute();

      await migrateToLatest(database.db);
      const rows = await database.db
        .selectFrom("invites")
        .select(["id", "role", "revoked_at", "revoked_by"])
        .orderBy("id")
        .execute();
      const revoked = (id: string) => rows.find((r) => r.id === id);
      for (const id of ["code-admin", "code-supervisor"]) {
        expect(revoked(id)?.revoked_at, id).toMatch(/^\d{4}-\d\d-\d\dT/);
        expect(revoked(id)?.revoked_by, id).toBeNull();
      }
      expect(revoked("code-driver")).toMatchObject({ revoked_at: null, role: "driver" });
      expect(revoked("code-admin-revoked")).toMatchObject({ revoked_at: earlier, revoked_by: "a0" });
      expect(revoked("mailed-admin")).toMatchObject({ revoked_at: null, role: "admin" });
    } finally {
      await database.close();
    }
  });

  it("keeps every failed-login count, each beginning at its last failure", async () => {
    const database = await open({ migrate: false });
    try {
      await migrateBefore(database.db, "020");
      const db = database.db as unknown as Kysely<Record<string, Record<string, unknown>>>;
      const counts = Array.from({ length: 1203 }, (_, i) => ({
        key: `login:address:10.0.${i >> 8}.${i & 255}`,
        failures: (i % 120) + 1,
        last_failure_at: new Date(Date.UTC(2025, 5, 1, 8, 0, i)).toISOString(),
      }));
      for (let i = 0; i < counts.length; i += 400) {
        await db
          .insertInto("login_failures")
          .values(counts.slice(i, i + 400))
          .execute();
      }

      await migrateToLatest(database.db);
      const rows = await database.db.selectFrom("login_failures").selectAll().execute();
      expect(rows.sort((a, b) => (a.key < b.key ? -1 : 1))).toEqual(
        counts
          .map((c) => ({ ...c, first_failure_at: c.last_failure_at }))
          .sort((a, b) => (a.key < b.key ? -1 : 1)),
      );
    } finally {
      await database.close();
    }
  });

  it("keeps the sign-ups waiting for their link, without the password hashes chosen at sign-up", async () => {
    const database = await open({ migrate: false });
    try {
      await migrateBefore(database.db, "020");
      const db = database.db as unknown as Kysely<Record<string, Record<string, unknown>>>;
      const waiting = {
        token_hash: "hash-of-a-link",
        full_name: "Dave Digger",
        email: "Dave@Haulage.co.uk",
        email_normalized: "dave@haulage.co.uk",
        created_at: "2025-06-01T08:00:00.000Z",
        expires_at: "2025-06-02T08:00:00.000Z",
      };
      await db
        .insertInto("pending_registrations")
        .values({ ...waiting, password_hash: "$argon2id$v=19$chosen-by-whoever-signed-up" })
        .execute();

      await migrateToLatest(database.db);
      // 029 adds the language a sign-up was made in: English (null) for the ones already waiting.
      expect(await database.db.selectFrom("pending_registrations").selectAll().execute()).toEqual([
        { ...waiting, language: null },
      ]);
    } finally {
      await database.close();
    }
  });
});

describe.each(testDatabases())("migration 030 on $name", ({ open }) => {
  it("keeps every company already stored, each in English (no language) until its admin picks one", async () => {
    const database = await open({ migrate: false });
    try {
      await migrateBefore(database.db, "030");
      const db = database.db as unknown as Kysely<Record<string, Record<string, unknown>>>;
      const company = { id: "o1", name: "Łukasz Haulage", created_at: "2025-06-01T08:00:00.000Z" };
      await db.insertInto("organisations").values(company).execute();

      await migrateToLatest(database.db);
      const rows = await database.db.selectFrom("organisations").select(["id", "name", "language"]).execute();
      expect(rows).toEqual([{ id: "o1", name: "Łukasz Haulage", language: null }]);
    } finally {
      await database.close();
    }
  });
});

describe.each(testDatabases())("migration 032 on $name", ({ open }) => {
  it("keeps every company already stored, each on the default hire terms (none kept) until its admin sets its own", async () => {
    const database = await open({ migrate: false });
    try {
      await migrateBefore(database.db, "032");
      const db = database.db as unknown as Kysely<Record<string, Record<string, unknown>>>;
      const company = {
        id: "o1",
        name: "Łukasz Haulage",
        created_at: "2025-06-01T08:00:00.000Z",
        language: "pl",
      };
      await db.insertInto("organisations").values(company).execute();

      await migrateToLatest(database.db);
      const rows = await database.db
        .selectFrom("organisations")
        .select(["id", "name", "language", "hire_terms"])
        .execute();
      expect(rows).toEqual([{ id: "o1", name: "Łukasz Haulage", language: "pl", hire_terms: null }]);
      expect((await findOrganisation(database.db, "o1"))?.hireTerms).toEqual(DEFAULT_HIRE_TERMS);
    } finally {
      await database.close();
    }
  });
});
