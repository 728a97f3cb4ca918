import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { testDatabases } from "../db/test-databases";
import { signedCheckSheet } from "../pdf/pdf-fixtures";
import { useTestApp } from "../test-support/test-app";

const NOW = new Date("2025-06-04T15:00:00.000Z");

describe.each(testDatabases())("who may see a photo, on $name", ({ open }) => {
  const testApp = useTestApp(open, { now: () => NOW });
  const { call, newDriver, uploadPhoto: upload, viewTokenOf } = testApp;

  const completion = (id: string, photo: string) => ({
    checkSheetData: {
      ...signedCheckSheet("2025-06-04", { photos: [photo] }),
      id,
      submitViaEmail: true,
      submissionEmails: ["site.office@buildco.co.uk"],
    },
    supervisorRating: "happy",
    supervisorNotes: "",
  });

  it("shows a kept form's photo to its owner and through its emailed link, to nobody else", async () => {
    const owner = await newDriver();
    const stranger = await newDriver();
    const photo = await upload(owner);
    // Before it is on a form, only the account that uploaded it sees it.
    expect((await call("GET", photo)).statusCode).toBe(404);
    expect((await call("GET", photo, owner)).statusCode).toBe(200);

    const id = randomUUID();
    const done = await call("POST", "/api/one-step-completion/check-sheet", owner, completion(id, photo));
    expect(done.statusCode, done.body).toBe(200);
    const token = await viewTokenOf(id);

    expect((await call("GET", photo, owner)).statusCode).toBe(200);
    expect((await call("GET", `${photo}?token=${token}`)).statusCode).toBe(200);
    expect((await call("GET", photo)).statusCode).toBe(404);
    expect((await call("GET", photo, stranger)).statusCode).toBe(404);
    expect((await call("GET", `${photo}?token=${"x".repeat(43)}`)).statusCode).toBe(404);

    // The token of another form shows that form's photos, not this one's.
    const otherId = randomUUID();
    const otherPhoto = await upload(stranger);
    await call("POST", "/api/one-step-completion/check-sheet", stranger, completion(otherId, otherPhoto));
    const otherToken = await viewTokenOf(otherId);
    expect((await call("GET", `${photo}?token=${otherToken}`)).statusCode).toBe(404);
    expect((await call("GET", `${otherPhoto}?token=${otherToken}`)).statusCode).toBe(200);
  });

  it("keeps nothing of an anonymous form: its photo is gone once the form is completed", async () => {
    const photo = await upload();
    // The phone that uploaded it shows it while the form is filled in: only it was given the address.
    expect((await call("GET", photo)).statusCode).toBe(200);
    const done = await call(
      "POST",
      "/api/one-step-completion/check-sheet",
      undefined,
      completion(randomUUID(), photo),
    );
    expect(done.statusCode, done.body).toBe(200);
    expect((await call("GET", photo)).statusCode).toBe(404);
    const rows = await testApp.database.db
      .selectFrom("photos")
      .select("id")
      .where("id", "=", photo.split("/").pop()!)
      .execute();
    expect(rows).toEqual([]);
  });
});
