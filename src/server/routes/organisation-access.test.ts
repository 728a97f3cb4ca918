import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { DEFAULT_HIRE_TERMS } from "../../domain/hire/chargeable-hours";
import { testDatabases } from "../db/test-databases";
import { databaseSnapshot } from "../test-support/database-snapshot";
import { type OrganisationWorld, organisationHelpers, type Person } from "../test-support/organisation-world";
import type { Method } from "../test-support/test-app";
import { useTestApp } from "../test-support/test-app";

const PERSONAS = ["anonymous", "nonMember", "otherMember", "driver", "supervisor", "admin"] as const;
type Persona = (typeof PERSONAS)[number];

/** One route as the matrix drives it: the request each persona sends, and the status each must get. */
interface RouteCase {
  method: Method;
  /** The route as registered. */
  route: string;
  /** The request, made for one persona: anything it changes is made fresh for that persona. */
  request(
    world: OrganisationWorld,
    persona: Persona,
  ): Promise<{ url: string; payload?: object; csv?: string }>;
  expected: Record<Persona, number>;
}

/** The routes of the company layer: every one must be in the matrix below. */
const ORGANISATION_ROUTE = /^\/api\/(organisations|invites)(\/|$)/;

describe.each(testDatabases())("who may use each organisation route, on $name", ({ open }) => {
  const testApp = useTestApp(open, { now: () => new Date("2025-06-04T09:00:00.000Z") });
  const { call, postCsv } = testApp;
  const { world, member, joinCode, newJoinCode } = organisationHelpers(testApp);
  /** A week the driver submitted, made fresh for each caller: its timesheet's id. */
  const submittedWeek = (driver: Person) =>
    testApp.createDraft("timesheets", driver.cookie, {
      weekEnding: "2025-05-31",
      plantNumber: "EX-042",
      status: "ready_for_approval",
    });

  /** A machine of the company's own fleet, added by its admin: its QR code. */
  const ownVehicle = async (w: OrganisationWorld) => {
    const qrCode = `ACME-${randomUUID()}`;
    const res = await call("POST", `/api/organisations/${w.company.id}/vehicles`, w.company.admin.cookie, {
      qrCode,
      plantNumber: qrCode,
      checkTemplate: "excavator",
    });
    expect(res.statusCode, res.body).toBe(201);
    return qrCode;
  };
  /** A customer of the company's own list, added by its admin: its id. */
  const ownCustomer = async (w: OrganisationWorld) => {
    const res = await call("POST", `/api/organisations/${w.company.id}/customers`, w.company.admin.cookie, {
      name: `Customer ${randomUUID()}`,
      requiresOrderValidation: false,
    });
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as { id: string }).id;
  };
  /** A file of one new row for an import, and the fingerprint its preview (the admin's, which changes nothing) gives. */
  const importFile = async (w: OrganisationWorld, path: "vehicles" | "customers") => {
    const unique = randomUUID();
    const csv =
      path === "vehicles"
        ? `QR code,Plant number\nIMP-${unique},P-${unique}\n`
        : `Name\nImported ${unique}\n`;
    const preview = await postCsv(
      `/api/organisations/${w.company.id}/${path}/import/preview`,
      w.company.admin.cookie,
      csv,
    );
    expect(preview.statusCode, preview.body).toBe(200);
    return { csv, fingerprint: (preview.json() as { fingerprint: string }).fingerprint };
  };

  /** The company's webhook, set up by its admin (again, if it is already): its address. */
  const webhookSetUp = async (w: OrganisationWorld) => {
    const res = await call("PUT", `/api/organisations/${w.company.id}/webhook`, w.company.admin.cookie, {
      url: "https://payroll.example.co.uk/plant-sheets",
    });
    expect([200, 201], res.body).toContain(res.statusCode);
  };

  /** A delivery of the company's webhook that was given up, still resendable: its id. */
  const givenUpDelivery = async (w: OrganisationWorld) => {
    await webhookSetUp(w);
    const id = randomUUID();
    await testApp.database.db
      .insertInto("webhook_outbox")
      .values({
        id,
        organisation_id: w.company.id,
        event: "set.approved",
        body: JSON.stringify({ id, event: "set.approved" }),
        status: "failed",
        attempts: 20,
        next_attempt_at: "2025-06-04T08:00:00.000Z",
        claimed_by: null,
        claimed_until: null,
        last_status: "could-not-connect",
        last_http_status: null,
        created_at: "2025-06-03T08:00:00.000Z",
        sent_at: null,
      })
      .execute();
    return id;
  };

  const CASES: RouteCase[] = [
    {
      method: "POST",
      route: "/api/organisations",
      request: async () => ({ url: "/api/organisations", payload: { name: "New Co" } }),
      // Anyone signed in may make one, unless they belong to one already.
      expected: {
        anonymous: 401,
        nonMember: 201,
        otherMember: 409,
        driver: 409,
        supervisor: 409,
        admin: 409,
      },
    },
    {
      method: "GET",
      route: "/api/organisations/mine",
      request: async () => ({ url: "/api/organisations/mine" }),
      expected: {
        anonymous: 401,
        nonMember: 200,
        otherMember: 200,
        driver: 200,
        supervisor: 200,
        admin: 200,
      },
    },
    {
      method: "GET",
      route: "/api/organisations/:id",
      request: async (w) => ({ url: `/api/organisations/${w.company.id}` }),
      expected: {
        anonymous: 401,
        nonMember: 404,
        otherMember: 404,
        driver: 200,
        supervisor: 200,
        admin: 200,
      },
    },
    {
      method: "GET",
      route: "/api/organisations/:id/forms",
      request: async (w) => ({ url: `/api/organisations/${w.company.id}/forms?kind=timesheet` }),
      expected: {
        anonymous: 401,
        nonMember: 404,
        otherMember: 404,
        driver: 403,
        supervisor: 200,
        admin: 200,
      },
    },
    {
      method: "GET",
      route: "/api/organisations/:id/review",
      request: async (w) => ({
        url: `/api/organisations/${w.company.id}/review?week=2025-06-07&driver=dave`,
      }),
      expected: {
        anonymous: 401,
        nonMember: 404,
        otherMember: 404,
        driver: 403,
        supervisor: 200,
        admin: 200,
      },
    },
    {
      method: "POST",
      route: "/api/organisations/:id/review/:timesheetId/approve",
      request: async (w) => ({
        url: `/api/organisations/${w.company.id}/review/${await submittedWeek(w.driver)}/approve`,
        payload: { rating: "happy" },
      }),
      expected: {
        anonymous: 401,
        nonMember: 404,
        otherMember: 404,
        driver: 403,
        supervisor: 200,
        admin: 200,
      },
    },
    {
      method: "GET",
      route: "/api/organisations/:id/review/:timesheetId/week",
      request: async (w) => ({
        url: `/api/organisations/${w.company.id}/review/${await submittedWeek(w.driver)}/week`,
      }),
      expected: {
        anonymous: 401,
        nonMember: 404,
        otherMember: 404,
        driver: 403,
        supervisor: 200,
        admin: 200,
      },
    },
    {
      method: "POST",
      route: "/api/organisations/:id/review/:timesheetId/send-back",
      request: async (w) => ({
        url: `/api/organisations/${w.company.id}/review/${await submittedWeek(w.driver)}/send-back`,
        payload: { reason: "Please check Monday's hours" },
      }),
      expected: {
        anonymous: 401,
        nonMember: 404,
        otherMember: 404,
        driver: 403,
        supervisor: 200,
        admin: 200,
      },
    },
    {
      method: "GET",
      route: "/api/organisations/:id/exports/hours.csv",
      request: async (w) => ({
        url: `/api/organisations/${w.company.id}/exports/hours.csv?from=2025-05-31&to=2025-06-07`,
      }),
      // The exports that payroll and invoicing read are the office's alone.
      expected: {
        anonymous: 401,
        nonMember: 404,
        otherMember: 404,
        driver: 403,
        supervisor: 403,
        admin: 200,
      },
    },
    {
      method: "GET",
      route: "/api/organisations/:id/exports/defects.csv",
      request: async (w) => ({
        url: `/api/organisations/${w.company.id}/exports/defects.csv?from=2025-05-31&to=2025-06-07`,
      }),
      // The exports that payroll and invoicing read are the office's alone.
      expected: {
        anonymous: 401,
        nonMember: 404,
        otherMember: 404,
        driver: 403,
        supervisor: 403,
        admin: 200,
      },
    },
    {
      method: "GET",
      route: "/api/organisations/:id/exports/invoice-lines.csv",
      request: async (w) => ({
        url: `/api/organisations/${w.company.id}/exports/invoice-lines.csv?from=2025-05-31&to=2025-06-07`,
      }),
      // The exports that payroll and invoicing read are the office's alone.
      expected: {
        anonymous: 401,
        nonMember: 404,
        otherMember: 404,
        driver: 403,
        supervisor: 403,
        admin: 200,
      },
    },
    {
      method: "GET",
      route: "/api/organisations/:id/exports/workbook.xlsx",
      request: async (w) => ({
        url: `/api/organisations/${w.company.id}/exports/workbook.xlsx?from=2025-05-31&to=2025-06-07`,
      }),
      // The exports that payroll and invoicing read are the office's alone.
      expected: {
        anonymous: 401,
        nonMember: 404,
        otherMember: 404,
        driver: 403,
        supervisor: 403,
        admin: 200,
      },
    },
    {
      method: "POST",
      route: "/api/organisations/:id/review/:timesheetId/reopen",
      request: async (w) => {
        const timesheetId = await submittedWeek(w.driver);
        const approve = `/api/organisations/${w.company.id}/review/${timesheetId}/approve`;
        expect((await call("POST", approve, w.company.admin.cookie, { rating: "happy" })).statusCode).toBe(
          200,
        );
        return {
          url: `/api/organisations/${w.company.id}/review/${timesheetId}/reopen`,
          payload: { reason: "Friday's hours were corrected" },
        };
      },
      expected: {
        anonymous: 401,
        nonMember: 404,
        otherMember: 404,
        driver: 403,
        supervisor: 403,
        admin: 200,
      },
    },
    {
      method: "GET",
      route: "/api/organisations/:id/fleet",
      request: async (w) => ({ url: `/api/organisations/${w.company.id}/fleet` }),
      expected: {
        anonymous: 401,
        nonMember: 404,
        otherMember: 404,
        driver: 403,
        supervisor: 200,
        admin: 200,
      },
    },
    {
      method: "POST",
      route: "/api/organisations/:id/customers",
      request: async (w) => ({
        url: `/api/organisations/${w.company.id}/customers`,
        payload: { name: "Leeds Ring Road JV", requiresOrderValidation: true },
      }),
      expected: {
        anonymous: 401,
        nonMember: 404,
        otherMember: 404,
        driver: 403,
        supervisor: 403,
        admin: 201,
      },
    },
    {
      method: "POST",
      route: "/api/organisations/:id/vehicles",
      request: async (w) => ({
        url: `/api/organisations/${w.company.id}/vehicles`,
        payload: { qrCode: `ACME-${randomUUID()}`, plantNumber: "AX-1", checkTemplate: "excavator" },
      }),
      expected: {
        anonymous: 401,
        nonMember: 404,
        otherMember: 404,
        driver: 403,
        supervisor: 403,
        admin: 201,
      },
    },
    {
      method: "PUT",
      route: "/api/organisations/:id/vehicles/:qrCode",
      request: async (w) => {
        const qrCode = await ownVehicle(w);
        return {
          url: `/api/organisations/${w.company.id}/vehicles/${encodeURIComponent(qrCode)}`,
          payload: { qrCode, plantNumber: `Renamed ${qrCode}`, checkTemplate: "dumper" },
        };
      },
      expected: {
        anonymous: 401,
        nonMember: 404,
        otherMember: 404,
        driver: 403,
        supervisor: 403,
        admin: 200,
      },
    },
    {
      method: "PUT",
      route: "/api/organisations/:id/vehicles/:qrCode/retired",
      request: async (w) => ({
        url: `/api/organisations/${w.company.id}/vehicles/${encodeURIComponent(await ownVehicle(w))}/retired`,
        payload: { retired: true },
      }),
      expected: {
        anonymous: 401,
        nonMember: 404,
        otherMember: 404,
        driver: 403,
        supervisor: 403,
        admin: 200,
      },
    },
    {
      method: "DELETE",
      route: "/api/organisations/:id/samples",
      request: async (w) => ({ url: `/api/organisations/${w.company.id}/samples` }),
      expected: {
        anonymous: 401,
        nonMember: 404,
        otherMember: 404,
        driver: 403,
        supervisor: 403,
        admin: 204,
      },
    },
    {
      method: "POST",
      route: "/api/organisations/:id/vehicles/import/preview",
      request: async (w) => ({
        url: `/api/organisations/${w.company.id}/vehicles/import/preview`,
        csv: "QR code,Plant number\nIMP-1,P-1\n",
      }),
      expected: {
        anonymous: 401,
        nonMember: 404,
        otherMember: 404,
        driver: 403,
        supervisor: 403,
        admin: 200,
      },
    },
    {
      method: "POST",
      route: "/api/organisations/:id/vehicles/import",
      request: async (w) => {
        const { csv, fingerprint } = await importFile(w, "vehicles");
        return { url: `/api/organisations/${w.company.id}/vehicles/import?expect=${fingerprint}`, csv };
      },
      expected: {
        anonymous: 401,
        nonMember: 404,
        otherMember: 404,
        driver: 403,
        supervisor: 403,
        admin: 201,
      },
    },
    {
      method: "GET",
      route: "/api/organisations/:id/customers",
      request: async (w) => ({ url: `/api/organisations/${w.company.id}/customers` }),
      expected: {
        anonymous: 401,
        nonMember: 404,
        otherMember: 404,
        driver: 403,
        supervisor: 403,
        admin: 200,
      },
    },
    {
      method: "PUT",
      route: "/api/organisations/:id/customers/:customerId",
      request: async (w) => ({
        url: `/api/organisations/${w.company.id}/customers/${await ownCustomer(w)}`,
        payload: { name: `Renamed ${randomUUID()}`, requiresOrderValidation: true },
      }),
      expected: {
        anonymous: 401,
        nonMember: 404,
        otherMember: 404,
        driver: 403,
        supervisor: 403,
        admin: 200,
      },
    },
    {
      method: "PUT",
      route: "/api/organisations/:id/customers/:customerId/retired",
      request: async (w) => ({
        url: `/api/organisations/${w.company.id}/customers/${await ownCustomer(w)}/retired`,
        payload: { retired: true },
      }),
      expected: {
        anonymous: 401,
        nonMember: 404,
        otherMember: 404,
        driver: 403,
        supervisor: 403,
        admin: 200,
      },
    },
    {
      method: "POST",
      route: "/api/organisations/:id/customers/import/preview",
      request: async (w) => ({
        url: `/api/organisations/${w.company.id}/customers/import/preview`,
        csv: "Name\nImported Ltd\n",
      }),
      expected: {
        anonymous: 401,
        nonMember: 404,
        otherMember: 404,
        driver: 403,
        supervisor: 403,
        admin: 200,
      },
    },
    {
      method: "POST",
      route: "/api/organisations/:id/customers/import",
      request: async (w) => {
        const { csv, fingerprint } = await importFile(w, "customers");
        return { url: `/api/organisations/${w.company.id}/customers/import?expect=${fingerprint}`, csv };
      },
      expected: {
        anonymous: 401,
        nonMember: 404,
        otherMember: 404,
        driver: 403,
        supervisor: 403,
        admin: 201,
      },
    },
    {
      method: "POST",
      route: "/api/organisations/:id/defects/:defectId/fixed",
      request: async (w) => {
        // A defect of the company's, reported by its driver's check sheet on a vehicle of the shared fleet.
        const defectId = randomUUID();
        await testApp.database.db
          .insertInto("vehicle_defects")
          .values({
            id: defectId,
            check_sheet_id: randomUUID(),
            organisation_id: w.company.id,
            qr_code: "PLANT-EX-001",
            check_date: "2025-06-02",
            driver_name: "Dave Digger",
            items: JSON.stringify(["Tyres"]),
            notes: null,
            reported_at: "2025-06-02T07:00:00.000Z",
          })
          .execute();
        return {
          url: `/api/organisations/${w.company.id}/defects/${defectId}/fixed`,
          payload: { note: "New tyre fitted" },
        };
      },
      expected: {
        anonymous: 401,
        nonMember: 404,
        otherMember: 404,
        driver: 403,
        supervisor: 403,
        admin: 200,
      },
    },
    {
      method: "PUT",
      route: "/api/organisations/:id/order-rule",
      request: async (w) => ({
        url: `/api/organisations/${w.company.id}/order-rule`,
        payload: { prefixes: ["PO-", "HS-"] },
      }),
      expected: {
        anonymous: 401,
        nonMember: 404,
        otherMember: 404,
        driver: 403,
        supervisor: 403,
        admin: 200,
      },
    },
    {
      method: "PUT",
      route: "/api/organisations/:id/language",
      request: async (w) => ({
        url: `/api/organisations/${w.company.id}/language`,
        payload: { language: "pl" },
      }),
      expected: {
        anonymous: 401,
        nonMember: 404,
        otherMember: 404,
        driver: 403,
        supervisor: 403,
        admin: 200,
      },
    },
    {
      method: "PUT",
      route: "/api/organisations/:id/hire-terms",
      request: async (w) => ({
        url: `/api/organisations/${w.company.id}/hire-terms`,
        payload: { ...DEFAULT_HIRE_TERMS, overtimeAfter: 9 },
      }),
      expected: {
        anonymous: 401,
        nonMember: 404,
        otherMember: 404,
        driver: 403,
        supervisor: 403,
        admin: 200,
      },
    },
    {
      method: "PUT",
      route: "/api/organisations/:id/hire-desk",
      request: async (w) => ({
        url: `/api/organisations/${w.company.id}/hire-desk`,
        payload: { accountId: w.supervisor.id },
      }),
      expected: {
        anonymous: 401,
        nonMember: 404,
        otherMember: 404,
        driver: 403,
        supervisor: 403,
        admin: 200,
      },
    },
    {
      method: "PUT",
      route: "/api/organisations/:id/workshop",
      request: async (w) => ({
        url: `/api/organisations/${w.company.id}/workshop`,
        payload: { email: "workshop@acme.co.uk" },
      }),
      expected: {
        anonymous: 401,
        nonMember: 404,
        otherMember: 404,
        driver: 403,
        supervisor: 403,
        admin: 200,
      },
    },
    {
      method: "POST",
      route: "/api/organisations/:id/workshop/link",
      request: async (w, persona) => {
        // A new address for each caller, waiting for its link: the limits on links count per address.
        const res = await call("PUT", `/api/organisations/${w.company.id}/workshop`, w.company.admin.cookie, {
          email: `workshop-${persona}@acme.co.uk`,
        });
        expect(res.statusCode, res.body).toBe(200);
        return { url: `/api/organisations/${w.company.id}/workshop/link` };
      },
      expected: {
        anonymous: 401,
        nonMember: 404,
        otherMember: 404,
        driver: 403,
        supervisor: 403,
        admin: 200,
      },
    },
    {
      method: "POST",
      route: "/api/organisations/:id/invites",
      request: async (w, persona) => ({
        url: `/api/organisations/${w.company.id}/invites`,
        payload: { email: `invitee-${persona}@haulage.co.uk`, role: "driver" },
      }),
      expected: {
        anonymous: 401,
        nonMember: 404,
        otherMember: 404,
        driver: 403,
        supervisor: 403,
        admin: 201,
      },
    },
    {
      method: "GET",
      route: "/api/organisations/:id/invites",
      request: async (w) => ({ url: `/api/organisations/${w.company.id}/invites` }),
      expected: {
        anonymous: 401,
        nonMember: 404,
        otherMember: 404,
        driver: 403,
        supervisor: 403,
        admin: 200,
      },
    },
    {
      method: "DELETE",
      route: "/api/organisations/:id/invites/:inviteId",
      request: async (w) => {
        const { id } = await newJoinCode(w.company);
        return { url: `/api/organisations/${w.company.id}/invites/${id}` };
      },
      expected: {
        anonymous: 401,
        nonMember: 404,
        otherMember: 404,
        driver: 403,
        supervisor: 403,
        admin: 204,
      },
    },
    {
      method: "POST",
      route: "/api/organisations/:id/join-codes",
      request: async (w) => ({
        url: `/api/organisations/${w.company.id}/join-codes`,
        payload: { role: "driver" },
      }),
      expected: {
        anonymous: 401,
        nonMember: 404,
        otherMember: 404,
        driver: 403,
        supervisor: 403,
        admin: 201,
      },
    },
    {
      method: "PUT",
      route: "/api/organisations/:id/members/:accountId",
      request: async (w) => {
        const target = await member(w.company, "driver");
        return {
          url: `/api/organisations/${w.company.id}/members/${target.id}`,
          payload: { role: "supervisor" },
        };
      },
      expected: {
        anonymous: 401,
        nonMember: 404,
        otherMember: 404,
        driver: 403,
        supervisor: 403,
        admin: 204,
      },
    },
    {
      method: "DELETE",
      route: "/api/organisations/:id/members/:accountId",
      request: async (w) => {
        const target = await member(w.company, "driver");
        return { url: `/api/organisations/${w.company.id}/members/${target.id}` };
      },
      expected: {
        anonymous: 401,
        nonMember: 404,
        otherMember: 404,
        driver: 403,
        supervisor: 403,
        admin: 204,
      },
    },
    {
      method: "POST",
      route: "/api/organisations/:id/leave",
      request: async (w) => ({ url: `/api/organisations/${w.company.id}/leave` }),
      // The company's only admin cannot leave it without one.
      expected: {
        anonymous: 401,
        nonMember: 404,
        otherMember: 404,
        driver: 204,
        supervisor: 204,
        admin: 409,
      },
    },
    {
      method: "GET",
      route: "/api/organisations/:id/webhook",
      request: async (w) => {
        await webhookSetUp(w);
        return { url: `/api/organisations/${w.company.id}/webhook` };
      },
      expected: {
        anonymous: 401,
        nonMember: 404,
        otherMember: 404,
        driver: 403,
        supervisor: 403,
        admin: 200,
      },
    },
    {
      method: "PUT",
      route: "/api/organisations/:id/webhook",
      request: async (w) => ({
        url: `/api/organisations/${w.company.id}/webhook`,
        payload: { url: "https://hire-desk.example.com/events" },
      }),
      // Only the admin's call makes it (the others changed nothing), so the admin is answered its secret.
      expected: {
        anonymous: 401,
        nonMember: 404,
        otherMember: 404,
        driver: 403,
        supervisor: 403,
        admin: 201,
      },
    },
    {
      method: "POST",
      route: "/api/organisations/:id/webhook/rotate-secret",
      request: async (w) => {
        await webhookSetUp(w);
        return { url: `/api/organisations/${w.company.id}/webhook/rotate-secret` };
      },
      expected: {
        anonymous: 401,
        nonMember: 404,
        otherMember: 404,
        driver: 403,
        supervisor: 403,
        admin: 200,
      },
    },
    {
      method: "DELETE",
      route: "/api/organisations/:id/webhook",
      request: async (w) => {
        await webhookSetUp(w);
        return { url: `/api/organisations/${w.company.id}/webhook` };
      },
      expected: {
        anonymous: 401,
        nonMember: 404,
        otherMember: 404,
        driver: 403,
        supervisor: 403,
        admin: 204,
      },
    },
    {
      method: "POST",
      route: "/api/organisations/:id/webhook/deliveries/:deliveryId/resend",
      request: async (w) => ({
        url: `/api/organisations/${w.company.id}/webhook/deliveries/${await givenUpDelivery(w)}/resend`,
      }),
      expected: {
        anonymous: 401,
        nonMember: 404,
        otherMember: 404,
        driver: 403,
        supervisor: 403,
        admin: 204,
      },
    },
    {
      method: "GET",
      route: "/api/invites",
      request: async (w) => ({ url: `/api/invites?token=${await joinCode(w.company)}` }),
      // What a link is to is for whoever holds it, before they log in.
      expected: {
        anonymous: 200,
        nonMember: 200,
        otherMember: 200,
        driver: 200,
        supervisor: 200,
        admin: 200,
      },
    },
    {
      method: "POST",
      route: "/api/invites/accept",
      request: async (w) => ({ url: "/api/invites/accept", payload: { token: await joinCode(w.company) } }),
      expected: {
        anonymous: 401,
        nonMember: 200,
        otherMember: 409,
        driver: 409,
        supervisor: 409,
        admin: 409,
      },
    },
  ];

  it("covers every organisation route", () => {
    const registered = testApp.app.registeredRoutes
      .filter((r) => ORGANISATION_ROUTE.test(r.url) && r.method !== "HEAD")
      .map((r) => `${r.method} ${r.url}`)
      .sort();
    expect(CASES.map((c) => `${c.method} ${c.route}`).sort()).toEqual(registered);
  });

  function cookieOf(w: OrganisationWorld, persona: Persona): string | undefined {
    const people: Record<Exclude<Persona, "anonymous">, Person> = {
      nonMember: w.nonMember,
      otherMember: w.otherMember,
      driver: w.driver,
      supervisor: w.supervisor,
      admin: w.company.admin,
    };
    return persona === "anonymous" ? undefined : people[persona].cookie;
  }

  it.each(CASES.map((c) => [`${c.method} ${c.route}`, c] as const))(
    "%s answers each caller as its role allows, and a refusal changes nothing",
    async (_name, routeCase) => {
      const w = await world();
      for (const persona of PERSONAS) {
        const { url, payload, csv } = await routeCase.request(w, persona);
        const before = await databaseSnapshot(testApp.database, { except: ["rate_limits"] });
        const res =
          csv === undefined
            ? await call(routeCase.method, url, cookieOf(w, persona), payload)
            : await postCsv(url, cookieOf(w, persona), csv);
        const where = `${persona}: ${routeCase.method} ${url} -> ${res.statusCode} ${res.body.slice(0, 200)}`;
        expect(res.statusCode, where).toBe(routeCase.expected[persona]);
        if (res.statusCode >= 400) {
          expect(await databaseSnapshot(testApp.database, { except: ["rate_limits"] }), where).toEqual(
            before,
          );
          // A refusal names nothing of the company it refused.
          expect(res.body, where).not.toContain("Acme");
        }
      }
    },
    120_000,
  );

  it("shows members only to supervisors and admins", async () => {
    const w = await world();
    const view = async (who: Person) =>
      (await call("GET", `/api/organisations/${w.company.id}`, who.cookie)).json() as {
        name: string;
        role: string;
        members?: Array<{ accountId: string; role: string }>;
      };
    expect(await view(w.driver)).toEqual({
      id: w.company.id,
      name: "Acme Plant Hire Ltd",
      role: "driver",
      language: "en-GB",
      hireTerms: DEFAULT_HIRE_TERMS,
      meterToleranceHours: 2,
      hireDeskAccountId: null,
    });
    for (const [who, role] of [
      [w.supervisor, "supervisor"],
      [w.company.admin, "admin"],
    ] as const) {
      const seen = await view(who);
      expect(seen.role).toBe(role);
      expect(seen.members?.map((m) => [m.accountId, m.role]).sort()).toEqual(
        [
          [w.company.admin.id, "admin"],
          [w.driver.id, "driver"],
          [w.supervisor.id, "supervisor"],
        ].sort(),
      );
    }
  });

  it("answers an admin naming another company's invitation, under either company's id, with 404", async () => {
    const w = await world();
    const rivalCode = await newJoinCode(w.otherCompany);
    const ownCode = await newJoinCode(w.company);
    const before = await databaseSnapshot(testApp.database, { except: ["rate_limits"] });
    for (const url of [
      `/api/organisations/${w.company.id}/invites/${rivalCode.id}`,
      `/api/organisations/${w.otherCompany.id}/invites/${rivalCode.id}`,
      `/api/organisations/${w.otherCompany.id}/invites/${ownCode.id}`,
    ]) {
      const res = await call("DELETE", url, w.company.admin.cookie);
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).not.toContain("Rival");
    }
    expect(await databaseSnapshot(testApp.database, { except: ["rate_limits"] })).toEqual(before);
    // Nor does another company's invitation show in the list.
    const listed = (
      await call("GET", `/api/organisations/${w.company.id}/invites`, w.company.admin.cookie)
    ).json() as {
      invites: Array<{ id: string }>;
    };
    expect(listed.invites.map((i) => i.id)).not.toContain(rivalCode.id);
    expect(listed.invites.map((i) => i.id)).toContain(ownCode.id);
  });

  it("answers an admin naming another company's member, under either company's id, with 404", async () => {
    const w = await world();
    const rival = await member(w.otherCompany, "driver");
    const attempts: Array<[Method, string, object | undefined]> = [
      ["PUT", `/api/organisations/${w.company.id}/members/${rival.id}`, { role: "admin" }],
      ["DELETE", `/api/organisations/${w.company.id}/members/${rival.id}`, undefined],
      ["PUT", `/api/organisations/${w.otherCompany.id}/members/${rival.id}`, { role: "admin" }],
      ["DELETE", `/api/organisations/${w.otherCompany.id}/members/${rival.id}`, undefined],
      ["PUT", `/api/organisations/${w.otherCompany.id}/members/${w.driver.id}`, { role: "admin" }],
    ];
    const before = await databaseSnapshot(testApp.database, { except: ["rate_limits"] });
    for (const [method, url, payload] of attempts) {
      const res = await call(method, url, w.company.admin.cookie, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    expect(await databaseSnapshot(testApp.database, { except: ["rate_limits"] })).toEqual(before);
  });
});
