import { describe, expect, it } from "vitest";
import { SAMPLE_SIGNATURE } from "../../test-support/sample-signature";
import { deleteUnheldImages } from "../db/images-repository";
import { testDatabases } from "../db/test-databases";
import { signedTimesheet } from "../pdf/pdf-fixtures";
import { imageIdsOf, SIGNATURE_FIELDS } from "../services/form-images";
import { useTestApp } from "../test-support/test-app";

describe.each(testDatabases())("saving a signed draft on $name", ({ open }) => {
  const testApp = useTestApp(open, { now: () => new Date("2025-06-07T15:00:00.000Z") });
  const { call } = testApp;

  const rows = async (table: "images" | "image_uses") =>
    Number(
      (
        await testApp.database.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const heldBy = async (holderId: string) =>
    (
      await testApp.database.db
        .selectFrom("image_uses")
        .select("image_id")
        .where("holder_id", "=", holderId)
        .execute()
    )
      .map((row) => row.image_id)
      .sort();
  const storedImages = async (cookie: string, id: string) =>
    imageIdsOf((await call("GET", `/api/timesheets/${id}`, cookie)).json(), SIGNATURE_FIELDS).sort();

  it("stores a signature once however often the draft is saved with it, keeps every one it was saved with until it is completed", async () => {
    const cookie = await testApp.newDriver();
    const signed = { ...signedTimesheet({ weekEnding: "2025-06-08" }), status: "draft" };
    const id = await testApp.createDraft("timesheets", cookie, signed);
    const first = await storedImages(cookie, id);
    expect(first).toHaveLength(2);
    expect(await heldBy(id)).toEqual(first);
    const [images, uses] = [await rows("images"), await rows("image_uses")];

    // Saved again and again with its signatures as drawn, as the app saves a signed draft: nothing new stored.
    for (const siteLocation of ["Plot 4", "Plot 5", "Plot 6"]) {
      expect(
        (await call("PUT", `/api/timesheets/${id}`, cookie, { ...signed, siteLocation })).statusCode,
      ).toBe(200);
    }
    expect(await storedImages(cookie, id)).toEqual(first);
    expect([await rows("images"), await rows("image_uses")]).toEqual([images, uses]);

    // Signed again: the new signature is stored and held, and the one it replaces is still held, so a save made
    // from the version before (another phone of the same driver) cannot name an image that has gone.
    const resign = { ...signed, clientSignature: SAMPLE_SIGNATURE };
    expect((await call("PUT", `/api/timesheets/${id}`, cookie, resign)).statusCode).toBe(200);
    const resigned = await storedImages(cookie, id);
    expect(resigned).not.toEqual(first);
    expect(await heldBy(id)).toEqual([...new Set([...first, ...resigned])].sort());
    await deleteUnheldImages(testApp.database.db);
    expect(await rows("images")).toBe(images + 1);

    // Completed, it keeps only the signatures it shows.
    const completed = await call("POST", "/api/timesheets/one-step-completion", cookie, {
      timesheetData: { ...resign, id },
      supervisorRating: "okay",
      supervisorNotes: "",
    });
    expect(completed.statusCode, completed.body).toBe(200);
    expect(await heldBy(id)).toEqual(resigned);

    // Deleted, the form lets go of all of them.
    expect((await call("DELETE", `/api/timesheets/${id}`, cookie)).statusCode).toBe(204);
    expect(await heldBy(id)).toEqual([]);
  });
});
