import { randomUUID } from "node:crypto";
import { beforeEach, describe, expect, it } from "vitest";
import { emptyOffHireNote } from "../../domain/hire/off-hire-note";
import type { OutboxMessage } from "../db/outbox-repository";
import { testDatabases } from "../db/test-databases";
import { CLIENT_SIGNATURE, OPERATOR_SIGNATURE, PHOTOS } from "../pdf/pdf-fixtures";
import { pdfImages } from "../pdf/pdf-images";
import { pdfText } from "../pdf/pdf-text";
import { organisationHelpers } from "../test-support/organisation-world";
import { useTestApp } from "../test-support/test-app";
import { confirmWorkshop } from "../test-support/workshop";

const NOW = new Date("2026-11-27T16:45:00.000Z");

/** An off-hire note as a driver sends it at the end of a hire: signed by both, the meter and fuel read. */
function signedNote(overrides: Record<string, unknown> = {}) {
  const { status: _status, submittedAt: _submittedAt, ...fields } = emptyOffHireNote("2026-11-27");
  return {
    ...fields,
    offHireTime: "16:30",
    company: "Acme Plant Hire Ltd",
    clientCompany: "BuildCo Construction",
    siteLocation: "Riverside, Leeds",
    driverSignedName: "Dave Digger",
    orderNumber: "P-12345",
    plantNumber: "EX-042",
    machineNumber: "13T Excavator",
    meterReading: "4521.5",
    fuelLevel: "3/4",
    damageNotes: "Scratch on the counterweight",
    collectionReference: "COL-991",
    operatorSignature: OPERATOR_SIGNATURE,
    operatorSignedName: "Dave Digger",
    clientSignature: CLIENT_SIGNATURE,
    clientSignedName: "Fiona Foreman",
    signatureDate: "2026-11-27",
    submissionEmails: ["site.office@buildco.co.uk"],
    ...overrides,
  };
}

const attachmentOf = (mail: OutboxMessage) => {
  const attachment = mail.attachments[0] as { contentBase64: string; filename: string; contentType: string };
  return { ...attachment, bytes: Buffer.from(attachment.contentBase64, "base64") };
};

