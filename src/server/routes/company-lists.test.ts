import { setTimeout as sleep } from "node:timers/promises";
import { parse } from "csv-parse/sync";
import { beforeEach, describe, expect, it } from "vitest";
import type { FleetResponse } from "../../domain/checks/vehicle-defects";
import type { CompanyCustomersResponse } from "../../domain/company/company-lists";
import {
  CUSTOMER_IMPORT,
  FLEET_IMPORT,
  type ImportPreview,
  MAX_IMPORT_BYTES,
} from "../../domain/company/list-import";
import { companyMessages } from "../../domain/text/company-messages";
import { english } from "../../domain/text/i18n/english";
import { lockOrganisation } from "../db/organisations-repository";
import { SAMPLE_CUSTOMERS, SAMPLE_VEHICLES, seedSampleData } from "../db/seed";
import { testDatabases } from "../db/test-databases";
import { signedCheckSheet } from "../pdf/pdf-fixtures";
import { databaseSnapshot } from "../test-support/database-snapshot";
import { type Company, organisationHelpers, type Person } from "../test-support/organisation-world";
import { signedWeek } from "../test-support/signed-week";
import { useTestApp } from "../test-support/test-app";

const NOW = new Date("2025-06-20T09:00:00.000Z");
const SHARED = SAMPLE_VEHICLES[0]!;

