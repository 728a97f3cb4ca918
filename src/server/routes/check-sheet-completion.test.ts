import { randomUUID } from "node:crypto";
import { beforeEach, describe, expect, it } from "vitest";
import { CHECK_ITEMS } from "../../domain/checks/check-items";
import type { OutboxMessage } from "../db/outbox-repository";
import { testDatabases } from "../db/test-databases";
import { PHOTOS, phonePhoto, signedCheckSheet } from "../pdf/pdf-fixtures";
import { pdfImages } from "../pdf/pdf-images";
import { photoForPdf } from "../pdf/pdf-photos";
import { pdfText } from "../pdf/pdf-text";
import { printCopyKey } from "../services/print-copies";
import { printedFingerprint } from "../test-support/printed-fingerprint";
import { ORIGIN, useTestApp } from "../test-support/test-app";
import { uploadTestPhoto } from "./upload-test-photo";

const [JPEG_PHOTO, PNG_PHOTO] = [Buffer.from(PHOTOS[0]!.data), Buffer.from(PHOTOS[3]!.data)];

/** A check a driver could really send: 14 items OK, tyres and lights a DEFECT, tracks N/A, signed by both. */
function signedCheck(overrides: Record<string, unknown> = {}) {
  const { status: _status, submittedAt: _submittedAt, ...fields } = signedCheckSheet("2025-06-04");
  return {
    ...fields,
    photos: [],
    submissionEmails: ["site.office@buildco.co.uk", " ", "accounts@buildco.co.uk"],
    ...overrides,
  };
}

const attachmentOf = (mail: OutboxMessage) => {
  const attachment = mail.attachments[0] as { contentBase64: string; filename: string; contentType: string };
  return { ...attachment, bytes: Buffer.from(attachment.contentBase64, "base64") };
};

