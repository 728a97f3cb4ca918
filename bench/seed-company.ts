import { realpathSync } from "node:fs";
import { tmpdir } from "node:os";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { type Insertable, type Kysely, sql } from "kysely";
import { emptyCheckSheet } from "../src/domain/checks/check-sheet";
import type { CheckTemplateId } from "../src/domain/forms/check-templates";
import { checkTemplateOf } from "../src/domain/forms/check-templates";
import { listedValues } from "../src/domain/forms/form-spec";
import { FORM_SPECS } from "../src/domain/forms/form-specs";
import { DEFAULT_HIRE_TERMS, type HireTerms } from "../src/domain/hire/chargeable-hours";
import { type DayKinds, emptyHireDays } from "../src/domain/hire/day-kinds";
import { recomputeHoursInPlace } from "../src/domain/hours/hours";
import { emptyTimesheet, withWorkedHoursInPlace } from "../src/domain/hours/timesheet";
import { addDays } from "../src/domain/time/iso-date";
import { hashPassword } from "../src/server/auth/password-hash";
import { openDatabase } from "../src/server/db/database";
import { reviewKeyColumns } from "../src/server/db/forms-repository";
import { migrateToLatest } from "../src/server/db/migrate";
import type { DB, FormStatus, FormsTable } from "../src/server/db/schema";
import { signedTimesheet } from "../src/server/pdf/pdf-fixtures";
import { SIGNATURE_FIELDS, separateImages } from "../src/server/services/form-images";

/**
 * A company's year on PostgreSQL: one organisation with one admin and 500 drivers, a fleet of 500 machines, 20
 * customers, and for each driver 52 weekly timesheets (Monday to Friday, now and then a Saturday morning) and 260
 * check sheets (26,000 and 130,000). Each timesheet has its hours by kind, as the app saves them: mostly worked,
 * with standing, breakdown and travel hours on some days, under one of a few hire terms (overtime after 9 hours,
 * travel charged, or the defaults), so the invoice lines have every category to add up.
 * Deterministic (a seeded generator, fixed dates) and repeatable: the database `plant_sheets_bench` is dropped and
 * made anew on the server of the URL given, which is never the tests' database.
 *
 *   npx tsx bench/seed-company.ts [postgres://user@host:5432/plant_sheets_bench]
 *
 * Rows go in as multi-row inserts straight through Kysely, with the JSON built from the domain's empty forms so it
 * is shaped as the app stores it (signatures as stored images, listed columns as `listedValues` gives them).
 */

export const BENCH_DATABASE_NAME = "plant_sheets_bench";
export const DEFAULT_BENCH_DATABASE_URL = `postgres://postgres@127.0.0.1:5432/${BENCH_DATABASE_NAME}`;

/** The last week ending of the year seeded (a Saturday); the year runs back 52 weeks from it. */
export const COMPANY_LAST_WEEK_ENDING = "2026-11-21";
export const COMPANY_FIRST_DAY = addDays(COMPANY_LAST_WEEK_ENDING, -364) as string;
export const COMPANY_DRIVERS = 500;
export const COMPANY_WEEKS = 52;
export const COMPANY_ADMIN_EMAIL = "office@northfield-plant.example";
export const COMPANY_ADMIN_PASSWORD = "bench-office-password-1";
const ORGANISATION_NAME = "Northfield Plant Hire Ltd";
const SEED = 20261121;
/**
 * The hours by kind draw from a stream of their own, so the rest of the year (who, which machine, which weeks are
 * approved, the times) is the same as before they were seeded.
 */
const KINDS_SEED = 20261122;
/** The hire terms the timesheets are charged under, a driver's the same all year. */
const BENCH_TERMS: readonly HireTerms[] = [
  DEFAULT_HIRE_TERMS,
  DEFAULT_HIRE_TERMS,
  { ...DEFAULT_HIRE_TERMS, overtimeAfter: 9 },
  { ...DEFAULT_HIRE_TERMS, overtimeAfter: 9, chargeTravel: true },
];
/** Rows per INSERT: about 20 parameters a form keeps each statement well under PostgreSQL's 65,535. */
const BATCH = 500;
/** Inserts in flight at once (the pool's connections). */
const PARALLEL = 4;