describe.each(testDatabases())("the company's own machines and customers on $name", ({ open }) => {
  const testApp = useTestApp(open, { now: () => NOW, prepare: seedSampleData });
  const { call, postCsv, createDraft } = testApp;
  const { company, member } = organisationHelpers(testApp);
  const snapshot = () => databaseSnapshot(testApp.database, { except: ["rate_limits"] });
  // QR codes are unique across every company's fleet, and the tests share a database: each test's own.
  let tests = 0;
  let P = "";
  beforeEach(() => {
    tests += 1;
    P = `T${tests}`;
  });

  const vehiclesUrl = (of: Company, qrCode = "") =>
    `/api/organisations/${of.id}/vehicles${qrCode === "" ? "" : `/${encodeURIComponent(qrCode)}`}`;
  const addVehicle = async (of: Company, fields: { qrCode: string; plantNumber: string }) => {
    const res = await call("POST", vehiclesUrl(of), of.admin.cookie, {
      checkTemplate: "excavator",
      ...fields,
    });
    expect(res.statusCode, res.body).toBe(201);
  };
  const editVehicle = (of: Company, who: Person, qrCode: string, body: object) =>
    call("PUT", vehiclesUrl(of, qrCode), who.cookie, { checkTemplate: "excavator", ...body });
  const retireVehicle = (of: Company, who: Person, qrCode: string, retired: boolean) =>
    call("PUT", `${vehiclesUrl(of, qrCode)}/retired`, who.cookie, { retired });
  const fleet = async (of: Company, who: Person = of.admin) => {
    const res = await call("GET", `/api/organisations/${of.id}/fleet`, who.cookie);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as FleetResponse;
  };
  const scannable = async (who: Person) =>
    ((await call("GET", "/api/vehicles", who.cookie)).json() as Array<{ qrCode: string }>).map(
      (v) => v.qrCode,
    );

  const customersUrl = (of: Company, id = "") =>
    `/api/organisations/${of.id}/customers${id === "" ? "" : `/${id}`}`;
  const addCustomer = async (of: Company, name: string, requiresOrderValidation = false) => {
    const res = await call("POST", customersUrl(of), of.admin.cookie, { name, requiresOrderValidation });
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as { id: string }).id;
  };
  const companyCustomers = async (of: Company) => {
    const res = await call("GET", customersUrl(of), of.admin.cookie);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as CompanyCustomersResponse;
  };
  const pickable = async (who: Person) =>
    ((await call("GET", "/api/customers", who.cookie)).json() as Array<{ name: string }>).map((c) => c.name);

  const preview = async (
    of: Company,
    path: "vehicles" | "customers",
    file: string | Buffer,
    who = of.admin,
  ) => postCsv(`/api/organisations/${of.id}/${path}/import/preview`, who.cookie, file);
  const save = (
    of: Company,
    path: "vehicles" | "customers",
    file: string | Buffer,
    fingerprint: string,
    who = of.admin,
  ) => postCsv(`/api/organisations/${of.id}/${path}/import?expect=${fingerprint}`, who.cookie, file);
  const previewOf = async (of: Company, path: "vehicles" | "customers", file: string | Buffer) => {
    const res = await preview(of, path, file);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as ImportPreview;
  };

  it("removes the samples in one tap: the company's drivers then see only its own entries, everyone else still the samples", async () => {
    const acme = await company();
    const dave = await member(acme, "driver");
    const supervisor = await member(acme, "supervisor");
    const other = await company("Bolton Plant Ltd");
    expect(await pickable(dave)).toEqual(SAMPLE_CUSTOMERS.map((c) => c.name).sort());
    expect((await companyCustomers(acme)).ownList).toBe(false);

    // Only an admin, only of their own company; a refused tap changes nothing.
    const before = await snapshot();
    expect(
      (await call("DELETE", `/api/organisations/${acme.id}/samples`, supervisor.cookie)).statusCode,
    ).toBe(403);
    expect((await call("DELETE", `/api/organisations/${acme.id}/samples`, dave.cookie)).statusCode).toBe(403);
    expect(
      (await call("DELETE", `/api/organisations/${acme.id}/samples`, other.admin.cookie)).statusCode,
    ).toBe(404);
    expect((await call("DELETE", `/api/organisations/${acme.id}/samples`)).statusCode).toBe(401);
    expect(await snapshot()).toEqual(before);

    expect(
      (await call("DELETE", `/api/organisations/${acme.id}/samples`, acme.admin.cookie)).statusCode,
    ).toBe(204);
    expect(await pickable(dave)).toEqual([]);
    expect(await scannable(dave)).toEqual([]);
    expect(await companyCustomers(acme)).toEqual({ ownList: true, customers: [] });
    expect(await fleet(acme)).toMatchObject({ ownFleet: true, vehicles: [] });
    // Done again, nothing changes; the other company still has the samples.
    expect(
      (await call("DELETE", `/api/organisations/${acme.id}/samples`, acme.admin.cookie)).statusCode,
    ).toBe(204);
    expect(await scannable(other.admin)).toContain(SHARED.qrCode);

    await addCustomer(acme, "Leeds Civils Ltd");
    expect(await pickable(dave)).toEqual(["Leeds Civils Ltd"]);
  });

  it("lets an admin edit a machine by the rules of adding one, refusing a code or plant number another machine has", async () => {
    const acme = await company();
    const dave = await member(acme, "driver");
    await addVehicle(acme, { qrCode: `${P}ACME-1`, plantNumber: "AX-1" });
    await addVehicle(acme, { qrCode: `${P}ACME-2`, plantNumber: "AX-2" });
    // A defect Dave reports on AX-1 is the machine's history.
    await createDraft("check-sheets", dave.cookie, {
      ...signedCheckSheet("2025-06-19", { plantNumber: "AX-1", photos: [] }),
      status: "ready_for_approval",
    });

    const before = await snapshot();
    const refused: Array<[object, number, string?]> = [
      [{ qrCode: `${P}ACME-1`, plantNumber: " " }, 400, "plantNumber: Please enter the plant number."],
      [
        { qrCode: `${P}ACME-1`, plantNumber: "AX\n1" },
        400,
        `plantNumber: ${companyMessages.oneLine("plantNumber")}`,
      ],
      [{ qrCode: `${P}ACME-1`, plantNumber: "AX-1", checkTemplate: "spaceship" }, 400],
      [
        { qrCode: `${P}ACME-1`, plantNumber: " ax-2 " },
        409,
        companyMessages.listClash("fleet", "plantNumber", "ax-2", false),
      ],
      [
        { qrCode: `${P.toLowerCase()}acme-2`, plantNumber: "AX-1" },
        409,
        companyMessages.listClash("fleet", "qrCode", `${P.toLowerCase()}acme-2`, false),
      ],
      [{ qrCode: SHARED.qrCode, plantNumber: "AX-1" }, 409, companyMessages.vehicleCodeTaken],
    ];
    for (const [body, status, message] of refused) {
      const res = await editVehicle(acme, acme.admin, `${P}ACME-1`, body);
      expect(res.statusCode, res.body).toBe(status);
      if (message) expect(res.json().message).toBe(message);
    }
    expect(await snapshot()).toEqual(before);

    const edited = await editVehicle(acme, acme.admin, `${P}ACME-1`, {
      qrCode: ` ${P}ACME-1B `,
      plantNumber: "AX-1B",
      machineNumber: "JCB 86C",
      vehicleType: "Midi excavator",
      description: "8 tonne",
      checkTemplate: "dumper",
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toEqual({
      qrCode: `${P}ACME-1B`,
      plantNumber: "AX-1B",
      machineNumber: "JCB 86C",
      vehicleType: "Midi excavator",
      description: "8 tonne",
      checkTemplate: "dumper",
      retired: false,
    });
    // The new code is what drivers scan; the defect history went along with the machine.
    expect(await scannable(dave)).toEqual([`${P}ACME-1B`, `${P}ACME-2`]);
    expect(
      (await call("GET", `/api/vehicles/qr/${P.toLowerCase()}acme-1b`, dave.cookie)).json(),
    ).toMatchObject({
      plantNumber: "AX-1B",
      checkTemplate: "dumper",
    });
    expect((await call("GET", `/api/vehicles/qr/${P}ACME-1`, dave.cookie)).statusCode).toBe(404);
    const machine = (await fleet(acme)).vehicles.find((v) => v.qrCode === `${P}ACME-1B`)!;
    expect(machine.state).toBe("defect-reported");
    expect(machine.defects).toHaveLength(1);
    // Its own code in another case is no clash with itself.
    expect(
      (
        await editVehicle(acme, acme.admin, `${P}ACME-1B`, {
          qrCode: `${P.toLowerCase()}acme-1b`,
          plantNumber: "ax-1b",
        })
      ).statusCode,
    ).toBe(200);
  });

  it("retires a machine: drivers no longer scan or see it, the admin still sees it with its history, and it can return", async () => {
    const acme = await company();
    const dave = await member(acme, "driver");
    const supervisor = await member(acme, "supervisor");
    await addVehicle(acme, { qrCode: `${P}ACME-1`, plantNumber: "AX-1" });
    await addVehicle(acme, { qrCode: `${P}ACME-2`, plantNumber: "AX-2" });
    await createDraft("check-sheets", dave.cookie, {
      ...signedCheckSheet("2025-06-19", { plantNumber: "AX-1", photos: [] }),
      status: "ready_for_approval",
    });

    const retired = await retireVehicle(acme, acme.admin, `${P}ACME-1`, true);
    expect(retired.statusCode, retired.body).toBe(200);
    expect(retired.json()).toMatchObject({ qrCode: `${P}ACME-1`, retired: true });
    expect(await scannable(dave)).toEqual([`${P}ACME-2`]);
    expect((await call("GET", `/api/vehicles/qr/${P}ACME-1`, dave.cookie)).statusCode).toBe(404);
    for (const who of [acme.admin, supervisor]) {
      const listed = (await fleet(acme, who)).vehicles.find((v) => v.qrCode === `${P}ACME-1`)!;
      expect(listed).toMatchObject({ plantNumber: "AX-1", retired: true, state: "defect-reported" });
      expect(listed.defects).toHaveLength(1);
    }
    // A retired machine still holds its plant number: one coming back must not meet its double.
    const again = await call("POST", vehiclesUrl(acme), acme.admin.cookie, {
      qrCode: `${P}ACME-3`,
      plantNumber: "ax-1",
      checkTemplate: "excavator",
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(companyMessages.listClash("fleet", "plantNumber", "ax-1", true));

    // Every machine retired: the company's drivers see its own (empty) fleet, not the shared list.
    expect((await retireVehicle(acme, acme.admin, `${P}ACME-2`, true)).statusCode).toBe(200);
    expect(await scannable(dave)).toEqual([]);
    expect((await call("GET", `/api/vehicles/qr/${SHARED.qrCode}`, dave.cookie)).statusCode).toBe(404);

    const back = await retireVehicle(acme, acme.admin, `${P}ACME-1`, false);
    expect(back.json()).toMatchObject({ retired: false });
    expect(await scannable(dave)).toEqual([`${P}ACME-1`]);
    // A code with a slash, a space or a hash in it is named in the address as the app encodes it.
    await addVehicle(acme, { qrCode: `${P}ACME/7 #x`, plantNumber: "AX-7" });
    expect((await retireVehicle(acme, acme.admin, `${P}ACME/7 #x`, true)).json()).toMatchObject({
      qrCode: `${P}ACME/7 #x`,
      retired: true,
    });
  });

  it("edits, retires and returns a customer: a retired one leaves the drivers' choices, and the company's records still name it", async () => {
    const acme = await company();
    const dave = await member(acme, "driver");
    const ringRoad = await addCustomer(acme, "Leeds Ring Road JV", true);
    await addCustomer(acme, "Bradford Civils");
    expect(await pickable(dave)).toEqual(["Bradford Civils", "Leeds Ring Road JV"]);

    const before = await snapshot();
    const clash = await call("PUT", customersUrl(acme, ringRoad), acme.admin.cookie, {
      name: "bradford  CIVILS",
      requiresOrderValidation: true,
    });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().message).toBe(
      companyMessages.listClash("customers", "name", "bradford  CIVILS", false),
    );
    const added = await call("POST", customersUrl(acme), acme.admin.cookie, {
      name: "Bradford Civils",
      requiresOrderValidation: false,
    });
    expect(added.statusCode).toBe(409);
    for (const body of [
      { name: " ", requiresOrderValidation: true },
      { name: "A\r\nB", requiresOrderValidation: true },
    ]) {
      expect((await call("PUT", customersUrl(acme, ringRoad), acme.admin.cookie, body)).statusCode).toBe(400);
    }
    expect(await snapshot()).toEqual(before);

    const edited = await call("PUT", customersUrl(acme, ringRoad), acme.admin.cookie, {
      name: " Leeds Ring Road JV (Phase 2) ",
      requiresOrderValidation: true,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toEqual({
      id: ringRoad,
      name: "Leeds Ring Road JV (Phase 2)",
      requiresOrderValidation: true,
      retired: false,
    });

    // Dave's week for the customer, approved by the office.
    const week = await createDraft("timesheets", dave.cookie, {
      ...signedWeek({ weekEnding: "2025-06-14", customerId: ringRoad }),
      status: "ready_for_approval",
    });
    const approved = await call(
      "POST",
      `/api/organisations/${acme.id}/review/${week}/approve`,
      acme.admin.cookie,
      {
        rating: "happy",
      },
    );
    expect(approved.statusCode, approved.body).toBe(200);

    const retired = await call("PUT", `${customersUrl(acme, ringRoad)}/retired`, acme.admin.cookie, {
      retired: true,
    });
    expect(retired.statusCode, retired.body).toBe(200);
    expect(await pickable(dave)).toEqual(["Bradford Civils"]);
    const validate = await call("POST", `/api/customers/${ringRoad}/validate-order`, dave.cookie, {
      orderNumber: "P-1",
    });
    expect(validate.statusCode).toBe(404);
    expect((await companyCustomers(acme)).customers.map((c) => [c.name, c.retired])).toEqual([
      ["Bradford Civils", false],
      ["Leeds Ring Road JV (Phase 2)", true],
    ]);
    // The approved week's export still names the customer it was for.
    const hours = await call(
      "GET",
      `/api/organisations/${acme.id}/exports/hours.csv?from=2025-06-14&to=2025-06-14`,
      acme.admin.cookie,
    );
    expect(hours.statusCode, hours.body).toBe(200);
    const [header, ...rows] = parse(hours.body, { bom: true }) as string[][];
    const customerColumn = header!.indexOf("Customer");
    expect(rows.map((row) => row[customerColumn])).toContain("Leeds Ring Road JV (Phase 2)");

    expect(
      (await call("PUT", `${customersUrl(acme, ringRoad)}/retired`, acme.admin.cookie, { retired: false }))
        .statusCode,
    ).toBe(200);
    expect(await pickable(dave)).toEqual(["Bradford Civils", "Leeds Ring Road JV (Phase 2)"]);
  });

  it("answers 404 for another company's or the shared list's machines and customers, and 403 to drivers, changing nothing", async () => {
    const acme = await company();
    const rival = await company("Rival Haulage Ltd");
    const dave = await member(acme, "driver");
    await addVehicle(acme, { qrCode: `${P}ACME-1`, plantNumber: "AX-1" });
    const customer = await addCustomer(acme, "Leeds Ring Road JV");
    const before = await snapshot();
    const attempts: Array<[Company, Person, string, object, number]> = [
      [acme, rival.admin, vehiclesUrl(acme, `${P}ACME-1`), { qrCode: "X", plantNumber: "X" }, 404],
      [rival, rival.admin, vehiclesUrl(rival, `${P}ACME-1`), { qrCode: "X", plantNumber: "X" }, 404],
      [acme, acme.admin, vehiclesUrl(acme, SHARED.qrCode), { qrCode: "X", plantNumber: "X" }, 404],
      [acme, acme.admin, vehiclesUrl(acme, "MADE-UP"), { qrCode: "X", plantNumber: "X" }, 404],
      [acme, dave, vehiclesUrl(acme, `${P}ACME-1`), { qrCode: "X", plantNumber: "X" }, 403],
      [acme, rival.admin, `${vehiclesUrl(acme, `${P}ACME-1`)}/retired`, { retired: true }, 404],
      [rival, rival.admin, `${vehiclesUrl(rival, `${P}ACME-1`)}/retired`, { retired: true }, 404],
      [acme, acme.admin, `${vehiclesUrl(acme, SHARED.qrCode)}/retired`, { retired: true }, 404],
      [acme, dave, `${vehiclesUrl(acme, `${P}ACME-1`)}/retired`, { retired: true }, 403],
      [
        acme,
        rival.admin,
        customersUrl(acme, customer),
        { name: "Mine", requiresOrderValidation: false },
        404,
      ],
      [
        rival,
        rival.admin,
        customersUrl(rival, customer),
        { name: "Mine", requiresOrderValidation: false },
        404,
      ],
      [
        acme,
        acme.admin,
        customersUrl(acme, SAMPLE_CUSTOMERS[0]!.id),
        { name: "Mine", requiresOrderValidation: false },
        404,
      ],
      [acme, dave, customersUrl(acme, customer), { name: "Mine", requiresOrderValidation: false }, 403],
      [rival, rival.admin, `${customersUrl(rival, customer)}/retired`, { retired: true }, 404],
      [acme, acme.admin, `${customersUrl(acme, SAMPLE_CUSTOMERS[0]!.id)}/retired`, { retired: true }, 404],
      [acme, dave, `${customersUrl(acme, customer)}/retired`, { retired: true }, 403],
    ];
    for (const [, who, url, body, status] of attempts) {
      const res = await call("PUT", url, who.cookie, { checkTemplate: "excavator", ...body });
      expect(res.statusCode, `${url} ${res.body}`).toBe(status);
      expect(res.body).not.toContain("Acme");
    }
    for (const [path, file] of [
      ["vehicles", "QR code,Plant number\nR-1,R-1\n"],
      ["customers", "Name\nRival's\n"],
    ] as const) {
      expect((await preview(acme, path, file, rival.admin)).statusCode).toBe(404);
      expect((await preview(acme, path, file, dave)).statusCode).toBe(403);
      const fingerprint = (await previewOf(acme, path, file)).fingerprint;
      expect((await save(acme, path, file, fingerprint, rival.admin)).statusCode).toBe(404);
      expect((await save(rival, path, file, fingerprint, acme.admin)).statusCode).toBe(404);
      expect((await save(acme, path, file, fingerprint, dave)).statusCode).toBe(403);
    }
    expect((await call("GET", customersUrl(acme), dave.cookie)).statusCode).toBe(403);
    expect((await call("GET", customersUrl(acme), rival.admin.cookie)).statusCode).toBe(404);
    expect(await snapshot()).toEqual(before);
  });

  it("previews an Excel file of machines with each row's problem named, changing nothing, then adds exactly its good rows as typed", async () => {
    const acme = await company();
    const dave = await member(acme, "driver");
    await addVehicle(acme, { qrCode: `${P}ACME-OLD`, plantNumber: "AX-OLD" });
    const file = Buffer.from(
      [
        "\uFEFFQR code;Plant number;Machine;Type;Description;Check list;Hired from",
        `${P}ACME-10;AX-10;JCB 86C;Midi excavator;"8,5 tonne; ""quick hitch""\r\nblue cab";Excavator;Flannery`,
        `${P}ACME-11;AX-11;Thwaites 9T;Dumper;;dumper;`,
        '=HYPERLINK("http://evil.example","Click");+AX-12;<script>alert(1)</script>;;<b>bold</b>;;',
        `${P}ACME-13;;;;;;`,
        `${P}ACME-14;AX-14;;;;spaceship;`,
        `${P}ACME-15;AX-15;;;;;`,
        `${P.toLowerCase()}acme-15 ;AX-16;;;;;`,
        `${P}ACME-17;ax-old;;;;;`,
        `${SHARED.qrCode};AX-18;;;;;`,
        `${P}ACME-19;AX-19;;;${"d".repeat(2001)};;`,
        ";;;;;;",
        "",
      ].join("\r\n"),
      "utf8",
    );
    const before = await snapshot();
    const shown = await previewOf(acme, "vehicles", file);
    expect(await snapshot()).toEqual(before);
    expect(shown.unusedHeaders).toEqual(["Hired from"]);
    expect(shown.rows.map((row) => [row.line, row.problems])).toEqual([
      [2, []],
      [4, []],
      [5, []],
      [6, [{ kind: "missing", field: "plantNumber" }]],
      [7, [{ kind: "bad-value", field: "checkTemplate", value: "spaceship" }]],
      [8, [{ kind: "duplicate", field: "qrCode", lines: [9] }]],
      [9, [{ kind: "duplicate", field: "qrCode", lines: [8] }]],
      [10, [{ kind: "clash", field: "plantNumber", retired: false }]],
      [11, [{ kind: "taken", field: "qrCode" }]],
      [12, [{ kind: "too-long", field: "description", max: 2000 }]],
    ]);
    expect(shown.goodRows).toBe(3);
    expect(shown.rows[0]!.entry).toEqual({
      qrCode: `${P}ACME-10`,
      plantNumber: "AX-10",
      machineNumber: "JCB 86C",
      vehicleType: "Midi excavator",
      description: '8,5 tonne; "quick hitch"\r\nblue cab',
      checkTemplate: "excavator",
    });

    // A fingerprint of another preview is refused, and nothing is added.
    const other = (await previewOf(acme, "vehicles", "QR code,Plant number\nOTHER,OTHER\n")).fingerprint;
    const stale = await save(acme, "vehicles", file, other);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(english("apiError.importChanged"));
    expect(await snapshot()).toEqual(before);

    const saved = await save(acme, "vehicles", file, shown.fingerprint);
    expect(saved.statusCode, saved.body).toBe(201);
    expect(saved.json()).toEqual({ added: 3 });
    const listed = (await fleet(acme)).vehicles.map((v) => [
      v.qrCode,
      v.plantNumber,
      v.machineNumber,
      v.description,
    ]);
    expect(listed).toEqual(
      expect.arrayContaining([
        [`${P}ACME-10`, "AX-10", "JCB 86C", '8,5 tonne; "quick hitch"\r\nblue cab'],
        [`${P}ACME-11`, "AX-11", "Thwaites 9T", ""],
        // Text that looks like a formula or markup is kept as typed: it is only ever shown as text.
        ['=HYPERLINK("http://evil.example","Click")', "+AX-12", "<script>alert(1)</script>", "<b>bold</b>"],
      ]),
    );
    expect(listed).toHaveLength(4);
    expect(await scannable(dave)).toEqual(
      expect.arrayContaining([`${P}ACME-10`, `${P}ACME-11`, `${P}ACME-OLD`]),
    );

    // The same save again: its rows now clash with the fleet, so the preview it names is no longer what it finds.
    const afterSave = await snapshot();
    expect((await save(acme, "vehicles", file, shown.fingerprint)).statusCode).toBe(409);
    expect(await snapshot()).toEqual(afterSave);
  });

  it("adds nothing when the company's list changed between the preview and the save", async () => {
    const acme = await company();
    const file = `QR code,Plant number\n${P}ACME-1,AX-1\n${P}ACME-2,AX-2\n`;
    const shown = await previewOf(acme, "vehicles", file);
    expect(shown.goodRows).toBe(2);
    await addVehicle(acme, { qrCode: "ELSE", plantNumber: "ax-2" });
    const before = await snapshot();
    const res = await save(acme, "vehicles", file, shown.fingerprint);
    expect(res.statusCode).toBe(409);
    expect(await snapshot()).toEqual(before);
    // Previewed again, the admin sees the clash and adds the one good row.
    const again = await previewOf(acme, "vehicles", file);
    expect(again.rows[1]!.problems).toEqual([{ kind: "clash", field: "plantNumber", retired: false }]);
    expect((await save(acme, "vehicles", file, again.fingerprint)).json()).toEqual({ added: 1 });
  });

  it("imports customers, naming duplicates, clashes and bad yes-or-no values, and keeps markup as typed", async () => {
    const acme = await company();
    const dave = await member(acme, "driver");
    await addCustomer(acme, "Bradford Civils");
    const file = [
      "Name,Order number required",
      "Leeds Ring Road JV,yes",
      "<script>alert(1)</script>,no",
      "@SUM(1+1),",
      "Acme  Ltd,y",
      "acme ltd,n",
      "BRADFORD CIVILS,no",
      "Wakefield Homes,perhaps",
    ].join("\n");
    const shown = await previewOf(acme, "customers", file);
    expect(shown.rows.map((row) => [row.line, row.problems])).toEqual([
      [2, []],
      [3, []],
      [4, []],
      [5, [{ kind: "duplicate", field: "name", lines: [6] }]],
      [6, [{ kind: "duplicate", field: "name", lines: [5] }]],
      [7, [{ kind: "clash", field: "name", retired: false }]],
      [8, [{ kind: "bad-value", field: "requiresOrderValidation", value: "perhaps" }]],
    ]);
    expect((await save(acme, "customers", file, shown.fingerprint)).json()).toEqual({ added: 3 });
    const listed = (await companyCustomers(acme)).customers;
    expect(listed.map((c) => [c.name, c.requiresOrderValidation])).toEqual(
      expect.arrayContaining([
        ["Leeds Ring Road JV", true],
        ["<script>alert(1)</script>", false],
        ["@SUM(1+1)", false],
      ]),
    );
    expect(await pickable(dave)).toHaveLength(4);
  });

  it("refuses a file too large, with too many rows, not UTF-8, holding a NUL or not sent as a file, each changing nothing", async () => {
    const acme = await company();
    const before = await snapshot();
    const tooLarge = await preview(acme, "vehicles", Buffer.alloc(10 * 1024 * 1024, "a"));
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().message).toBe(
      companyMessages.importFileProblem({ kind: "too-large" }, FLEET_IMPORT.columns),
    );
    const justOver = Buffer.concat([
      Buffer.from("QR code,Plant number\n"),
      Buffer.alloc(MAX_IMPORT_BYTES, "a"),
    ]);
    expect((await save(acme, "vehicles", justOver, "x".repeat(43))).statusCode).toBe(413);

    // 100,000 short rows fit in 1 MB: the row limit refuses them, without reading past it.
    const manyRows = `Name\n${"a\n".repeat(100_000)}`;
    expect(Buffer.byteLength(manyRows)).toBeLessThan(MAX_IMPORT_BYTES);
    const tooMany = await preview(acme, "customers", manyRows);
    expect(tooMany.statusCode).toBe(413);
    expect(tooMany.json().message).toBe(
      companyMessages.importFileProblem({ kind: "too-many-rows" }, CUSTOMER_IMPORT.columns),
    );

    // Excel's plain "CSV" is Windows-1252: the admin is told how to save it as UTF-8.
    const latin1 = await preview(acme, "customers", Buffer.from("Name\nCafé Civils\n", "latin1"));
    expect(latin1.statusCode).toBe(400);
    expect(latin1.json().message).toBe(
      companyMessages.importFileProblem({ kind: "not-utf8" }, CUSTOMER_IMPORT.columns),
    );
    expect((await preview(acme, "customers", "Name\nNul\u0000 Ltd\n")).statusCode).toBe(400);
    const noColumn = await preview(acme, "vehicles", "Plant number\nAX-1\n");
    expect(noColumn.statusCode).toBe(400);
    expect(noColumn.json().message).toBe(
      companyMessages.importFileProblem({ kind: "missing-column", field: "qrCode" }, FLEET_IMPORT.columns),
    );
    const json = await call(
      "POST",
      `/api/organisations/${acme.id}/customers/import/preview`,
      acme.admin.cookie,
      {
        csv: "Name\nA\n",
      },
    );
    expect(json.statusCode).toBe(415);
    expect(json.json().message).toBe(english("apiError.importNotCsv"));
    expect(
      (await postCsv(`/api/organisations/${acme.id}/customers/import`, acme.admin.cookie, "Name\nA\n"))
        .statusCode,
    ).toBe(400);
    const nothing = "Name\n \n";
    expect((await preview(acme, "customers", nothing)).statusCode).toBe(400);
    const allBad = "Name,Order number required\nA,perhaps\n";
    const shown = await previewOf(acme, "customers", allBad);
    const none = await save(acme, "customers", allBad, shown.fingerprint);
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(english("apiError.importNothingToAdd"));
    expect(await snapshot()).toEqual(before);
  });

  it("makes an edit wait for another change of the company's list, and check its clashes against what that left", async () => {
    const acme = await company();
    await addVehicle(acme, { qrCode: `${P}ACME-1`, plantNumber: "AX-1" });
    await addVehicle(acme, { qrCode: `${P}ACME-2`, plantNumber: "AX-2" });
    const { db } = testApp.database;
    // Another change (an admin's import, say) holds the company's list and gives ACME-1 the plant number SAME.
    const first = await db.startTransaction().execute();
    await lockOrganisation(first, acme.id);
    await first
      .updateTable("vehicles")
      .set({ plant_number: "SAME" })
      .where("qr_code", "=", `${P}ACME-1`)
      .execute();
    let answered = false;
    const second = editVehicle(acme, acme.admin, `${P}ACME-2`, {
      qrCode: `${P}ACME-2`,
      plantNumber: "same",
    }).then((res) => {
      answered = true;
      return res;
    });
    await sleep(300);
    expect(answered).toBe(false);
    await first.commit().execute();
    const res = await second;
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().message).toBe(companyMessages.listClash("fleet", "plantNumber", "same", false));
  });
});
