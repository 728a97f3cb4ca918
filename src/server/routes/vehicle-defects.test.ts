import { describe, expect, it } from "vitest";
import { companyMessages } from "../../domain/text/company-messages";
import { SAMPLE_VEHICLES, seedSampleData } from "../db/seed";
import { testDatabases } from "../db/test-databases";
import { signedCheckSheet } from "../pdf/pdf-fixtures";
import { databaseSnapshot } from "../test-support/database-snapshot";
import { type Company, organisationHelpers, type Person } from "../test-support/organisation-world";
import { useTestApp } from "../test-support/test-app";
import { confirmWorkshop } from "../test-support/workshop";

const NOW = new Date("2025-06-10T09:00:00.000Z");
const EXCAVATOR = SAMPLE_VEHICLES[0]!;
/** DEFECT_ALERTS_PER_COMPANY_PER_HOUR's default. */
const DEFAULT_CAP = 30;

interface Fleet {
  workshop: { email: string; confirmedAt: string | null; linkSentAt: string | null } | null;
  canManage: boolean;
  vehicles: Array<{
    qrCode: string;
    plantNumber: string;
    state: "ok" | "defect-reported" | "stood-down";
    defects: Array<{
      id: string;
      checkSheetId: string;
      items: string[];
      notes: string | null;
      driverName: string;
      checkDate: string;
      fixed: { at: string; by: string; note: string } | null;
    }>;
  }>;
}