describe.each(testDatabases())("check sheet one-step completion on $name", ({ open }) => {
  const testApp = useTestApp(open, { now: () => new Date("2025-06-04T06:30:00.000Z") });
  const { call, newDriver, drainOutbox } = testApp;
  const submit = (payload: object, cookie?: string) =>
    call("POST", "/api/one-step-completion/check-sheet", cookie, payload);

  const upload = (bytes: Buffer, cookie?: string) =>
    uploadTestPhoto(testApp.app, { origin: ORIGIN, bytes, cookie });

  const photoIdOf = (url: string) => url.split("/").pop()!;
  const photoRow = (url: string) =>
    testApp.database.db.selectFrom("photos").selectAll().where("id", "=", photoIdOf(url)).executeTakeFirst();
  const countCheckSheets = async () =>
    Number(
      (
        await testApp.database.db
          .selectFrom("forms")
          .where("kind", "=", "check-sheet")
          .select(({ fn }) => fn.countAll().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeEach(async () => {
    await drainOutbox();
  });

  it("refuses what the Complete & Email button would not allow, with the spec's messages", async () => {
    const unsigned = await submit({
      checkSheetData: signedCheck({ clientSignature: "" }),
      supervisorRating: "happy",
    });
    expect(unsigned.statusCode).toBe(400);
    expect(unsigned.json().message).toContain("Please complete all required signatures before submitting.");
    const unrated = await submit({ checkSheetData: signedCheck() });
    expect(unrated.statusCode).toBe(400);
    const noEmail = await submit({
      checkSheetData: signedCheck({ submissionEmails: [" "] }),
      supervisorRating: "happy",
    });
    expect(noEmail.statusCode).toBe(400);
    expect(noEmail.json().message).toContain("Please add at least one email address for submission.");
    expect(await drainOutbox()).toEqual([]);
  });

  it("mails an anonymous check as a PDF with its photos to each address, then keeps nothing", async () => {
    const photos = [await upload(JPEG_PHOTO), await upload(PNG_PHOTO)];
    const before = await countCheckSheets();
    const res = await submit({
      checkSheetData: signedCheck({ photos }),
      supervisorRating: "okay",
      supervisorNotes: "Checked with the fitter",
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      message: "Safety check sheet submitted, rating submitted confidentially. Email sent to client!",
      id: null,
      recipients: ["site.office@buildco.co.uk", "accounts@buildco.co.uk"],
    });
    expect(await countCheckSheets()).toBe(before);

    const mails = await drainOutbox();
    expect(mails.map((m) => m.to).sort()).toEqual([
      ["accounts@buildco.co.uk"],
      ["site.office@buildco.co.uk"],
    ]);
    const mail = mails[0]!;
    expect(mail.subject).toBe("Daily Plant Defect Check - EX-042 - 04/06/2025");
    expect(mail.text).toContain("Defects: Tyres, Lights");
    expect(mail.text).toContain("Photos: 2");
    expect(mail.text).toContain("not kept online");
    expect(mail.text).not.toContain("/completed-form/");
    const pdf = attachmentOf(mail);
    expect(pdf).toMatchObject({
      contentType: "application/pdf",
      filename: "check-sheet-ex-042-2025-06-04.pdf",
    });
    const flat = (await pdfText(pdf.bytes)).replace(/\s+/g, " ");
    CHECK_ITEMS.forEach((item, index) => {
      const result = { defectTyres: "DEFECT", defectLights: "DEFECT", defectTracks: "N/A" }[
        item.field as string
      ];
      expect(flat).toContain(`${index + 1} ${item.label} ${result ?? "OK"}`);
    });
    expect(flat).toContain(
      "Nearside rear tyre worn to the cords. Offside work light cracked and not working.",
    );
    expect(flat).toContain("RATING Average RATING NOTES Checked with the fitter");
    expect(flat).toContain("Photos (2)");
    expect(flat).not.toContain("Photo could not be shown");
    // Two drawn signatures and both photos are painted.
    expect((await pdfImages(pdf.bytes)).flat()).toHaveLength(4);

    // The photos went with the mail: rows and bytes.
    for (const url of photos) {
      expect(await photoRow(url)).toBeUndefined();
      expect((await call("GET", url)).statusCode).toBe(404);
      expect(await testApp.app.deps.photoStorage.size(`photos/${photoIdOf(url)}`)).toBeNull();
    }
  });

  it("embeds each photo's print copy as it was stored at upload, making one for a photo without", async () => {
    const [sent, older] = [await phonePhoto(), await phonePhoto({ background: "#406080" })];
    const photos = [await upload(sent), await upload(older)];
    const keys = photos.map((url) => `photos/${photoIdOf(url)}`);
    expect(await testApp.app.deps.photoStorage.size(printCopyKey(keys[0]!))).toBeGreaterThan(0);
    // The PDF takes whatever copy is stored, as it is: one told apart from what the upload made.
    const storedCopy = Buffer.from(PHOTOS[1]!.data);
    await testApp.app.deps.photoStorage.put(printCopyKey(keys[0]!), storedCopy);
    // As if uploaded before print copies were kept.
    await testApp.app.deps.photoStorage.delete(printCopyKey(keys[1]!));
    const res = await submit({ checkSheetData: signedCheck({ photos }), supervisorRating: "happy" });
    expect(res.statusCode).toBe(200);
    const [mail] = await drainOutbox();
    const pdf = attachmentOf(mail!).bytes;
    // JPEGs go into the PDF byte for byte: the copies are there, the photos as sent are not.
    expect(pdf.includes(storedCopy)).toBe(true);
    const madeNow = await photoForPdf({ data: older, contentType: "image/jpeg" });
    expect(pdf.includes(Buffer.from(madeNow.data))).toBe(true);
    for (const photo of [sent, older]) expect(pdf.includes(photo)).toBe(false);
    for (const key of keys) {
      expect(await testApp.app.deps.photoStorage.size(key)).toBeNull();
      expect(await testApp.app.deps.photoStorage.size(printCopyKey(key))).toBeNull();
    }
  });

  it("refuses photos that are not this server's uploads, or not the caller's, and changes nothing", async () => {
    const cookie = await newDriver();
    const accountPhoto = await upload(JPEG_PHOTO, cookie);
    const anonymousPhoto = await upload(JPEG_PHOTO);
    const pendingSlot = (await call("POST", "/api/objects/upload")).json().photoURL as string;
    const unknown = `/api/photos/${randomUUID()}`;
    // Not this server's photos, or not usable as listed: 400. Photos it holds no bytes for (as far as this
    // caller can tell: another's photo answers like an unknown one): photo_missing, listing them.
    const cases: [string[], string, number, string[]?][] = [
      [["https://elsewhere.co.uk/site.jpg"], "Photo 1 was not uploaded to Plant Sheets.", 400],
      [[anonymousPhoto, "/objects/photos/1.jpg"], "Photo 2 was not uploaded to Plant Sheets.", 400],
      [[unknown], "Photo 1 is not one of your uploaded photos.", 409, [unknown]],
      [[accountPhoto], "Photo 1 is not one of your uploaded photos.", 409, [accountPhoto]],
      [[anonymousPhoto, anonymousPhoto], "Photo 2 is attached twice.", 400],
      [[pendingSlot], "Photo 1 has not finished uploading.", 409, [pendingSlot]],
    ];
    for (const [photos, message, status, missingPhotos] of cases) {
      const res = await submit({ checkSheetData: signedCheck({ photos }), supervisorRating: "happy" });
      expect(res.statusCode, photos.join()).toBe(status);
      expect(res.json()).toMatchObject({
        code: status === 400 ? "bad_request" : "photo_missing",
        message: `${message} Please remove it and add it again.`,
        key: "apiError.photoRefused",
        ...(missingPhotos ? { missingPhotos } : {}),
      });
    }
    // An account cannot use another account's photo.
    const other = await newDriver();
    for (const photo of [accountPhoto]) {
      const res = await submit(
        { checkSheetData: signedCheck({ photos: [photo] }), supervisorRating: "happy" },
        other,
      );
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(
        "Photo 1 is not one of your uploaded photos. Please remove it and add it again.",
      );
    }
    // The full public address of a photo is this server's too.
    const full = await submit({
      checkSheetData: signedCheck({ photos: [`${ORIGIN}${anonymousPhoto}`] }),
      supervisorRating: "happy",
    });
    expect(full.statusCode).toBe(200);
    expect(await drainOutbox()).toHaveLength(2);
    expect(await photoRow(accountPhoto)).toMatchObject({ form_id: null });
  });

  it("completes an account holder's draft with its photos, links the read-only view, and locks it", async () => {
    const { cookie, email } = await testApp.newAccount();
    const id = randomUUID();
    const photos = [await upload(PNG_PHOTO, cookie), await upload(JPEG_PHOTO, cookie)];
    const dropped = await upload(JPEG_PHOTO, cookie);
    expect(
      (await call("POST", "/api/check-sheets", cookie, { id, plantNumber: "EX-042", photos: [dropped] }))
        .statusCode,
    ).toBe(201);
    expect(await photoRow(dropped)).toMatchObject({ form_id: id });

    const res = await submit(
      { checkSheetData: { ...signedCheck({ photos }), id }, supervisorRating: "unhappy" },
      cookie,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      message: "Safety check sheet submitted, rating submitted confidentially. Email sent to client!",
      id,
      // The account holder gets a copy of every form they complete.
      recipients: ["site.office@buildco.co.uk", "accounts@buildco.co.uk", email],
    });
    const stored = (await call("GET", `/api/check-sheets/${id}`, cookie)).json();
    expect(stored).toMatchObject({
      status: "completed",
      photos,
      supervisorRating: "unhappy",
      completedAt: "2025-06-04T06:30:00.000Z",
    });
    for (const url of photos) {
      expect(await photoRow(url)).toMatchObject({ form_id: id });
      expect((await call("GET", url, cookie)).statusCode).toBe(200);
    }
    // The photo taken off the sheet is no longer tied to it.
    expect(await photoRow(dropped)).toMatchObject({ form_id: null });

    const mails = await drainOutbox();
    expect(mails).toHaveLength(3);
    expect((await pdfImages(attachmentOf(mails[0]!).bytes)).flat()).toHaveLength(4);
    const link = mails[0]!.text!.match(/http:\/\/sheets\.test\/completed-form\/\S+/)?.[0];
    const token = new URL(link!).searchParams.get("token");
    const view = await call("GET", `/api/completed-forms/${id}?token=${token}`);
    expect(view.json()).toMatchObject({ type: "check-sheet", form: { id, photos } });
    // The view shows the fingerprint the emailed PDF prints, so a changed copy can be told apart.
    expect(view.json().form.signedContentFingerprint).toBe(
      await printedFingerprint(attachmentOf(mails[0]!).bytes),
    );

    // The rating was given in confidence: the driver's own copy leaves it out, the client's holds it.
    const pdfTo = (to: string) => attachmentOf(mails.find((mail) => mail.to.includes(to))!).bytes;
    const clientCopy = (await pdfText(pdfTo("site.office@buildco.co.uk"))).replace(/\s+/g, " ");
    expect(clientCopy).toContain("RATING Poor");
    const driverCopy = (await pdfText(pdfTo(email))).replace(/\s+/g, " ");
    for (const hidden of ["Poor", "RATING", "Rating"]) expect(driverCopy).not.toContain(hidden);
    expect(driverCopy).toContain("EX-042");
    expect(await printedFingerprint(pdfTo(email))).toBe(view.json().form.signedContentFingerprint);

    expect((await call("PUT", `/api/check-sheets/${id}`, cookie, { plantNumber: "X" })).statusCode).toBe(409);
    const again = await submit(
      { checkSheetData: { ...signedCheck(), id }, supervisorRating: "happy" },
      cookie,
    );
    expect(again.statusCode).toBe(409);
    expect(await drainOutbox()).toEqual([]);
  });

  it("cannot complete another account's check sheet, nor use its photos", async () => {
    const owner = await newDriver();
    const other = await newDriver();
    const id = randomUUID();
    await call("POST", "/api/check-sheets", owner, { id, plantNumber: "EX-042" });
    const res = await submit({ checkSheetData: { ...signedCheck(), id }, supervisorRating: "happy" }, other);
    expect(res.statusCode).toBe(409);
    expect((await call("GET", `/api/check-sheets/${id}`, owner)).json()).toMatchObject({ status: "draft" });
    expect(await drainOutbox()).toEqual([]);
  });

  it("answers a replay with the same Idempotency-Key as the first time, without mailing again", async () => {
    const photo = await upload(JPEG_PHOTO);
    const key = `check-sheet-${randomUUID()}`;
    const payload = { checkSheetData: signedCheck({ photos: [photo] }), supervisorRating: "happy" };
    const sendWithKey = () =>
      testApp.app.inject({
        method: "POST",
        url: "/api/one-step-completion/check-sheet",
        headers: { origin: ORIGIN, "idempotency-key": key },
        payload,
      });
    const first = await sendWithKey();
    expect(first.statusCode).toBe(200);
    // The photos are gone with the first completion, yet the phone that lost the answer gets it again.
    const replay = await sendWithKey();
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual(first.json());
    expect(await drainOutbox()).toHaveLength(2);
    // Without the key it is a new submission, whose photo no longer exists.
    expect((await submit(payload)).json()).toMatchObject({ code: "photo_missing", missingPhotos: [photo] });
  });

  it("keeps the photos when the completion is refused", async () => {
    const photo = await upload(JPEG_PHOTO);
    const res = await submit({
      checkSheetData: signedCheck({ photos: [photo, "https://elsewhere.co.uk/x.jpg"] }),
      supervisorRating: "happy",
    });
    expect(res.statusCode).toBe(400);
    expect(await photoRow(photo)).toBeDefined();
    expect((await call("GET", photo)).statusCode).toBe(200);
  });
});
