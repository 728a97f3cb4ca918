import { describe, expect, it } from "vitest";
import { CompletedFormResponseSchema } from "../../domain/api/api";
import { SAMPLE_SIGNATURE } from "../../test-support/sample-signature";
import { testDatabases } from "../db/test-databases";
import { type Company, organisationHelpers, type Person } from "../test-support/organisation-world";
import { storedImageRef } from "../test-support/stored-image-ref";
import { useTestApp } from "../test-support/test-app";

const NOW = new Date("2025-06-20T09:00:00.000Z");

describe.each(testDatabases())("a member's form read by their company on $name", ({ open }) => {
  const testApp = useTestApp(open, { now: () => NOW });
  const { call, createDraft, uploadPhoto } = testApp;
  const { company, member, person } = organisationHelpers(testApp);

  function submittedWeek(who: Person): Promise<string> {
    return createDraft("timesheets", who.cookie, {
      weekEnding: "2025-06-14",
      driverSignedName: "Dave Digger",
      plantNumber: "EX-042",
      siteLocation: "Riverside",
      clientCompany: "BuildCo",
      mondayStart: "07:00",
      mondayFinish: "16:30",
      mondayBreak: 30,
      status: "ready_for_approval",
    });
  }

  const view = async (id: string, who: Person) => {
    const res = await call("GET", `/api/completed-forms/${id}`, who.cookie);
    return { status: res.statusCode, body: res.body };
  };

  it("lets the company's supervisors and admins read a member's timesheet and check sheet", async () => {
    const acme = await company();
    const supervisor = await member(acme, "supervisor");
    const dave = await member(acme, "driver");
    const week = await submittedWeek(dave);
    const check = await createDraft("check-sheets", dave.cookie, {
      checkDate: "2025-06-09",
      driverSignedName: "Dave Digger",
      plantNumber: "EX-042",
      defectTyres: false,
    });
    for (const who of [supervisor, acme.admin]) {
      const res = await view(week, who);
      expect(res.status, res.body).toBe(200);
      const answer = CompletedFormResponseSchema.parse(JSON.parse(res.body));
      expect(answer.type).toBe("timesheet");
      expect(answer.form).toMatchObject({ id: week, plantNumber: "EX-042", mondayStart: "07:00" });
      const sheet = await view(check, who);
      expect(sheet.status, sheet.body).toBe(200);
      expect(CompletedFormResponseSchema.parse(JSON.parse(sheet.body)).type).toBe("check-sheet");
    }
  });

  it("answers 404 to a driver of the company, another company, an individual and a form of none", async () => {
    const acme = await company();
    const dave = await member(acme, "driver");
    const colleague = await member(acme, "driver");
    const rival: Company = await company("Rival Haulage Ltd");
    const rivalSupervisor = await member(rival, "supervisor");
    const loner = await person();
    const week = await submittedWeek(dave);
    const lonersWeek = await submittedWeek(loner);
    for (const who of [colleague, rival.admin, rivalSupervisor, loner]) {
      expect((await view(week, who)).status).toBe(404);
    }
    // An individual's form is no company's: a supervisor of any company reads it no more than anyone else.
    for (const who of [acme.admin, rival.admin]) expect((await view(lonersWeek, who)).status).toBe(404);
    // The owner still reads their own.
    expect((await view(week, dave)).status).toBe(200);
  });

  it("stops once the reader leaves the company's supervisors", async () => {
    const acme = await company();
    const supervisor = await member(acme, "supervisor");
    const dave = await member(acme, "driver");
    const week = await submittedWeek(dave);
    expect((await view(week, supervisor)).status).toBe(200);
    const demoted = await call(
      "PUT",
      `/api/organisations/${acme.id}/members/${supervisor.id}`,
      acme.admin.cookie,
      {
        role: "driver",
      },
    );
    expect(demoted.statusCode, demoted.body).toBe(204);
    expect((await view(week, supervisor)).status).toBe(404);
  });

  it("shows the signatures and photos of a member's form to the company's supervisors and admins only", async () => {
    const acme = await company();
    const supervisor = await member(acme, "supervisor");
    const dave = await member(acme, "driver");
    const colleague = await member(acme, "driver");
    const rival = await company("Rival Haulage Ltd");
    const loner = await person();
    const photo = await uploadPhoto(dave.cookie);
    await createDraft("check-sheets", dave.cookie, {
      checkDate: "2025-06-09",
      driverSignedName: "Dave Digger",
      plantNumber: "EX-042",
      operatorSignature: SAMPLE_SIGNATURE,
      operatorSignedName: "Dave Digger",
      photos: [photo],
    });
    const signature = storedImageRef(SAMPLE_SIGNATURE);
    for (const address of [signature, photo]) {
      for (const who of [dave, supervisor, acme.admin]) {
        expect((await call("GET", address, who.cookie)).statusCode, address).toBe(200);
      }
      for (const who of [colleague, rival.admin, loner]) {
        expect((await call("GET", address, who.cookie)).statusCode, address).toBe(404);
      }
    }
  });
});