export interface CompanySeed {
  databaseUrl: string;
  organisationId: string;
  adminEmail: string;
  adminPassword: string;
  /** A driver's full name and a plant number that are in the data, for the filtered pages. */
  sampleDriverName: string;
  samplePlantNumber: string;
  timesheets: number;
  checkSheets: number;
  ms: number;
}

/** mulberry32: small, fast and the same on every machine. */
function generator(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (below: number) => Math.floor(next() * below);
  const pick = <T>(items: readonly T[]): T => items[int(items.length)]!;
  const hex = (digits: number) => {
    let out = "";
    for (let i = 0; i < digits; i++) out += int(16).toString(16);
    return out;
  };
  /** A version-4-shaped UUID, as the app's clients make, from the seeded stream. */
  const uuid = () => `${hex(8)}-${hex(4)}-4${hex(3)}-${"89ab"[int(4)]}${hex(3)}-${hex(12)}`;
  return { next, int, pick, uuid };
}

const FIRST_NAMES = [
  "James",
  "Oliver",
  "Harry",
  "Jack",
  "George",
  "Noah",
  "Charlie",
  "Jacob",
  "Alfie",
  "Freddie",
  "Thomas",
  "Oscar",
  "William",
  "Leo",
  "Archie",
  "Joshua",
  "Henry",
  "Ethan",
  "Daniel",
  "Samuel",
  "Amelia",
  "Olivia",
  "Emily",
  "Jessica",
  "Sophie",
] as const;
const LAST_NAMES = [
  "Smith",
  "Jones",
  "Taylor",
  "Brown",
  "Williams",
  "Wilson",
  "Johnson",
  "Davies",
  "Robinson",
  "Wright",
  "Thompson",
  "Evans",
  "Walker",
  "White",
  "Roberts",
  "Green",
  "Hall",
  "Wood",
  "Jackson",
  "Clarke",
] as const;
const MACHINES: ReadonlyArray<{ machine: string; type: string; template: CheckTemplateId; prefix: string }> =
  [
    { machine: "CAT 320 GC", type: "Excavator", template: "excavator", prefix: "EX" },
    { machine: "Kubota KX030-4", type: "Mini Excavator", template: "excavator", prefix: "MEX" },
    { machine: "Thwaites 9T", type: "Dumper", template: "dumper", prefix: "DMP" },
    { machine: "BOMAG BW 120 AD-5", type: "Roller", template: "roller", prefix: "RLR" },
    { machine: "JCB 540-140", type: "Telehandler", template: "telehandler", prefix: "TH" },
    { machine: "Genie GS-1932", type: "Scissor Lift", template: "mewp", prefix: "MEWP" },
    { machine: "Bobcat S450", type: "Skid Steer", template: "skid-steer", prefix: "SS" },
    { machine: "JCB 3CX", type: "Backhoe Loader", template: "general-plant", prefix: "BH" },
  ];
const SITES = [
  "Riverside Depot, Leeds LS10 1AB",
  "Plot 12, Kingsway Business Park, Rochdale",
  "A628 Woodhead Pass roadworks",
  "Station Road, Wakefield WF1 1QX",
  "New school, Bradford BD7 2AA",
  "Canal Wharf, Huddersfield HD1 3LD",
  "Hospital car park, Harrogate HG2 7SX",
  "M62 J25 widening",
  "Housing site, Barnsley S70 4HF",
  "Water main, Halifax HX1 2TT",
];
const WORK = [
  "Bulk dig, plot 4",
  "Trenching for drainage",
  "Loading muck away wagons",
  "Backfilling services",
  "Site strip",
  "Moving aggregate",
  "Compaction of sub-base",
  "Lifting blocks to scaffold",
];
const DEFECT_NOTES = [
  "Hydraulic hose weeping at the boom ram",
  "Reversing alarm not sounding",
  "Cracked mirror glass, nearside",
  "Seat belt buckle not latching",
  "Beacon not working",
];

