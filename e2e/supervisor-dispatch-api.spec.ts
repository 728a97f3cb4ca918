import { randomUUID } from "node:crypto";
import { expect, test } from "@playwright/test";
import { CLIENT_SIGNATURE, OPERATOR_SIGNATURE, PHOTOS } from "../src/server/pdf/pdf-fixtures";
import { pdfText } from "../src/server/pdf/pdf-text";
import { newDriver, registerByApi } from "./fixtures/drivers";
import { waitForMailTo } from "./fixtures/mailbox";

/**
 * The supervisor calls against the real server, its outbox and a real SMTP server: a week approved, dispatched
 * to two addresses that each receive the one pack, then archived. The screens on top are tested on their own.
 */
test("a week's set is approved, its pack delivered to two addresses, and archived", async ({ request }) => {
  const driver = newDriver();
  await registerByApi(request, driver);

  const slot = await (await request.post("/api/objects/upload")).json();
  const photo = PHOTOS[0]!;
  const uploaded = await request.put(new URL(slot.uploadURL).pathname, {
    data: Buffer.from(photo.data),
    headers: { "content-type": photo.contentType },
  });
  expect(uploaded.status()).toBe(200);

  const header = {
    company: "Acme Plant Hire",
    clientCompany: "BuildCo",
    siteLocation: "Riverside",
    driverSignedName: driver.fullName,
    plantNumber: "EX-042",
    operatorSignature: OPERATOR_SIGNATURE,
    operatorSignedName: driver.fullName,
    clientSignature: CLIENT_SIGNATURE,
    clientSignedName: "Fiona Foreman",
  };
  const timesheetId = randomUUID();
  const created = await request.post("/api/timesheets", {
    data: { id: timesheetId, ...header, weekEnding: "2025-06-07", signatureDate: "2025-06-07" },
  });
  expect(created.status()).toBe(201);
  const sheetIds = [randomUUID(), randomUUID()];
  for (const [i, id] of sheetIds.entries()) {
    const checkDate = `2025-06-0${3 + i}`;
    const sheet = await request.post("/api/check-sheets", {
      data: {
        id,
        ...header,
        checkDate,
        signatureDate: checkDate,
        defectsNotes: `Walk-round on ${checkDate}`,
        photos: i === 0 ? [slot.photoURL] : [],
      },
    });
    expect(sheet.status()).toBe(201);
  }
  const combinedId = `combined-${timesheetId}`;

  const approved = await request.post("/api/combined-submission", {
    data: {
      combinedId,
      timesheet: { id: timesheetId },
      checkSheets: sheetIds.map((id) => ({ id })),
      supervisorApproval: {
        clientSignature: CLIENT_SIGNATURE,
        clientName: "Colin Client",
        foremanSignature: OPERATOR_SIGNATURE,
        foremanName: "Frank Foreman",
        approvedAt: new Date().toISOString(),
        supervisorNotes: "",
      },
      supervisorRating: { rating: "happy", notes: "", ratedAt: new Date().toISOString() },
    },
  });
  expect(approved.status(), await approved.text()).toBe(200);
  expect((await approved.json()).message).toBe(
    "Combined forms submitted successfully! Email sent to client and supervisor.",
  );

  const suffix = randomUUID().slice(0, 8);
  const recipients = [`office.${suffix}@buildco.co.uk`, `accounts.${suffix}@buildco.co.uk`];
  const dispatched = await request.post("/api/supervisor/email-dispatch", {
    data: { combinedId, emailAddresses: recipients, message: "June week 1" },
  });
  expect(dispatched.status(), await dispatched.text()).toBe(200);
  // The account holder gets a copy, and the answer names everyone.
  const everyone = [...recipients, driver.email];
  expect((await dispatched.json()).message).toBe(
    `Forms dispatched successfully to 3 recipients: ${everyone.join(", ")}!`,
  );

  for (const address of everyone) {
    // The account holder also had Get Approval's mail: wait for the dispatch's, which carries the message.
    await expect
      .poll(async () => (await waitForMailTo(address)).text ?? "", { timeout: 20_000 })
      .toContain("June week 1");
    const mail = await waitForMailTo(address);
    expect(mail.subject).toBe("Weekly Pack approved and signed - EX-042 - 07/06/2025");
    expect(mail.text).toContain("June week 1");
    expect(mail.attachments).toHaveLength(1);
    const text = (await pdfText(mail.attachments[0]!.content)).replace(/\s+/g, " ");
    expect(text).toContain("Weekly Timesheet WEEK ENDING 07/06/2025");
    expect(text).toContain("Walk-round on 2025-06-03");
    expect(text).toContain("Walk-round on 2025-06-04");
    expect(text).toContain("Colin Client");
    expect(text).toContain("Frank Foreman");
    expect(text).toContain("RATING Excellent");
  }

  for (const [kind, id] of [
    ["timesheets", timesheetId],
    ["check-sheets", sheetIds[0]],
    ["check-sheets", sheetIds[1]],
  ] as const) {
    const archived = await request.put(`/api/${kind}/${id}`, { data: { status: "archived" } });
    expect(archived.status(), await archived.text()).toBe(200);
    expect((await (await request.get(`/api/${kind}/${id}`)).json()).status).toBe("archived");
  }
});
