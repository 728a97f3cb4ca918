import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { CHECK_ITEM_FIELDS } from "../../domain/checks/check-items";
import { SAMPLE_SIGNATURE } from "../../test-support/sample-signature";
import { testDatabases } from "../db/test-databases";
import { signedCheckSheet } from "../pdf/pdf-fixtures";
import { ORIGIN, useTestApp } from "../test-support/test-app";

describe.each(testDatabases())("check sheets on $name", ({ open }) => {
  const testApp = useTestApp(open, { now: () => new Date("2025-06-04T06:30:00.000Z") });
  const { call, newDriver } = testApp;

  it("dates a new check sheet today and keeps the tri-state checks as sent", async () => {
    const cookie = await newDriver();
    const id = randomUUID();
    const checks = Object.fromEntries(
      CHECK_ITEM_FIELDS.map((field, i) => [field, [true, false, null][i % 3]]),
    );
    expect(
      (await call("POST", "/api/check-sheets", cookie, { id, plantNumber: "EX-1", ...checks })).statusCode,
    ).toBe(201);
    const read = (await call("GET", `/api/check-sheets/${id}`, cookie)).json();
    expect(read).toMatchObject({
      id,
      status: "draft",
      checkDate: "2025-06-04",
      plantNumber: "EX-1",
      ...checks,
    });
    expect((await call("PUT", `/api/check-sheets/${id}`, cookie, { defectSteering: "yes" })).statusCode).toBe(
      400,
    );
  });

  /** What an account holder's 'Submit Check Sheet' needs: the operator's signature and name, and the date. */
  const operatorSigned = {
    operatorSignature: SAMPLE_SIGNATURE,
    driverSignedName: "Dave Digger",
    signatureDate: "2025-06-04",
  };
  const SIGNATURES_REQUIRED =
    "Signatures Required: Please complete all required signatures before submitting.";

  it("stamps the submission time when a check sheet goes to approval, the client signature left for later", async () => {
    const cookie = await newDriver();
    const id = randomUUID();
    await call("POST", "/api/check-sheets", cookie, { id, ...operatorSigned });
    const res = await call("PUT", `/api/check-sheets/${id}`, cookie, { status: "ready_for_approval" });
    expect(res.statusCode).toBe(200);
    const read = (await call("GET", `/api/check-sheets/${id}`, cookie)).json();
    expect(read).toMatchObject({
      status: "ready_for_approval",
      submittedAt: "2025-06-04T06:30:00.000Z",
      clientSignature: "",
    });
    const list = (await call("GET", "/api/check-sheets?status=ready_for_approval", cookie)).json();
    expect(list.map((c: { id: string }) => c.id)).toEqual([id]);
    // The supervisor signs later, on the same submitted sheet.
    const signed = await call("PUT", `/api/check-sheets/${id}`, cookie, {
      clientSignature: SAMPLE_SIGNATURE,
      clientSignedName: "Fiona Foreman",
    });
    expect(signed.statusCode).toBe(200);
    expect((await call("GET", `/api/check-sheets/${id}`, cookie)).json()).toMatchObject({
      status: "ready_for_approval",
      clientSignedName: "Fiona Foreman",
      submittedAt: "2025-06-04T06:30:00.000Z",
    });
  });

  it("refuses a submission without the operator's signature, name or date, and keeps the draft", async () => {
    const cookie = await newDriver();
    const id = randomUUID();
    // Drafts are saved half done, at any step.
    expect((await call("POST", "/api/check-sheets", cookie, { id, plantNumber: "EX-1" })).statusCode).toBe(
      201,
    );
    for (const missing of Object.keys(operatorSigned)) {
      const res = await call("PUT", `/api/check-sheets/${id}`, cookie, {
        ...operatorSigned,
        [missing]: "",
        status: "ready_for_approval",
      });
      expect(res.statusCode, missing).toBe(400);
      expect(res.json().message).toBe(
        missing === "signatureDate"
          ? "Signature Date Required: Please enter the signature date before submitting."
          : SIGNATURES_REQUIRED,
      );
    }
    const read = (await call("GET", `/api/check-sheets/${id}`, cookie)).json();
    expect(read).toMatchObject({ status: "draft", submittedAt: null, operatorSignature: "" });

    const created = await call("POST", "/api/check-sheets", cookie, { status: "ready_for_approval" });
    expect(created.statusCode).toBe(400);
    expect(created.json().message).toBe(
      "Signatures Required: Please complete all required signatures and the signature date before submitting.",
    );

    // A submitted sheet cannot lose what its submission needed.
    const submitted = randomUUID();
    await call("POST", "/api/check-sheets", cookie, {
      id: submitted,
      ...operatorSigned,
      status: "ready_for_approval",
    });
    const unsign = await call("PUT", `/api/check-sheets/${submitted}`, cookie, { operatorSignature: "" });
    expect(unsign.statusCode).toBe(400);
    expect((await call("GET", `/api/check-sheets/${submitted}`, cookie)).json()).toMatchObject({
      status: "ready_for_approval",
      submittedAt: "2025-06-04T06:30:00.000Z",
    });
  });

  it("keeps when each signature was drawn, and refuses a time in the future or a week before the check", async () => {
    const cookie = await newDriver();
    const id = randomUUID();
    const create = await call("POST", "/api/check-sheets", cookie, {
      id,
      checkDate: "2025-06-04",
      operatorSignedAt: "2025-06-04T06:20:00.000Z",
    });
    expect(create.statusCode).toBe(201);
    expect((await call("GET", `/api/check-sheets/${id}`, cookie)).json()).toMatchObject({
      operatorSignedAt: "2025-06-04T06:20:00.000Z",
    });
    const future = await call("PUT", `/api/check-sheets/${id}`, cookie, {
      clientSignedAt: "2025-06-04T07:00:00.000Z",
    });
    expect(future.statusCode).toBe(400);
    expect(future.json().message).toMatch(/^The client signature's time is in the future/);
    const early = await call("POST", "/api/check-sheets", cookie, {
      id: randomUUID(),
      checkDate: "2025-06-04",
      operatorSignedAt: "2025-05-27T23:59:59.000Z",
    });
    expect(early.statusCode).toBe(400);
    expect(early.json().message).toMatch(/^The operator signature was drawn more than 7 days before/);
  });

  it("never shows another account's check sheet", async () => {
    const owner = await newDriver();
    const other = await newDriver();
    const id = randomUUID();
    await call("POST", "/api/check-sheets", owner, { id });
    expect((await call("GET", `/api/check-sheets/${id}`, other)).statusCode).toBe(404);
    expect((await call("GET", "/api/check-sheets", other)).json()).toEqual([]);
  });

  it("never changes or deletes another account's check sheet", async () => {
    const owner = await newDriver();
    const other = await newDriver();
    const id = randomUUID();
    await call("POST", "/api/check-sheets", owner, { id, plantNumber: "EX-1" });
    expect((await call("PUT", `/api/check-sheets/${id}`, other, { plantNumber: "X" })).statusCode).toBe(404);
    expect((await call("DELETE", `/api/check-sheets/${id}`, other)).statusCode).toBe(404);
    expect((await call("GET", `/api/check-sheets/${id}`, owner)).json()).toMatchObject({
      plantNumber: "EX-1",
    });
  });

  describe("photos", () => {
    const upload = (cookie?: string) => testApp.uploadPhoto(cookie);
    const photoRow = (url: string) =>
      testApp.database.db
        .selectFrom("photos")
        .selectAll()
        .where("id", "=", url.split("/").pop()!)
        .executeTakeFirst();

    it("ties the photos a sheet lists to it, and lets go of the ones taken off", async () => {
      const cookie = await newDriver();
      const id = randomUUID();
      const [first, second] = [await upload(cookie), await upload(cookie)];
      expect(
        (await call("POST", "/api/check-sheets", cookie, { id, photos: [first, second] })).statusCode,
      ).toBe(201);
      expect(await photoRow(first)).toMatchObject({ form_id: id });
      expect(await photoRow(second)).toMatchObject({ form_id: id });
      // Saving the same list again (auto-save) changes nothing.
      expect(
        (await call("PUT", `/api/check-sheets/${id}`, cookie, { photos: [first, second] })).statusCode,
      ).toBe(200);
      expect((await call("PUT", `/api/check-sheets/${id}`, cookie, { photos: [second] })).statusCode).toBe(
        200,
      );
      expect(await photoRow(first)).toMatchObject({ form_id: null });
      expect(await photoRow(second)).toMatchObject({ form_id: id });
      expect((await call("GET", `/api/check-sheets/${id}`, cookie)).json()).toMatchObject({
        photos: [second],
      });
    });

    it("takes at most five photos", async () => {
      const cookie = await newDriver();
      const id = randomUUID();
      const photos = [];
      for (let i = 0; i < 6; i++) photos.push(await upload(cookie));
      const six = await call("POST", "/api/check-sheets", cookie, { id, photos });
      expect(six.statusCode).toBe(400);
      expect(six.json().message).toBe("photos: At most 5 photos");
      expect(
        (await call("POST", "/api/check-sheets", cookie, { id, photos: photos.slice(0, 5) })).statusCode,
      ).toBe(201);
    });

    it("refuses photos that are not the account's own uploads, or on another sheet, and saves nothing", async () => {
      const cookie = await newDriver();
      const other = await newDriver();
      const id = randomUUID();
      const mine = await upload(cookie);
      await call("POST", "/api/check-sheets", cookie, { id, plantNumber: "EX-1", photos: [mine] });
      // Another account's photo answers like one this server does not hold.
      const cases: [string, string, number][] = [
        ["https://elsewhere.co.uk/site.jpg", "Photo 1 was not uploaded to Plant Sheets.", 400],
        [await upload(other), "Photo 1 is not one of your uploaded photos.", 409],
        [`/api/photos/${randomUUID()}`, "Photo 1 is not one of your uploaded photos.", 409],
      ];
      for (const [url, message, status] of cases) {
        const res = await call("PUT", `/api/check-sheets/${id}`, cookie, {
          plantNumber: "EX-2",
          photos: [url],
        });
        expect(res.statusCode, url).toBe(status);
        expect(res.json().message).toBe(`${message} Please remove it and add it again.`);
      }
      const twice = await call("PUT", `/api/check-sheets/${id}`, cookie, { photos: [mine, mine] });
      expect(twice.json().message).toBe("Photo 2 is attached twice. Please remove it and add it again.");
      const elsewhere = await call("POST", "/api/check-sheets", cookie, { photos: [mine] });
      expect(elsewhere.statusCode).toBe(400);
      expect(elsewhere.json().message).toBe(
        "Photo 1 is already attached to another check sheet. Please remove it and add it again.",
      );
      expect((await call("GET", `/api/check-sheets/${id}`, cookie)).json()).toMatchObject({
        plantNumber: "EX-1",
        photos: [mine],
      });
      expect(await photoRow(mine)).toMatchObject({ form_id: id });
    });

    it("takes a photo uploaded without an account, as after a session ran out mid-form", async () => {
      const cookie = await newDriver();
      const other = await newDriver();
      const id = randomUUID();
      const mine = await upload(cookie);
      const uploadedLoggedOut = await upload();
      const res = await call("POST", "/api/check-sheets", cookie, { id, photos: [mine, uploadedLoggedOut] });
      expect(res.statusCode).toBe(201);
      const owner = (await photoRow(mine))!.owner_id;
      expect(await photoRow(uploadedLoggedOut)).toMatchObject({ owner_id: owner, form_id: id });
      // From then on it is this account's: nobody else, with or without an account, can use it.
      const elsewhere = await call("POST", "/api/check-sheets", other, { photos: [uploadedLoggedOut] });
      expect(elsewhere.json().message).toBe(
        "Photo 1 is not one of your uploaded photos. Please remove it and add it again.",
      );
      const { status: _status, submittedAt: _submittedAt, ...signedFields } = signedCheckSheet("2025-06-04");
      const anonymous = await testApp.app.inject({
        method: "POST",
        url: "/api/one-step-completion/check-sheet",
        headers: { origin: ORIGIN },
        payload: {
          checkSheetData: {
            ...signedFields,
            photos: [uploadedLoggedOut],
            submissionEmails: ["office@buildco.co.uk"],
          },
          supervisorRating: "happy",
        },
      });
      expect(anonymous.statusCode).toBe(409);
      expect(anonymous.json().message).toBe(
        "Photo 1 is not one of your uploaded photos. Please remove it and add it again.",
      );
    });

    it("deletes a sheet's photos with it, rows and bytes", async () => {
      const cookie = await newDriver();
      const id = randomUUID();
      const kept = await upload(cookie);
      const photo = await upload(cookie);
      await call("POST", "/api/check-sheets", cookie, { id, photos: [photo] });
      expect((await call("DELETE", `/api/check-sheets/${id}`, cookie)).statusCode).toBe(204);
      expect(await photoRow(photo)).toBeUndefined();
      expect(await testApp.app.deps.photoStorage.size(`photos/${photo.split("/").pop()}`)).toBeNull();
      expect((await testApp.app.inject({ method: "GET", url: photo })).statusCode).toBe(404);
      // A photo not on the sheet stays (for its owner: photos are never served without a session or view token).
      expect((await testApp.app.inject({ method: "GET", url: kept, headers: { cookie } })).statusCode).toBe(
        200,
      );
    });
  });
});
