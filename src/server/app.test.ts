import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliCompressSync } from "node:zlib";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "./app";
import { loadConfig } from "./config";
import type { Database } from "./db/database";
import { SAMPLE_CUSTOMERS, SAMPLE_VEHICLES, seedSampleData } from "./db/seed";
import { testDatabases } from "./db/test-databases";

/** A first script with what a stranger's text could not end it with: quotes, brackets, non-ASCII. */
const BOOT = `document.documentElement.dataset.render = "hydrate"; // "Gwyn's" <b> \u0142`;

describe.each(testDatabases())("the API on $name", ({ open }) => {
  let database: Database;
  let app: FastifyInstance;
  let webRoot: string;

  beforeAll(async () => {
    database = await open();
    await seedSampleData(database.db);
    webRoot = mkdtempSync(join(tmpdir(), "plant-sheets-web-"));
    mkdirSync(join(webRoot, "assets"));
    // As the build writes it: the page's first script in it, the app's in a file.
    writeFileSync(
      join(webRoot, "index.html"),
      `<!doctype html><title>Plant Sheets</title><script data-app="/assets/app-abc123.js">${BOOT}</script>`,
    );
    writeFileSync(
      join(webRoot, "timesheet.html"),
      "<!doctype html><title>Plant Sheets</title><h1>Timesheet</h1>",
    );
    // A page prerendered for an address with a query names that address in its <html>.
    writeFileSync(
      join(webRoot, "customer-selection-timesheet.html"),
      '<!doctype html><html data-prerendered="/?screen=customer-selection&amp;form=timesheet" lang="en-GB"><title>Plant Sheets</title><h1>Select Customer</h1>',
    );
    writeFileSync(join(webRoot, "assets", "app-abc123.js"), "console.log(1)");
    writeFileSync(join(webRoot, "logo.svg"), "<svg></svg>");
    // As the build writes it: compressed beside the plain file.
    writeFileSync(join(webRoot, "logo.svg.br"), brotliCompressSync("<svg></svg>"));
    app = await buildApp({ config: loadConfig({}), database, webRoot, now: () => new Date() });
  });

  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it("answers the health check", async () => {
    const res = await app.inject({ method: "GET", url: "/api/health" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, database: database.dialect });
  });

  it("tells anyone where a wrong translation is reported", async () => {
    const res = await app.inject({ method: "GET", url: "/api/about" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ translationsEmail: "translations@plant-sheets.local" });
  });

  it("lists the seeded customers, each with its order-validation flag", async () => {
    const res = await app.inject({ method: "GET", url: "/api/customers" });
    expect(res.statusCode).toBe(200);
    const customers = res.json() as Array<{ id: string; requiresOrderValidation: boolean }>;
    expect(customers).toHaveLength(SAMPLE_CUSTOMERS.length);
    expect(customers.some((c) => c.requiresOrderValidation)).toBe(true);
    expect(customers.some((c) => !c.requiresOrderValidation)).toBe(true);
  });

  it("validates order numbers by the domain's format rule", async () => {
    const customer = SAMPLE_CUSTOMERS.find((c) => c.requiresOrderValidation)!;
    const ok = await app.inject({
      method: "POST",
      url: `/api/customers/${customer.id}/validate-order`,
      payload: { orderNumber: "  p-1234 " },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ valid: true, message: "Order number format is valid" });

    const bad = await app.inject({
      method: "POST",
      url: `/api/customers/${customer.id}/validate-order`,
      payload: { orderNumber: "X-1234" },
    });
    expect(bad.json()).toEqual({ valid: false, message: "Order number must start with P-, S-, or M-" });
  });

  it("refuses order validation for an unknown customer or a malformed body", async () => {
    const unknown = await app.inject({
      method: "POST",
      url: "/api/customers/no-such-customer/validate-order",
      payload: { orderNumber: "P-1" },
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: "not_found" });

    const customer = SAMPLE_CUSTOMERS[0]!;
    const malformed = await app.inject({
      method: "POST",
      url: `/api/customers/${customer.id}/validate-order`,
      payload: { orderNumber: 42 },
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ code: "validation_failed" });

    const notJson = await app.inject({
      method: "POST",
      url: `/api/customers/${customer.id}/validate-order`,
      headers: { "content-type": "application/json" },
      payload: "{not json",
    });
    expect(notJson.statusCode).toBe(400);
  });

  it("looks up a vehicle by its QR code and answers 404 for an unknown one", async () => {
    const vehicle = SAMPLE_VEHICLES[0]!;
    const found = await app.inject({
      method: "GET",
      url: `/api/vehicles/qr/${encodeURIComponent(vehicle.qrCode)}`,
    });
    expect(found.statusCode).toBe(200);
    expect(found.json()).toEqual({
      machineNumber: vehicle.machineNumber,
      plantNumber: vehicle.plantNumber,
      vehicleType: vehicle.vehicleType,
      description: vehicle.description,
      checkTemplate: vehicle.checkTemplate,
    });

    const missing = await app.inject({ method: "GET", url: "/api/vehicles/qr/NOT-A-CODE" });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: "not_found" });

    // The whole fleet, for reading QR labels offline: each entry is what its QR lookup answers, plus the code.
    const fleet = await app.inject({ method: "GET", url: "/api/vehicles" });
    expect(fleet.statusCode).toBe(200);
    expect(fleet.json()).toContainEqual({ qrCode: vehicle.qrCode, ...found.json() });
  });

  it("answers unknown API paths with JSON 404, and other paths with the web app", async () => {
    const api = await app.inject({ method: "GET", url: "/api/nothing-here" });
    expect(api.statusCode).toBe(404);
    expect(api.headers["content-type"]).toMatch(/application\/json/);

    const page = await app.inject({ method: "GET", url: "/completed-form/abc" });
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toMatch(/text\/html/);
    expect(page.body).toContain("<title>Plant Sheets</title>");
    expect(page.headers["cache-control"]).toBe("no-cache");

    // A page the build prerendered for an address is sent for it, whatever the query.
    for (const url of ["/timesheet", "/timesheet?id=abc"]) {
      const prerendered = await app.inject({ method: "GET", url });
      expect(prerendered.statusCode).toBe(200);
      expect(prerendered.body).toContain("<h1>Timesheet</h1>");
      expect(prerendered.headers["cache-control"]).toBe("no-cache");
    }
    expect((await app.inject({ method: "GET", url: "/timesheet/extra" })).body).not.toContain("<h1>");
    // One prerendered for an address with a query is sent for exactly that address; "/" otherwise.
    const selection = await app.inject({ method: "GET", url: "/?screen=customer-selection&form=timesheet" });
    expect(selection.statusCode).toBe(200);
    expect(selection.body).toContain("<h1>Select Customer</h1>");
    expect(selection.headers["cache-control"]).toBe("no-cache");
    for (const url of [
      "/",
      "/?screen=customer-selection&form=check-sheet",
      "/?form=timesheet&screen=customer-selection",
      "/?screen=customer-selection&form=timesheet&x=1",
      "/customer-selection-timesheet",
    ]) {
      expect((await app.inject({ method: "GET", url })).body, url).not.toContain("Select Customer");
    }

    const asset = await app.inject({ method: "GET", url: "/assets/app-abc123.js" });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers["cache-control"]).toContain("immutable");
    // Files of the build without a hash in their name are revalidated before use, compressed or not.
    for (const encoding of ["identity", "br"]) {
      const logo = await app.inject({
        method: "GET",
        url: "/logo.svg",
        headers: { "accept-encoding": encoding },
      });
      expect(logo.headers["cache-control"], encoding).toBe("no-cache");
    }
  });

  it("refuses a NUL character anywhere in a request with 400 on every database", async () => {
    const inPath = await app.inject({ method: "GET", url: "/api/vehicles/qr/%00" });
    expect(inPath.statusCode).toBe(400);
    const customer = SAMPLE_CUSTOMERS[0]!;
    const inBody = await app.inject({
      method: "POST",
      url: `/api/customers/${customer.id}/validate-order`,
      payload: { orderNumber: "P-12\u000034" },
    });
    expect(inBody.statusCode).toBe(400);
    const inQuery = await app.inject({ method: "GET", url: "/api/customers?x=%00" });
    expect(inQuery.statusCode).toBe(400);
  });

  it("sends strict security headers, allowing the pages' own inline script by its hash and no other", async () => {
    const res = await app.inject({ method: "GET", url: "/api/health" });
    const scriptSrc = /script-src ([^;]*)/.exec(String(res.headers["content-security-policy"]))?.[1];
    const bootHash = createHash("sha256").update(BOOT).digest("base64");
    expect(scriptSrc).toBe(`'self' 'wasm-unsafe-eval' 'sha256-${bootHash}'`);
    expect(res.headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(res.headers["strict-transport-security"]).toBeUndefined();
  });
});
