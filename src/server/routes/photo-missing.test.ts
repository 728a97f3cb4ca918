import { randomUUID } from "node:crypto";
import { beforeEach, describe, expect, it } from "vitest";
import { SAMPLE_SIGNATURE } from "../../test-support/sample-signature";
import { testDatabases } from "../db/test-databases";
import { PHOTOS, signedCheckSheet } from "../pdf/pdf-fixtures";
import { pdfImages } from "../pdf/pdf-images";
import { printCopyKey } from "../services/print-copies";
import { ORIGIN, useTestApp } from "../test-support/test-app";

const JPEG_PHOTO = Buffer.from(PHOTOS[0]!.data);

/**
 * A check sheet that names a photo this server holds no bytes for (its upload slot was handed out but nothing
 * was put to it, or its bytes were lost since) is refused with photo_missing, listing those photos, whichever
 * way it is completed or submitted; nothing is stored, mailed or counted, and once the photos are uploaded the
 * same request goes through.
 */
describe.each(testDatabases())(
  "a check sheet naming photos the server does not hold, on $name",
  ({ open }) => {
    const testApp = useTestApp(open, { now: () => new Date("2025-06-04T06:30:00.000Z") });
    const { call, newDriver, drainOutbox } = testApp;
    const db = () => testApp.database.db;
    const storage = () => testApp.app.deps.photoStorage;
    const keyOf = (url: string) => `photos/${url.split("/").pop()}`;

    /** An upload slot asked for, its bytes never put: what a phone holds after a try cut short. */
    const slotOnly = async (cookie?: string) => {
      const slot = await call("POST", "/api/objects/upload", cookie);
      return slot.json() as { uploadURL: string; photoURL: string };
    };
    const putTo = async (uploadURL: string) =>
      testApp.app.inject({
        method: "PUT",
        url: new URL(uploadURL).pathname,
        payload: JPEG_PHOTO,
        headers: { origin: ORIGIN, "content-type": "image/jpeg" },
      });
    /** An uploaded photo whose bytes (and print copy) are gone from storage since. */
    const lostPhoto = async (cookie?: string) => {
      const url = await testApp.uploadPhoto(cookie);
      await storage().delete(keyOf(url));
      await storage().delete(printCopyKey(keyOf(url)));
      return url;
    };
    const signedCheck = (photos: string[]) => {
      const { status: _status, submittedAt: _submittedAt, ...fields } = signedCheckSheet("2025-06-04");
      return { ...fields, photos, submissionEmails: ["site.office@buildco.co.uk"] };
    };
    const complete = (checkSheetData: object, cookie?: string) =>
      call("POST", "/api/one-step-completion/check-sheet", cookie, {
        checkSheetData,
        supervisorRating: "happy",
      });
    const mailCounters = async () =>
      (await db().selectFrom("rate_limits").select("key").where("key", "like", "mail:%").execute()).length;
    const photoRows = async (urls: string[]) =>
      db()
        .selectFrom("photos")
        .select(["id", "form_id", "uploaded_at"])
        .where(
          "id",
          "in",
          urls.map((url) => url.split("/").pop()!),
        )
        .orderBy("id")
        .execute();

    beforeEach(async () => {
      await drainOutbox();
    });

    it("refuses an anonymous one-step completion, listing every such photo, and changes nothing", async () => {
      const held = await testApp.uploadPhoto();
      const slot = await slotOnly();
      const lost = await lostPhoto();
      const photos = [held, slot.photoURL, lost];
      const rowsBefore = await photoRows(photos);
      const countersBefore = await mailCounters();

      const refused = await complete(signedCheck(photos));
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({
        code: "photo_missing",
        message: "Photo 2 has not finished uploading. Please remove it and add it again.",
        key: "apiError.photoRefused",
        params: { position: 2, problem: "notFinished" },
        missingPhotos: [slot.photoURL, lost],
      });
      expect(await drainOutbox()).toEqual([]);
      expect(await mailCounters()).toBe(countersBefore);
      // The photo it does hold is kept for the completion that follows.
      expect(await photoRows(photos)).toEqual(rowsBefore);
      expect(await storage().size(keyOf(held))).toBeGreaterThan(0);

      // The phone uploads what was missing (the slot it already has; a fresh one for the lost photo) and sends
      // the form again: one mail, every photo in its PDF.
      expect((await putTo(slot.uploadURL)).statusCode).toBe(200);
      const again = await testApp.uploadPhoto();
      const sent = await complete(signedCheck([held, slot.photoURL, again]));
      expect(sent.statusCode).toBe(200);
      const mails = await drainOutbox();
      expect(mails).toHaveLength(1);
      const pdf = mails[0]!.attachments[0] as { contentBase64: string };
      // Two signatures and three photos.
      expect((await pdfImages(Buffer.from(pdf.contentBase64, "base64"))).flat()).toHaveLength(5);
    });

    it("refuses an account holder's completion of their draft and keeps the draft as it was", async () => {
      const cookie = await newDriver();
      const id = randomUUID();
      const held = await testApp.uploadPhoto(cookie);
      expect(
        (await call("POST", "/api/check-sheets", cookie, { id, plantNumber: "EX-1", photos: [held] }))
          .statusCode,
      ).toBe(201);
      const lost = await lostPhoto(cookie);

      const refused = await complete({ ...signedCheck([held, lost]), id }, cookie);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ code: "photo_missing", missingPhotos: [lost] });
      expect(refused.json().message).toBe(
        "Photo 2 is no longer on the server. Please remove it and add it again.",
      );
      expect(await drainOutbox()).toEqual([]);
      expect((await call("GET", `/api/check-sheets/${id}`, cookie)).json()).toMatchObject({
        status: "draft",
        plantNumber: "EX-1",
        photos: [held],
      });
      const audit = await db()
        .selectFrom("audit_events")
        .select("action")
        .where("form_id", "=", id)
        .execute();
      expect(audit.map((row) => row.action)).not.toContain("complete");
    });

    it("refuses a submission for approval, and a draft save, and keeps the stored sheet", async () => {
      const cookie = await newDriver();
      const id = randomUUID();
      const held = await testApp.uploadPhoto(cookie);
      const operatorSigned = {
        operatorSignature: SAMPLE_SIGNATURE,
        driverSignedName: "Dave Digger",
        signatureDate: "2025-06-04",
      };
      expect(
        (await call("POST", "/api/check-sheets", cookie, { id, ...operatorSigned, photos: [held] }))
          .statusCode,
      ).toBe(201);
      const slot = await slotOnly(cookie);

      const submitted = await call("PUT", `/api/check-sheets/${id}`, cookie, {
        status: "ready_for_approval",
        photos: [held, slot.photoURL],
      });
      expect(submitted.statusCode).toBe(409);
      expect(submitted.json()).toMatchObject({ code: "photo_missing", missingPhotos: [slot.photoURL] });
      const saved = await call("PUT", `/api/check-sheets/${id}`, cookie, { photos: [slot.photoURL] });
      expect(saved.json()).toMatchObject({ code: "photo_missing", missingPhotos: [slot.photoURL] });
      const created = await call("POST", "/api/check-sheets", cookie, {
        id: randomUUID(),
        photos: [slot.photoURL],
      });
      expect(created.json()).toMatchObject({ code: "photo_missing", missingPhotos: [slot.photoURL] });
      expect((await call("GET", `/api/check-sheets/${id}`, cookie)).json()).toMatchObject({
        status: "draft",
        photos: [held],
      });
      expect((await photoRows([slot.photoURL]))[0]).toMatchObject({ form_id: null, uploaded_at: null });

      // Once its bytes are there, the same submission goes through with both photos.
      expect((await putTo(slot.uploadURL)).statusCode).toBe(200);
      const resent = await call("PUT", `/api/check-sheets/${id}`, cookie, {
        status: "ready_for_approval",
        photos: [held, slot.photoURL],
      });
      expect(resent.statusCode).toBe(200);
      expect((await call("GET", `/api/check-sheets/${id}`, cookie)).json()).toMatchObject({
        status: "ready_for_approval",
        photos: [held, slot.photoURL],
      });
    });

    it("answers a stranger naming photo ids it made up as it answers an owner's missing photo", async () => {
      const owner = await newDriver();
      const theirs = await testApp.uploadPhoto(owner);
      const madeUp = `/api/photos/${randomUUID()}`;
      const res = await complete(signedCheck([theirs, madeUp]));
      expect(res.statusCode).toBe(409);
      // Both alike: the answer does not tell an existing photo from an invented one.
      expect(res.json()).toEqual({
        code: "photo_missing",
        message: "Photo 1 is not one of your uploaded photos. Please remove it and add it again.",
        key: "apiError.photoRefused",
        params: { position: 1, problem: "notYours" },
        missingPhotos: [theirs, madeUp],
      });
      expect((await photoRows([theirs]))[0]).toMatchObject({ form_id: null });
    });
  },
);