describe.each(testDatabases())("off-hire notes on $name", ({ open }) => {
  const testApp = useTestApp(open, { now: () => NOW });
  const { call, newDriver, drainOutbox, uploadPhoto } = testApp;
  const { company, member } = organisationHelpers(testApp);
  const complete = (payload: object, cookie?: string) =>
    call("POST", "/api/one-step-completion/off-hire", cookie, payload);
  const countNotes = async () =>
    Number(
      (
        await testApp.database.db
          .selectFrom("forms")
          .where("kind", "=", "off-hire")
          .select(({ fn }) => fn.countAll().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeEach(async () => {
    await drainOutbox();
  });

  it("creates, reads, saves and lists a driver's draft; another account's id is no such note", async () => {
    const dave = await newDriver();
    const id = randomUUID();
    const created = await call("POST", "/api/off-hire-notes", dave, { id, plantNumber: "EX-042" });
    expect(created.statusCode, created.body).toBe(201);
    const saved = await call("PUT", `/api/off-hire-notes/${id}`, dave, {
      meterReading: "4521,5",
      fuelLevel: "Half",
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const read = await call("GET", `/api/off-hire-notes/${id}`, dave);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({
      id,
      plantNumber: "EX-042",
      meterReading: "4521,5",
      fuelLevel: "Half",
    });
    const list = await call("GET", "/api/off-hire-notes", dave);
    expect(list.statusCode).toBe(200);
    expect(JSON.stringify(list.json())).toContain(id);

    const eve = await newDriver();
    const theirs = await call("GET", `/api/off-hire-notes/${id}`, eve);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().message).toBe("No such off-hire note.");
    expect(
      (await call("PUT", `/api/off-hire-notes/${id}`, eve, { damageNotes: "mine now" })).statusCode,
    ).toBe(404);
    expect((await call("DELETE", `/api/off-hire-notes/${id}`, eve)).statusCode).toBe(404);
    expect(JSON.stringify((await call("GET", "/api/off-hire-notes", eve)).json())).not.toContain(id);
    // Not a check sheet either: the kinds keep apart.
    expect((await call("GET", `/api/check-sheets/${id}`, dave)).statusCode).toBe(404);
    expect((await call("GET", `/api/off-hire-notes/${id}`)).statusCode).toBe(401);
  });

  it("refuses bad input with 400 and stores nothing", async () => {
    const dave = await newDriver();
    const photo = await uploadPhoto(dave);
    const before = await countNotes();
    for (const bad of [
      { meterReading: "about 4500" },
      { photos: [photo, photo, photo, photo, photo, photo] },
      { offHireDate: "2026-02-30" },
      { offHireTime: "25:61" },
      { damageNotes: "x".repeat(5001) },
      { clientSignature: "javascript:alert(1)" },
    ]) {
      const res = await call("POST", "/api/off-hire-notes", dave, { id: randomUUID(), ...bad });
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
    }
    const meter = await call("POST", "/api/off-hire-notes", dave, { meterReading: "lots" });
    expect(meter.json().message).toContain("Type the hours the meter shows");
    const oneStep = await complete({
      offHireData: signedNote({ meterReading: "x" }),
      supervisorRating: "happy",
    });
    expect(oneStep.statusCode).toBe(400);
    const unsigned = await complete({
      offHireData: signedNote({ clientSignature: "" }),
      supervisorRating: "happy",
    });
    expect(unsigned.statusCode).toBe(400);
    expect(await countNotes()).toBe(before);
    expect(await drainOutbox()).toEqual([]);
  });

  it("mails the client the PDF with its photo, typed markup as text, and keeps the driver's copy in the history", async () => {
    const dave = await newDriver();
    const photo = await uploadPhoto(dave, Buffer.from(PHOTOS[0]!.data));
    const id = randomUUID();
    const res = await complete(
      {
        offHireData: signedNote({
          id,
          photos: [photo],
          clientCompany: "BuildCo <b>Construction</b>",
          damageNotes: "Dent <script>alert(1)</script> in the bucket",
        }),
        supervisorRating: "happy",
      },
      dave,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      message: "Off-hire note submitted, rating submitted confidentially. Email sent to client!",
      id,
    });
    const mails = await drainOutbox();
    const client = mails.find((mail) => mail.to.includes("site.office@buildco.co.uk"))!;
    expect(mails.filter((mail) => mail.to.includes("site.office@buildco.co.uk"))).toHaveLength(1);
    expect(client.subject).toBe("Off-Hire Note - EX-042 - 27/11/2026");
    expect(client.text).toContain("Hour meter: 4521.5");
    expect(client.text).toContain("Collection ref.: COL-991");
    expect(client.html).toContain("BuildCo &lt;b&gt;Construction&lt;/b&gt;");
    expect(client.html).not.toContain("<b>Construction");
    const pdf = attachmentOf(client);
    expect(pdf).toMatchObject({ contentType: "application/pdf", filename: "off-hire-ex-042-2026-11-27.pdf" });
    const flat = (await pdfText(pdf.bytes)).replace(/\s+/g, " ");
    expect(flat).toContain("Off-Hire Note");
    expect(flat).toContain("Dent <script>alert(1)</script> in the bucket");
    expect(flat).toContain("COL-991");
    expect(flat).toContain("Photos (1)");
    // Two drawn signatures and the photo.
    expect((await pdfImages(pdf.bytes)).flat()).toHaveLength(3);

    const list = await call("GET", "/api/off-hire-notes", dave);
    expect(JSON.stringify(list.json())).toContain(id);
    const kept = await call("GET", `/api/off-hire-notes/${id}`, dave);
    expect(kept.json()).toMatchObject({ status: "completed", photos: [photo] });
    // Completed once: the same note again is refused, and nothing more is mailed.
    const again = await complete({ offHireData: signedNote({ id }), supervisorRating: "happy" }, dave);
    expect(again.statusCode).toBe(409);
    expect(await drainOutbox()).toEqual([]);
  });

  it("for a company member, copies its confirmed workshop and sends one 'hire.ended' webhook with figures only", async () => {
    const acme = await company();
    const dave = await member(acme, "driver");
    const hook = await call("PUT", `/api/organisations/${acme.id}/webhook`, acme.admin.cookie, {
      url: "https://hire-desk.example.co.uk/plant-sheets",
    });
    expect(hook.statusCode, hook.body).toBe(201);
    await confirmWorkshop(testApp, acme, "workshop@acme-plant.co.uk");
    const id = randomUUID();
    const res = await complete({ offHireData: signedNote({ id }), supervisorRating: "happy" }, dave.cookie);
    expect(res.statusCode, res.body).toBe(200);

    const mails = await drainOutbox();
    const desk = mails.filter((mail) => mail.to.includes("workshop@acme-plant.co.uk"));
    expect(desk).toHaveLength(1);
    expect(attachmentOf(desk[0]!).filename).toBe("off-hire-ex-042-2026-11-27.pdf");
    expect(mails.filter((mail) => mail.to.includes("site.office@buildco.co.uk"))).toHaveLength(1);

    const deliveries = await testApp.database.db
      .selectFrom("webhook_outbox")
      .select(["event", "body"])
      .where("organisation_id", "=", acme.id)
      .execute();
    expect(deliveries.map((delivery) => delivery.event)).toEqual(["hire.ended"]);
    expect(JSON.parse(deliveries[0]!.body as string)).toMatchObject({
      event: "hire.ended",
      organisationId: acme.id,
      data: {
        offHireNoteId: id,
        plantNumber: "EX-042",
        orderNumber: "P-12345",
        offHireDate: "2026-11-27",
        offHireTime: "16:30",
        meterReading: 4521.5,
        collectionReference: "COL-991",
        damageNoted: true,
        photos: 0,
      },
    });
    expect(deliveries[0]!.body).not.toContain("counterweight");
  });

  it("mails the hire desk the admin picked from the office once, beside the workshop, and stops when they leave the office", async () => {
    const acme = await company();
    const sue = await member(acme, "supervisor");
    const dave = await member(acme, "driver");
    const stranger = (await company("Other Plant Ltd")).admin;
    const pick = (accountId: string | null, cookie = acme.admin.cookie) =>
      call("PUT", `/api/organisations/${acme.id}/hire-desk`, cookie, { accountId });
    // Only an admin picks, and only someone of the office: never a driver, another company's, or no account.
    expect((await pick(sue.id, sue.cookie)).statusCode).toBe(403);
    for (const accountId of [dave.id, stranger.id, randomUUID()]) {
      const refused = await pick(accountId);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toBe("Only a supervisor or admin of the company can be its hire desk.");
    }
    expect((await pick("not-an-id")).statusCode).toBe(400);
    const mine = async (cookie: string) =>
      (await call("GET", "/api/organisations/mine", cookie)).json().organisation.hireDeskAccountId;
    expect(await mine(acme.admin.cookie)).toBeNull();
    const picked = await pick(sue.id);
    expect(picked.statusCode, picked.body).toBe(200);
    expect(picked.json().hireDeskAccountId).toBe(sue.id);
    await confirmWorkshop(testApp, acme, "workshop@acme-plant.co.uk");

    // The client typed the hire desk's address too, in capitals: still one mail to it.
    const note = signedNote({ submissionEmails: ["site.office@buildco.co.uk", sue.email.toUpperCase()] });
    expect((await complete({ offHireData: note, supervisorRating: "happy" }, dave.cookie)).statusCode).toBe(
      200,
    );
    const mails = await drainOutbox();
    const to = (address: string) =>
      mails.filter((mail) => mail.to.some((one) => one.toLowerCase() === address.toLowerCase()));
    for (const address of ["site.office@buildco.co.uk", sue.email, "workshop@acme-plant.co.uk"]) {
      expect(to(address), address).toHaveLength(1);
      expect(attachmentOf(to(address)[0]!).filename).toBe("off-hire-ex-042-2026-11-27.pdf");
    }

    // Sue is a driver now: she is no hire desk, and gets no more notes.
    const demoted = await call("PUT", `/api/organisations/${acme.id}/members/${sue.id}`, acme.admin.cookie, {
      role: "driver",
    });
    expect(demoted.statusCode, demoted.body).toBeLessThan(300);
    expect(await mine(acme.admin.cookie)).toBeNull();
    expect(
      (await complete({ offHireData: signedNote(), supervisorRating: "happy" }, dave.cookie)).statusCode,
    ).toBe(200);
    const after = await drainOutbox();
    expect(after.flatMap((mail) => mail.to)).not.toContain(sue.email);
    expect(after.flatMap((mail) => mail.to)).toContain("workshop@acme-plant.co.uk");
  });

  it("sends no copy to a workshop address nobody has confirmed, and nothing for a driver of no company", async () => {
    const acme = await company();
    const dave = await member(acme, "driver");
    const set = await call("PUT", `/api/organisations/${acme.id}/workshop`, acme.admin.cookie, {
      email: "unconfirmed@acme-plant.co.uk",
    });
    expect(set.statusCode).toBe(200);
    await drainOutbox();
    expect(
      (await complete({ offHireData: signedNote(), supervisorRating: "happy" }, dave.cookie)).statusCode,
    ).toBe(200);
    const alone = await newDriver();
    expect((await complete({ offHireData: signedNote(), supervisorRating: "happy" }, alone)).statusCode).toBe(
      200,
    );
    const mails = await drainOutbox();
    expect(mails.flatMap((mail) => mail.to)).not.toContain("unconfirmed@acme-plant.co.uk");
    // This company has no webhook: nothing is queued for it.
    const deliveries = await testApp.database.db
      .selectFrom("webhook_outbox")
      .select("event")
      .where("organisation_id", "=", acme.id)
      .execute();
    expect(deliveries).toEqual([]);
  });
});