interface Driver {
  id: string;
  name: string;
  email: string;
  vehicle: Vehicle;
}
interface Vehicle {
  qrCode: string;
  plantNumber: string;
  machine: (typeof MACHINES)[number];
}
interface Customer {
  id: string;
  name: string;
}

/** The URL of the `postgres` maintenance database on the same server, to drop and create the bench's from. */
function maintenanceUrl(databaseUrl: string): string {
  const url = new URL(databaseUrl);
  url.pathname = "/postgres";
  return url.toString();
}

/** The bench's own database, `plant_sheets_bench`, on the server of `serverUrl` whatever database that names. */
export function benchDatabaseUrl(serverUrl: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${BENCH_DATABASE_NAME}`;
  return url.toString();
}

/** Drops and creates `plant_sheets_bench` on the server of `databaseUrl`. */
async function recreateDatabase(databaseUrl: string): Promise<void> {
  const admin = await openDatabase({
    databaseUrl: maintenanceUrl(databaseUrl),
    dataDir: tmpdir(),
    maxConnections: 1,
  });
  try {
    await sql`drop database if exists ${sql.id(BENCH_DATABASE_NAME)} with (force)`.execute(admin.db);
    await sql`create database ${sql.id(BENCH_DATABASE_NAME)}`.execute(admin.db);
  } finally {
    await admin.close();
  }
}

/** Runs `insert` over `rows` in batches, a few at once. */
async function insertBatches<T>(rows: readonly T[], insert: (batch: T[]) => Promise<unknown>): Promise<void> {
  let next = 0;
  const worker = async () => {
    for (;;) {
      const start = next;
      next += BATCH;
      if (start >= rows.length) return;
      await insert(rows.slice(start, start + BATCH));
    }
  };
  await Promise.all(Array.from({ length: PARALLEL }, worker));
}

/** "07:00" plus minutes, as a form's time field. */
function clock(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
}

/** The moment `minutes` after midnight UTC on an ISO date. */
function at(isoDate: string, minutes: number): string {
  return new Date(Date.parse(`${isoDate}T00:00:00.000Z`) + minutes * 60_000).toISOString();
}

type FormRow = Insertable<FormsTable>;

/**
 * Seeds the company's year into a fresh `plant_sheets_bench` database and answers what the bench needs to know of
 * it. Takes about a minute on a 2-core machine.
 */
export async function seedCompany(serverUrl = DEFAULT_BENCH_DATABASE_URL): Promise<CompanySeed> {
  const started = performance.now();
  const databaseUrl = benchDatabaseUrl(serverUrl);
  await recreateDatabase(databaseUrl);
  const database = await openDatabase({ databaseUrl, dataDir: tmpdir(), maxConnections: PARALLEL });
  const db: Kysely<DB> = database.db;
  try {
    await migrateToLatest(db);
    const random = generator(SEED);
    const kinds = generator(KINDS_SEED);

    // The company, its admin, its drivers and their memberships.
    const organisationId = random.uuid();
    await db
      .insertInto("organisations")
      .values({
        id: organisationId,
        name: ORGANISATION_NAME,
        workshop_email: null,
        created_at: at(COMPANY_FIRST_DAY, 0),
      })
      .execute();
    const adminId = random.uuid();
    // One real hash for the admin (signed in through the login route), one shared by the drivers (never signed in).
    const [adminHash, driverHash] = await Promise.all([
      hashPassword(COMPANY_ADMIN_PASSWORD),
      hashPassword("bench-driver-password-1"),
    ]);

    const vehicles: Vehicle[] = Array.from({ length: COMPANY_DRIVERS }, (_, i) => {
      const machine = MACHINES[i % MACHINES.length]!;
      const plantNumber = `${machine.prefix}-${String(i + 1).padStart(4, "0")}`;
      return { qrCode: `NORTHFIELD-${plantNumber}`, plantNumber, machine };
    });
    const drivers: Driver[] = Array.from({ length: COMPANY_DRIVERS }, (_, i) => {
      const name = `${FIRST_NAMES[i % FIRST_NAMES.length]} ${LAST_NAMES[Math.floor(i / FIRST_NAMES.length) % LAST_NAMES.length]}`;
      return {
        id: random.uuid(),
        name,
        email: `driver${String(i + 1).padStart(3, "0")}@northfield-plant.example`,
        vehicle: vehicles[i]!,
      };
    });
    const customers: Customer[] = Array.from({ length: 20 }, (_, i) => ({
      id: `northfield-customer-${String(i + 1).padStart(2, "0")}`,
      name: `${LAST_NAMES[i]} ${["Groundworks", "Civils", "Construction", "Homes"][i % 4]} Ltd`,
    }));

    const created = at(COMPANY_FIRST_DAY, -30 * 24 * 60);
    const accounts = [
      { id: adminId, fullName: "Olivia Office", email: COMPANY_ADMIN_EMAIL, hash: adminHash },
      ...drivers.map((d) => ({ id: d.id, fullName: d.name, email: d.email, hash: driverHash })),
    ];
    await insertBatches(accounts, (batch) =>
      db
        .insertInto("accounts")
        .values(
          batch.map((a) => ({
            id: a.id,
            full_name: a.fullName,
            email: a.email,
            email_normalized: a.email.toLowerCase(),
            password_hash: a.hash,
            created_at: created,
            updated_at: created,
          })),
        )
        .execute(),
    );
    await insertBatches(accounts, (batch) =>
      db
        .insertInto("memberships")
        .values(
          batch.map((a) => ({
            account_id: a.id,
            organisation_id: organisationId,
            role: a.id === adminId ? ("admin" as const) : ("driver" as const),
            joined_at: created,
          })),
        )
        .execute(),
    );
    await db
      .insertInto("customers")
      .values(
        customers.map((c, i) => ({
          ...c,
          requires_order_validation: i % 3 === 0 ? 1 : 0,
          organisation_id: organisationId,
        })),
      )
      .execute();
    await insertBatches(vehicles, (batch) =>
      db
        .insertInto("vehicles")
        .values(
          batch.map((v) => ({
            qr_code: v.qrCode,
            machine_number: v.machine.machine,
            plant_number: v.plantNumber,
            vehicle_type: v.machine.type,
            description: `${v.machine.type} of the Northfield fleet`,
            check_template: v.machine.template,
            organisation_id: organisationId,
          })),
        )
        .execute(),
    );

    // Every submitted form carries the driver's and the client's signatures as stored images, as the app keeps them.
    const signed = separateImages(signedTimesheet(), SIGNATURE_FIELDS);
    await db
      .insertInto("images")
      .values(
        signed.images.map(({ id, bytes }) => ({
          id,
          content_type: "image/png",
          bytes,
          byte_length: bytes.length,
          created_at: created,
        })),
      )
      .onConflict((oc) => oc.column("id").doNothing())
      .execute();
    const operatorSignature = signed.form.operatorSignature;
    const clientSignature = signed.form.clientSignature;
    const imageIds = [...new Set(signed.images.map((image) => image.id))];

    let timesheets = 0;
    let checkSheets = 0;
    let rows: FormRow[] = [];
    let uses: Array<{ holder_id: string; image_id: string }> = [];
    const flush = async () => {
      const [forms, held] = [rows, uses];
      rows = [];
      uses = [];
      await insertBatches(forms, (batch) => db.insertInto("forms").values(batch).execute());
      await insertBatches(held, (batch) => db.insertInto("image_uses").values(batch).execute());
    };

    for (let week = COMPANY_WEEKS - 1; week >= 0; week--) {
      const weekEnding = addDays(COMPANY_LAST_WEEK_ENDING, -7 * week) as string;
      const monday = addDays(weekEnding, -5) as string;
      for (const [index, driver] of drivers.entries()) {
        // The newest weeks are still with the office; older ones mostly approved; a few of the newest are drafts.
        const roll = random.next();
        const draft = week === 0 && roll < 0.08;
        const approved = !draft && week >= 2 && roll < (week >= 8 ? 0.85 : 0.4);
        const status: FormStatus = draft ? "draft" : "ready_for_approval";
        const customer = customers[(index + Math.floor(week / 6)) % customers.length]!;
        const site = SITES[(index * 7 + Math.floor(week / 4)) % SITES.length]!;
        const orderNumber = `PO-${20000 + ((index * 13 + week) % 9000)}`;
        const vehicle = random.next() < 0.05 ? random.pick(vehicles) : driver.vehicle;
        const submittedAt = draft ? null : at(weekEnding, 17 * 60 + random.int(120));
        const approvedAt = approved ? at(addDays(weekEnding, 2) as string, 9 * 60 + random.int(360)) : null;
        const signatures = draft
          ? {}
          : {
              operatorSignature,
              operatorSignedAt: submittedAt!,
              operatorSignedName: driver.name,
              clientSignature,
              clientSignedAt: submittedAt!,
              clientSignedName: `${random.pick(FIRST_NAMES)} ${customer.name.split(" ")[0]}`,
              signatureDate: weekEnding,
            };
        const common = {
          company: ORGANISATION_NAME,
          siteLocation: site,
          clientCompany: customer.name,
          driverSignedName: driver.name,
          customerId: customer.id,
          orderNumber,
          machineNumber: vehicle.machine.machine,
          plantNumber: vehicle.plantNumber,
        };
        const review = {
          review_approved_at: approvedAt,
          review_approved_by: approved ? adminId : null,
          review_rating: approved ? (random.next() < 0.9 ? "happy" : "okay") : null,
        };

        // The timesheet: Monday to Friday worked, the weekend blank but for a Saturday morning now and then; each
        // day's hours by kind: an hour standing where the driver wrote so, now and then a breakdown of up to four
        // hours or half an hour's travel; the rest worked.
        const days: Record<string, unknown> = {};
        const hireDays = emptyHireDays();
        for (const [d, day] of (
          ["monday", "tuesday", "wednesday", "thursday", "friday"] as const
        ).entries()) {
          if (draft && d > 2) break;
          const start = 6 * 60 + 30 + 15 * random.int(4);
          days[`${day}Start`] = clock(start);
          days[`${day}Finish`] = clock(start + 8 * 60 + 15 * random.int(12));
          days[`${day}Break`] = random.pick([30, 30, 45, 60]);
          days[`${day}Working`] = random.pick(WORK);
          const dayKinds: Partial<DayKinds> = {};
          if (random.next() < 0.05) {
            days[`${day}Standing`] = "1h waiting for banksman";
            Object.assign(dayKinds, { standing: 1, standingReason: "clientInstruction" });
          }
          if (kinds.next() < 0.04) {
            Object.assign(dayKinds, { breakdown: 1 + kinds.int(13) / 4, breakdownReason: "hydraulics" });
          }
          if (kinds.next() < 0.1) dayKinds.travel = 0.5;
          hireDays[day] = { ...hireDays[day], ...dayKinds };
        }
        if (!draft && kinds.next() < 0.05) {
          days.saturdayStart = "07:00";
          days.saturdayFinish = "12:00";
          days.saturdayBreak = 0;
          days.saturdayWorking = kinds.pick(WORK);
        }
        const timesheet = withWorkedHoursInPlace(
          recomputeHoursInPlace({
            ...emptyTimesheet(),
            ...common,
            ...signatures,
            ...days,
            hireDays,
            hireTerms: BENCH_TERMS[index % BENCH_TERMS.length]!,
            status,
            weekEnding,
            machineHours: String(1000 + week * 40 + random.int(40)),
            vanMileage: "",
          }),
        );
        const timesheetId = random.uuid();
        const listed = listedValues(FORM_SPECS.timesheet, timesheet);
        rows.push({
          id: timesheetId,
          kind: "timesheet",
          owner_id: driver.id,
          organisation_id: organisationId,
          status,
          driver_signed_name: listed.driverSignedName,
          plant_number: listed.plantNumber,
          customer_id: listed.customerId,
          order_number: listed.orderNumber,
          form_date: listed.date,
          view_token: null,
          data: JSON.stringify(timesheet),
          ...reviewKeyColumns(timesheet),
          created_at: at(monday, 6 * 60 + 30),
          updated_at: submittedAt ?? at(addDays(monday, 2) as string, 17 * 60),
          submitted_at: submittedAt,
          completed_at: null,
          ...review,
        });
        if (!draft) for (const image_id of imageIds) uses.push({ holder_id: timesheetId, image_id });
        timesheets++;

        // A check sheet each weekday, about 3% with a defect.
        const template = checkTemplateOf({ checkTemplate: vehicle.machine.template });
        for (let d = 0; d < 5; d++) {
          const checkDate = addDays(monday, d) as string;
          const sheet = emptyCheckSheet(checkDate, vehicle.machine.template);
          const items: Record<string, boolean> = {};
          for (const key of Object.keys(sheet)) {
            if ((sheet as Record<string, unknown>)[key] === null && key !== "submittedAt") items[key] = true;
          }
          const defect = random.next() < 0.03;
          if (defect) items[random.pick(template.items.map((item) => item.field))] = false;
          const sheetDraft = draft && d >= 2;
          const sheetSubmitted = sheetDraft ? null : at(checkDate, 7 * 60 + random.int(30));
          const checkSheet = {
            ...sheet,
            ...common,
            ...(sheetDraft
              ? {}
              : { ...signatures, operatorSignedAt: sheetSubmitted!, clientSignedAt: sheetSubmitted! }),
            ...items,
            onHireTo: customer.name,
            status: sheetDraft ? ("draft" as const) : ("ready_for_approval" as const),
            defectsNotes: defect ? random.pick(DEFECT_NOTES) : "",
            fuelLevel: random.pick(["Full", "3/4", "1/2", "1/4"]),
            hydraulicOilLevel: "OK",
            engineOilLevel: "OK",
            coolantLevel: "OK",
            submittedAt: sheetSubmitted,
          };
          const id = random.uuid();
          const sheetListed = listedValues(FORM_SPECS["check-sheet"], checkSheet);
          rows.push({
            id,
            kind: "check-sheet",
            owner_id: driver.id,
            organisation_id: organisationId,
            status: checkSheet.status,
            driver_signed_name: sheetListed.driverSignedName,
            plant_number: sheetListed.plantNumber,
            customer_id: sheetListed.customerId,
            order_number: sheetListed.orderNumber,
            form_date: sheetListed.date,
            view_token: null,
            data: JSON.stringify(checkSheet),
            ...reviewKeyColumns(checkSheet),
            created_at: at(checkDate, 6 * 60 + 45),
            updated_at: sheetSubmitted ?? at(checkDate, 7 * 60),
            submitted_at: sheetSubmitted,
            completed_at: null,
            ...review,
          });
          if (!sheetDraft) for (const image_id of imageIds) uses.push({ holder_id: id, image_id });
          checkSheets++;
        }
      }
      // A few weeks at a time, so the JSON of a whole year is never held at once.
      if (week % 4 === 0) await flush();
    }
    await flush();
    await sql`analyze`.execute(db);
    const sample = drivers[137]!;
    return {
      databaseUrl,
      organisationId,
      adminEmail: COMPANY_ADMIN_EMAIL,
      adminPassword: COMPANY_ADMIN_PASSWORD,
      sampleDriverName: sample.name,
      samplePlantNumber: drivers[311]!.vehicle.plantNumber,
      timesheets,
      checkSheets,
      ms: performance.now() - started,
    };
  } finally {
    await database.close();
  }
}

const runDirectly =
  process.argv[1] !== undefined && realpathSync(process.argv[1]) === fileURLToPath(import.meta.url);
if (runDirectly) {
  const databaseUrl = process.argv[2] ?? process.env.BENCH_DATABASE_URL ?? DEFAULT_BENCH_DATABASE_URL;
  const seeded = await seedCompany(databaseUrl);
  console.info(
    `Seeded ${seeded.timesheets} timesheets and ${seeded.checkSheets} check sheets of organisation ${seeded.organisationId} in ${(seeded.ms / 1000).toFixed(1)} s`,
  );
}