describe.each(testDatabases())("defects reported on a company's vehicles, on $name", ({ open }) => {
  let clock = NOW;
  const testApp = useTestApp(open, { now: () => clock, prepare: seedSampleData });
  const { call, createDraft, drainOutbox, uploadPhoto } = testApp;
  const { company, member, person } = organisationHelpers(testApp);

  const setWorkshop = (of: Company, who: Person, email: string | null) =>
    call("PUT", `/api/organisations/${of.id}/workshop`, who.cookie, { email });
  const fleet = async (of: Company, who: Person) => {
    const res = await call("GET", `/api/organisations/${of.id}/fleet`, who.cookie);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Fleet;
  };
  const vehicleOf = async (of: Company, who: Person, qrCode = EXCAVATOR.qrCode) =>
    (await fleet(of, who)).vehicles.find((vehicle) => vehicle.qrCode === qrCode)!;
  const fix = (of: Company, who: Person, defectId: string, note: string) =>
    call("POST", `/api/organisations/${of.id}/defects/${defectId}/fixed`, who.cookie, { note });

  /** A signed check sheet sent for approval with the tyres and lights marked as defects. */
  const sentSheet = (who: Person, fields: Record<string, unknown> = {}) =>
    createDraft("check-sheets", who.cookie, {
      ...signedCheckSheet("2025-06-09", {
        driverSignedName: "Łukasz Wróbel",
        plantNumber: EXCAVATOR.plantNumber.toLowerCase(),
        siteLocation: "Riverside",
        defectsNotes: "Nearside rear tyre <b>cut</b>; beacon out",
        photos: [],
      }),
      status: "ready_for_approval",
      ...fields,
    });

  it("gives the driver's timesheet for that plant and week the checks that stood it down, until the fix the admin dates", async () => {
    const acme = await company();
    const dave = await member(acme, "driver");
    const other = await member(acme, "driver");
    const standDowns = (who: Person, plant: string, weekEnding = "2025-06-14") =>
      call(
        "GET",
        `/api/timesheets/stand-downs?plant=${encodeURIComponent(plant)}&weekEnding=${weekEnding}`,
        who.cookie,
      );
    // Signed at 11:12 GMT, 12:12 in the UK's summer: the tyres and the lights are the first failed items.
    await sentSheet(dave, { machineSafe: "no", operatorSignedAt: "2025-06-09T11:12:00.000Z" });
    await sentSheet(dave, { checkDate: "2025-06-10", machineSafe: "yes" });
    const open = await standDowns(dave, ` ${EXCAVATOR.plantNumber} `);
    expect(open.statusCode, open.body).toBe(200);
    expect(open.json()).toEqual({
      standDowns: [{ date: "2025-06-09", time: "12:12", item: expect.any(String), fixed: null }],
    });
    // Not another driver's, not another plant's, not another week's.
    expect((await standDowns(other, EXCAVATOR.plantNumber)).json()).toEqual({ standDowns: [] });
    expect((await standDowns(dave, "NOT-A-PLANT")).json()).toEqual({ standDowns: [] });
    expect((await standDowns(dave, EXCAVATOR.plantNumber, "2025-06-07")).json()).toEqual({ standDowns: [] });
    for (const query of [
      "plant=&weekEnding=2025-06-14",
      `plant=${"X".repeat(51)}&weekEnding=2025-06-14`,
      "plant=EX&weekEnding=14/06/2025",
    ]) {
      expect((await call("GET", `/api/timesheets/stand-downs?${query}`, dave.cookie)).statusCode).toBe(400);
    }
    expect(
      (await call("GET", "/api/timesheets/stand-downs?plant=EX&weekEnding=2025-06-14", undefined)).statusCode,
    ).toBe(401);

    const defectId = (await vehicleOf(acme, acme.admin)).defects.find(
      (defect) => defect.checkDate === "2025-06-09",
    )!.id;
    const future = await call(
      "POST",
      `/api/organisations/${acme.id}/defects/${defectId}/fixed`,
      acme.admin.cookie,
      {
        note: "Hose replaced",
        fixedAt: new Date(NOW.getTime() + 60 * 60_000).toISOString(),
      },
    );
    expect(future.statusCode).toBe(400);
    expect(future.json().key).toBe("apiError.fixedInFuture");
    const fixed = await call(
      "POST",
      `/api/organisations/${acme.id}/defects/${defectId}/fixed`,
      acme.admin.cookie,
      {
        note: "Hose replaced",
        fixedAt: "2025-06-10T09:00:00+01:00",
      },
    );
    expect(fixed.statusCode, fixed.body).toBe(200);
    expect(fixed.json().fixed.at).toBe("2025-06-10T08:00:00.000Z");
    expect((await standDowns(dave, EXCAVATOR.plantNumber)).json().standDowns[0].fixed).toEqual({
      date: "2025-06-10",
      time: "09:00",
    });
  });

  it("mails the workshop once with the items, notes, machine and photos, and the fleet shows the vehicle until an admin marks it fixed", async () => {
    const acme = await company();
    const supervisor = await member(acme, "supervisor");
    const dave = await member(acme, "driver");
    await confirmWorkshop(testApp, acme, " workshop@acme.co.uk ");
    expect((await fleet(acme, acme.admin)).workshop).toEqual({
      email: "workshop@acme.co.uk",
      confirmedAt: NOW.toISOString(),
      linkSentAt: NOW.toISOString(),
    });
    await drainOutbox();
    const photo = await uploadPhoto(dave.cookie);

    const sheet = await sentSheet(dave, { photos: [photo] });
    const mails = await drainOutbox();
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail!.to).toEqual(["workshop@acme.co.uk"]);
    expect(mail!.subject).toBe(`Defect reported - ${EXCAVATOR.plantNumber} - 09/06/2025`);
    expect(mail!.text).toContain(`${EXCAVATOR.plantNumber}, ${EXCAVATOR.machineNumber}`);
    expect(mail!.text).toContain("Reported by: Łukasz Wróbel, at Riverside");
    expect(mail!.text).toContain("Defect: Tyres");
    expect(mail!.text).toContain("Nearside rear tyre <b>cut</b>; beacon out");
    // Typed text is only ever text in the HTML part.
    expect(mail!.html).toContain("Nearside rear tyre &lt;b&gt;cut&lt;/b&gt;");
    expect(mail!.attachments).toEqual([
      expect.objectContaining({ filename: "defect-photo-1.jpg", contentType: "image/jpeg" }),
    ]);

    for (const who of [supervisor, acme.admin]) {
      const vehicle = await vehicleOf(acme, who);
      expect(vehicle.state).toBe("defect-reported");
      expect(vehicle.defects).toEqual([
        expect.objectContaining({
          checkSheetId: sheet,
          driverName: "Łukasz Wróbel",
          checkDate: "2025-06-09",
          notes: "Nearside rear tyre <b>cut</b>; beacon out",
          fixed: null,
        }),
      ]);
      expect(vehicle.defects[0]!.items.length).toBe(2);
    }
    expect((await fleet(acme, supervisor)).canManage).toBe(false);
    expect((await fleet(acme, acme.admin)).canManage).toBe(true);

    // Saved again, and its create replayed (as the phone's outbox may): still one report, no second mail.
    expect(
      (await call("PUT", `/api/check-sheets/${sheet}`, dave.cookie, { defectsNotes: "Also a dent" }))
        .statusCode,
    ).toBe(200);
    expect(
      (await call("POST", "/api/check-sheets", dave.cookie, { id: sheet, plantNumber: "EX-001" })).statusCode,
    ).toBeLessThan(300);
    expect(await drainOutbox()).toEqual([]);
    expect((await vehicleOf(acme, acme.admin)).defects).toHaveLength(1);

    const defectId = (await vehicleOf(acme, acme.admin)).defects[0]!.id;
    expect((await fix(acme, supervisor, defectId, "Not mine to say")).statusCode).toBe(403);
    const fixed = await fix(acme, acme.admin, defectId, " New tyre fitted, beacon replaced ");
    expect(fixed.statusCode, fixed.body).toBe(200);
    const adminName = (await call("GET", "/api/drivers/me", acme.admin.cookie)).json().fullName as string;
    const after = await vehicleOf(acme, supervisor);
    expect(after.state).toBe("ok");
    expect(after.defects[0]!.fixed).toEqual({
      at: NOW.toISOString(),
      by: adminName,
      note: "New tyre fitted, beacon replaced",
    });
    // Fixed once: a second fix answers 404 and changes nothing.
    expect((await fix(acme, acme.admin, defectId, "Again")).statusCode).toBe(404);
  });

  it("queues one signed 'defect.reported' webhook per report when the company has one, with figures only", async () => {
    const acme = await company();
    const dave = await member(acme, "driver");
    const hook = await call("PUT", `/api/organisations/${acme.id}/webhook`, acme.admin.cookie, {
      url: "https://hire-desk.example.co.uk/plant-sheets",
    });
    expect(hook.statusCode, hook.body).toBe(201);
    const sheet = await sentSheet(dave);
    await call("PUT", `/api/check-sheets/${sheet}`, dave.cookie, { defectsNotes: "Saved again" });
    const deliveries = await testApp.database.db
      .selectFrom("webhook_outbox")
      .select(["event", "body"])
      .where("organisation_id", "=", acme.id)
      .execute();
    expect(deliveries.map((delivery) => delivery.event)).toEqual(["defect.reported"]);
    const body = JSON.parse(deliveries[0]!.body as string);
    expect(body).toMatchObject({
      event: "defect.reported",
      organisationId: acme.id,
      data: {
        checkSheetId: sheet,
        plantNumber: EXCAVATOR.plantNumber,
        checkDate: "2025-06-09",
        driverName: "Łukasz Wróbel",
        items: [expect.any(String), expect.any(String)],
        stoodDown: false,
      },
    });
    expect(deliveries[0]!.body).not.toContain("tyre");
  });

  it("stands the machine down when the driver's check found it not safe to use, until an admin marks it fixed", async () => {
    const acme = await company();
    const dave = await member(acme, "driver");
    await confirmWorkshop(testApp, acme, "stood-down@acme.co.uk");
    const hook = await call("PUT", `/api/organisations/${acme.id}/webhook`, acme.admin.cookie, {
      url: "https://hire-desk.example.co.uk/plant-sheets",
    });
    expect(hook.statusCode, hook.body).toBe(201);
    await drainOutbox();
    await sentSheet(dave, { machineSafe: "no" });
    const [mail] = await drainOutbox();
    expect(mail!.subject).toBe(`Machine stood down - ${EXCAVATOR.plantNumber} - 09/06/2025`);
    expect((mail!.text ?? "").split("\n\n")[0]).toBe(
      "STOOD DOWN: the driver's check found this machine not safe to use.",
    );
    const stoodDown = await vehicleOf(acme, acme.admin);
    expect(stoodDown.state).toBe("stood-down");
    const webhook = await testApp.database.db
      .selectFrom("webhook_outbox")
      .select("body")
      .where("organisation_id", "=", acme.id)
      .where("event", "=", "defect.reported")
      .executeTakeFirstOrThrow();
    expect(JSON.parse(webhook.body as string).data.stoodDown).toBe(true);

    // A later check that finds the machine safe leaves it stood down: only a fix stands it up again.
    await sentSheet(dave, { checkDate: "2025-06-10", machineSafe: "yes" });
    expect((await vehicleOf(acme, acme.admin)).state).toBe("stood-down");
    const standing = (await vehicleOf(acme, acme.admin)).defects.find(
      (defect) => defect.checkDate === "2025-06-09",
    );
    expect((await fix(acme, acme.admin, standing!.id, "Hydraulic ram resealed")).statusCode).toBe(200);
    expect((await vehicleOf(acme, acme.admin)).state).toBe("defect-reported");
  });

  it("words the workshop's link, its alerts and the webhook's items in the company's language, typed text as typed", async () => {
    const acme = await company();
    const dave = await member(acme, "driver");
    await confirmWorkshop(testApp, acme, "workshop@acme.co.uk");
    const hook = await call("PUT", `/api/organisations/${acme.id}/webhook`, acme.admin.cookie, {
      url: "https://hire-desk.example.co.uk/plant-sheets",
    });
    expect(hook.statusCode, hook.body).toBe(201);
    const chosen = await call("PUT", `/api/organisations/${acme.id}/language`, acme.admin.cookie, {
      language: "pl",
    });
    expect(chosen.statusCode, chosen.body).toBe(200);
    await drainOutbox();

    await sentSheet(dave);
    const [alert] = await drainOutbox();
    expect(alert!.subject).toBe(`Zgłoszono usterkę - ${EXCAVATOR.plantNumber} - 09/06/2025`);
    expect(alert!.text).toContain("Zgłosił(a): Łukasz Wróbel, budowa: Riverside");
    expect(alert!.text).toContain("Usterka: Opony");
    expect(alert!.text).toContain("Usterka: Światła");
    expect(alert!.text).toContain("Uwagi: Nearside rear tyre <b>cut</b>; beacon out");
    expect(alert!.text).toContain("Nie załączono zdjęć.");
    expect(alert!.text).not.toMatch(/Defect|Reported by|Notes/);
    const [delivery] = await testApp.database.db
      .selectFrom("webhook_outbox")
      .select("body")
      .where("organisation_id", "=", acme.id)
      .execute();
    // The event name and keys stay as they are; only the items' words follow the company.
    expect(JSON.parse(delivery!.body as string)).toMatchObject({
      event: "defect.reported",
      data: { driverName: "Łukasz Wróbel", items: ["Opony", "Światła"] },
    });
    // The fleet keeps the items as they were reported.
    expect((await vehicleOf(acme, acme.admin)).defects[0]!.items).toEqual(["Tyres", "Lights"]);

    // A new workshop address is asked in the company's language too.
    expect((await setWorkshop(acme, acme.admin, "new.workshop@acme.co.uk")).statusCode).toBe(200);
    const [link] = await drainOutbox();
    expect(link!.to).toEqual(["new.workshop@acme.co.uk"]);
    expect(link!.subject).toBe(
      "Potwierdź, że ten adres ma otrzymywać powiadomienia o usterkach z Plant Sheets",
    );
    expect(link!.text).toMatch(/^Dzień dobry,\n\n.+ z firmy „Acme Plant Hire Ltd” prosi o wysyłanie/);
    expect(link!.html).toContain(">Zobacz prośbę</a>");
  });

  it("reports through the driver's one-step completion too, and records a report without a workshop address but mails nobody", async () => {
    const acme = await company();
    const dave = await member(acme, "driver");
    await drainOutbox();
    const done = await call("POST", "/api/one-step-completion/check-sheet", dave.cookie, {
      checkSheetData: {
        ...signedCheckSheet("2025-06-09", { plantNumber: EXCAVATOR.plantNumber, photos: [] }),
        submissionEmails: ["site.office@buildco.co.uk"],
      },
      supervisorRating: "happy",
    });
    expect(done.statusCode, done.body).toBe(200);
    // The completed sheet's own mail goes; no workshop address, so no alert.
    expect((await drainOutbox()).map((mail) => mail.to[0]).sort()).toEqual(
      ["site.office@buildco.co.uk", dave.email].sort(),
    );
    expect((await vehicleOf(acme, acme.admin)).state).toBe("defect-reported");
  });

  it("reports nothing for a draft, a sheet without a defect, a machine off the fleet, or an individual driver", async () => {
    const acme = await company();
    const dave = await member(acme, "driver");
    await confirmWorkshop(testApp, acme, "workshop@acme.co.uk");
    await drainOutbox();
    await sentSheet(dave, { status: "draft" });
    await sentSheet(dave, { defectTyres: true, defectLights: true, defectsNotes: "" });
    await sentSheet(dave, { plantNumber: "NOT-ON-FLEET" });
    const individual = await person();
    await sentSheet(individual);
    expect(await drainOutbox()).toEqual([]);
    expect((await fleet(acme, acme.admin)).vehicles.every((vehicle) => vehicle.state === "ok")).toBe(true);
  });

  it("lets an admin add a machine to the company's own fleet, which its drivers then see alone and report on", async () => {
    const acme = await company();
    const dave = await member(acme, "driver");
    const rival = await company("Rival Haulage Ltd");
    const vehicle = {
      qrCode: " ACME-EX-9 ",
      plantNumber: "AX-9",
      machineNumber: "JCB 86C",
      vehicleType: "Excavator",
      description: "8 tonne midi excavator",
      checkTemplate: "excavator",
    };
    const add = (who: Person, of: Company, body: object) =>
      call("POST", `/api/organisations/${of.id}/vehicles`, who.cookie, body);
    expect((await add(dave, acme, vehicle)).statusCode).toBe(403);
    expect((await add(rival.admin, acme, vehicle)).statusCode).toBe(404);
    expect((await add(acme.admin, acme, { ...vehicle, plantNumber: " " })).statusCode).toBe(400);
    expect((await add(acme.admin, acme, { ...vehicle, checkTemplate: "spaceship" })).statusCode).toBe(400);
    const added = await add(acme.admin, acme, vehicle);
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json()).toMatchObject({ qrCode: "ACME-EX-9", plantNumber: "AX-9" });
    // A code on any fleet is taken: the shared list's, or this one's again.
    const shared = await add(acme.admin, acme, {
      ...vehicle,
      qrCode: EXCAVATOR.qrCode,
      plantNumber: "AX-10",
    });
    expect(shared.statusCode).toBe(409);
    expect(shared.json().message).toBe(companyMessages.vehicleCodeTaken);
    expect((await add(rival.admin, rival, vehicle)).statusCode).toBe(409);

    const qrCodes = (await call("GET", "/api/vehicles", dave.cookie))
      .json()
      .map((v: { qrCode: string }) => v.qrCode);
    expect(qrCodes).toEqual(["ACME-EX-9"]);
    expect((await fleet(acme, acme.admin)).vehicles.map((v) => v.plantNumber)).toEqual(["AX-9"]);
    await sentSheet(dave, { plantNumber: "ax-9" });
    expect((await vehicleOf(acme, acme.admin, "ACME-EX-9")).state).toBe("defect-reported");
  });

  it("lets an admin add customers to the company's own list, which its drivers then pick from alone", async () => {
    const acme = await company();
    const dave = await member(acme, "driver");
    const add = (who: Person, body: object) =>
      call("POST", `/api/organisations/${acme.id}/customers`, who.cookie, body);
    expect((await add(dave, { name: "Mine", requiresOrderValidation: false })).statusCode).toBe(403);
    expect((await add(acme.admin, { name: "  ", requiresOrderValidation: false })).statusCode).toBe(400);
    expect(
      (await add(acme.admin, { name: "x".repeat(201), requiresOrderValidation: false })).statusCode,
    ).toBe(400);
    const added = await add(acme.admin, { name: " Leeds Ring Road JV ", requiresOrderValidation: true });
    expect(added.statusCode, added.body).toBe(201);
    const customer = added.json() as { id: string };
    expect(customer).toMatchObject({ name: "Leeds Ring Road JV", requiresOrderValidation: true });
    expect((await call("GET", "/api/customers", dave.cookie)).json()).toEqual([customer]);
    // Its order numbers are checked for the company's drivers, and nobody else finds it.
    expect(
      (
        await call("POST", `/api/customers/${customer.id}/validate-order`, dave.cookie, {
          orderNumber: "P-1",
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (await call("POST", `/api/customers/${customer.id}/validate-order`, undefined, { orderNumber: "P-1" }))
        .statusCode,
    ).toBe(404);
  });

  /** Defect alerts in the outbox, by kind: each on its own, and the hourly summaries. */
  const alertsIn = (mails: Awaited<ReturnType<typeof drainOutbox>>) => ({
    alone: mails.filter((mail) => mail.subject.startsWith("Defect reported - ")),
    summaries: mails.filter((mail) => mail.subject.startsWith("Defect reports held back")),
  });

  it("mails nothing to a workshop address nobody there has confirmed, however many sheets report defects, and keeps every report", async () => {
    const attacker = await company("Throwaway Plant Ltd");
    const driver = await member(attacker, "driver");
    const victim = "someone.else@buildco.co.uk";
    const set = await setWorkshop(attacker, attacker.admin, victim);
    expect(set.statusCode, set.body).toBe(200);
    // What the address gets is one link it may ignore, with no text the company typed in its subject.
    const link = await drainOutbox();
    expect(link.map((mail) => mail.to)).toEqual([[victim]]);
    expect(link[0]!.attachments).toEqual([]);

    for (let i = 0; i < 200; i += 1)
      await sentSheet(driver, { defectsNotes: `Buy now at spam.example ${i}` });
    expect(await drainOutbox()).toEqual([]);
    expect((await vehicleOf(attacker, attacker.admin)).defects).toHaveLength(200);
    expect((await fleet(attacker, attacker.admin)).workshop).toMatchObject({
      email: victim,
      confirmedAt: null,
    });
  });

  it("past the company's hourly cap keeps every report and mails one summary at the end of the hour instead, then mails each again", async () => {
    clock = new Date("2025-06-10T09:40:00.000Z");
    try {
      const acme = await company();
      const dave = await member(acme, "driver");
      const eve = await member(acme, "driver");
      await confirmWorkshop(testApp, acme, "yard@acme-cap.co.uk");
      await drainOutbox();
      for (let i = 0; i < 200; i += 1) await sentSheet(i % 2 === 0 ? dave : eve);
      const mails = await drainOutbox();
      const { alone, summaries } = alertsIn(mails);
      expect(alone).toHaveLength(DEFAULT_CAP);
      expect(summaries).toHaveLength(1);
      expect(mails).toHaveLength(DEFAULT_CAP + 1);
      const [summary] = summaries;
      expect(summary!.to).toEqual(["yard@acme-cap.co.uk"]);
      expect(summary!.subject).toBe("Defect reports held back - 10/06/2025, 10:00 to 11:00 BST");
      expect(summary!.text).toContain(`${200 - DEFAULT_CAP} defect reports`);
      expect(summary!.text).toContain(
        `${EXCAVATOR.plantNumber} (${EXCAVATOR.machineNumber}): ${200 - DEFAULT_CAP}`,
      );
      expect(summary!.attachments).toEqual([]);
      // Sent when the hour is over, so that every report of the hour is in it.
      expect(summary!.nextAttemptAt).toBe("2025-06-10T10:00:00.000Z");
      expect((await vehicleOf(acme, acme.admin)).defects).toHaveLength(200);
      // Each mail counted as the account's, and the recipient's, that caused it.
      const counts = await testApp.database.db
        .selectFrom("rate_limits")
        .select(["key", "hits"])
        .where("key", "in", [
          `mail:account:${dave.id}`,
          `mail:account:${eve.id}`,
          "mail:recipient:yard@acme-cap.co.uk",
        ])
        .execute();
      const hits = Object.fromEntries(counts.map((row) => [row.key, Number(row.hits)]));
      expect(hits[`mail:account:${dave.id}`]! + hits[`mail:account:${eve.id}`]!).toBe(DEFAULT_CAP);
      // The link, each alert alone and the summary.
      expect(hits["mail:recipient:yard@acme-cap.co.uk"]).toBe(1 + DEFAULT_CAP + 1);

      // The next hour, a defect is mailed on its own again.
      clock = new Date("2025-06-10T10:05:00.000Z");
      await sentSheet(dave);
      expect(alertsIn(await drainOutbox()).alone).toHaveLength(1);
    } finally {
      clock = NOW;
    }
  });

  it("refuses drivers, other companies and bad input, changing nothing", async () => {
    const acme = await company();
    const dave = await member(acme, "driver");
    const rival = await company("Rival Haulage Ltd");
    await sentSheet(dave);
    const defectId = (await vehicleOf(acme, acme.admin)).defects[0]!.id;
    const before = await databaseSnapshot(testApp.database, { except: ["rate_limits"] });
    expect((await call("GET", `/api/organisations/${acme.id}/fleet`, dave.cookie)).statusCode).toBe(403);
    expect((await call("GET", `/api/organisations/${acme.id}/fleet`, rival.admin.cookie)).statusCode).toBe(
      404,
    );
    expect((await fix(acme, dave, defectId, "Fixed it myself")).statusCode).toBe(403);
    expect((await fix(rival, rival.admin, defectId, "Theirs")).statusCode).toBe(404);
    expect((await fix(acme, rival.admin, defectId, "Theirs")).statusCode).toBe(404);
    expect((await fix(acme, acme.admin, defectId, "   ")).statusCode).toBe(400);
    expect((await fix(acme, acme.admin, defectId, "x".repeat(10_000))).statusCode).toBe(400);
    expect((await setWorkshop(acme, dave, "me@acme.co.uk")).statusCode).toBe(403);
    expect((await setWorkshop(rival, acme.admin, "me@acme.co.uk")).statusCode).toBe(404);
    for (const email of ["workshop@acme.co.uk\r\nBcc: all@example.com", "not an address"]) {
      expect((await setWorkshop(acme, acme.admin, email)).statusCode).toBe(400);
    }
    expect(await databaseSnapshot(testApp.database, { except: ["rate_limits"] })).toEqual(before);
    // Another company's fleet never shows this one's defects.
    expect((await fleet(rival, rival.admin)).vehicles.every((vehicle) => vehicle.defects.length === 0)).toBe(
      true,
    );
  });
});

describe.each(testDatabases())("defect alerts as the account's mail, on $name", ({ open }) => {
  // Small limits, to pass them with a few sheets: 4 mails an account an hour, 7 to one recipient a day.
  const testApp = useTestApp(open, {
    now: () => NOW,
    prepare: seedSampleData,
    env: () => ({ ACCOUNT_MAILS_PER_HOUR: "4", ACCOUNT_MAILS_PER_RECIPIENT_PER_DAY: "7" }),
  });
  const { call, createDraft, drainOutbox } = testApp;
  const { company, member } = organisationHelpers(testApp);
  const sentSheet = (who: Person) =>
    createDraft("check-sheets", who.cookie, {
      ...signedCheckSheet("2025-06-09", { plantNumber: EXCAVATOR.plantNumber, photos: [] }),
      status: "ready_for_approval",
    });
  const subjects = async () => (await drainOutbox()).map((mail) => mail.subject.split(" - ")[0]);

  it("counts each alert against the driver's account and the workshop's limits, and sums up what is past them", async () => {
    const acme = await company();
    const dave = await member(acme, "driver");
    const eve = await member(acme, "driver");
    // The link is the workshop's first mail of the day.
    await confirmWorkshop(testApp, acme, "workshop@acme.co.uk");
    await drainOutbox();

    // Dave's account may cause 4 mails an hour: 4 alerts, then his next report waits for the summary.
    for (let i = 0; i < 4; i += 1) await sentSheet(dave);
    expect(await subjects()).toEqual(Array(4).fill("Defect reported"));
    const completion = await call("POST", "/api/one-step-completion/check-sheet", dave.cookie, {
      checkSheetData: {
        ...signedCheckSheet("2025-06-09", { photos: [], plantNumber: "NOT-ON-FLEET" }),
        submissionEmails: ["site.office@buildco.co.uk"],
      },
      supervisorRating: "happy",
    });
    expect(completion.statusCode, completion.body).toBe(429);
    await sentSheet(dave);
    // The workshop has had 1 + 4 mails, and its summary counts one more: Eve's first alert is its 7th, her next
    // is past its limit and joins the summary.
    await sentSheet(eve);
    await sentSheet(eve);
    const mails = await drainOutbox();
    expect(mails.map((mail) => mail.subject.split(" - ")[0]).sort()).toEqual([
      "Defect reported",
      "Defect reports held back",
    ]);
    const summary = mails.find((mail) => mail.subject.startsWith("Defect reports held back"))!;
    expect(summary.text).toContain("2 defect reports");
    expect(summary.text).toContain(`${EXCAVATOR.plantNumber} (${EXCAVATOR.machineNumber}): 2`);
    const fleet = await call("GET", `/api/organisations/${acme.id}/fleet`, acme.admin.cookie);
    const excavator = (fleet.json() as Fleet).vehicles.find((v) => v.qrCode === EXCAVATOR.qrCode)!;
    expect(excavator.defects).toHaveLength(7);
  });
});
