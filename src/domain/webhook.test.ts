import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { companyMessages } from "./company-messages";
import { checkWebhookUrl, MAX_WEBHOOK_URL_LENGTH } from "./webhook";

const strict = { allowLocalHttp: false };
const local = { allowLocalHttp: true };

describe("checkWebhookUrl", () => {
  it("takes an https address on the internet, as the parser writes it", () => {
    expect(checkWebhookUrl("  https://payroll.example.co.uk/hooks/plant?x=1 ", strict)).toEqual({
      ok: true,
      url: "https://payroll.example.co.uk/hooks/plant?x=1",
    });
    expect(checkWebhookUrl("HTTPS://Hire-Desk.Example.com:8443", strict)).toEqual({
      ok: true,
      url: "https://hire-desk.example.com:8443/",
    });
  });

  it.each([
    ["http://payroll.example.co.uk/hook", companyMessages.webhookUrlNotHttps],
    ["ftp://payroll.example.co.uk/hook", companyMessages.webhookUrlNotHttps],
    ["javascript:alert(1)", companyMessages.webhookUrlNotHttps],
    ["file:///etc/passwd", companyMessages.webhookUrlNotHttps],
    ["payroll.example.co.uk/hook", companyMessages.webhookUrlInvalid],
    ["https://", companyMessages.webhookUrlInvalid],
    ["", companyMessages.webhookUrlRequired],
    ["https://office:secret@payroll.example.co.uk/hook", companyMessages.webhookUrlCredentials],
    ["https://office@payroll.example.co.uk/hook", companyMessages.webhookUrlCredentials],
    ["https://10.0.0.5/hook", companyMessages.webhookUrlNotPublic],
    ["https://192.168.1.1/hook", companyMessages.webhookUrlNotPublic],
    ["https://172.20.0.1/hook", companyMessages.webhookUrlNotPublic],
    ["https://169.254.169.254/latest/meta-data", companyMessages.webhookUrlNotPublic],
    ["https://0.0.0.0/", companyMessages.webhookUrlNotPublic],
    ["https://[fd00::1]/", companyMessages.webhookUrlNotPublic],
    ["https://[fe80::1]/", companyMessages.webhookUrlNotPublic],
    ["https://[::ffff:10.0.0.1]/", companyMessages.webhookUrlNotPublic],
    ["https://localhost/hook", companyMessages.webhookUrlNotPublic],
    ["http://127.0.0.1:8080/hook", companyMessages.webhookUrlNotPublic],
    ["https://0x7f.1/hook", companyMessages.webhookUrlNotPublic],
    ["https://2130706433/hook", companyMessages.webhookUrlNotPublic],
    ["http://[::1]:9000/", companyMessages.webhookUrlNotPublic],
    ["https://localhost./hook", companyMessages.webhookUrlNotPublic],
    ["https://api.localhost/hook", companyMessages.webhookUrlNotPublic],
    ["https://127.1/hook", companyMessages.webhookUrlNotPublic],
    ["https://[0:0:0:0:0:0:0:1]/", companyMessages.webhookUrlNotPublic],
    ["https://[::ffff:127.0.0.1]/", companyMessages.webhookUrlNotPublic],
    ["https://0/", companyMessages.webhookUrlNotPublic],
  ])("refuses %s", (url, message) => {
    expect(checkWebhookUrl(url, strict)).toEqual({ ok: false, message });
  });

  it("takes this machine over http only with the flag for tests and development", () => {
    for (const url of ["http://127.0.0.1:8080/hook", "http://localhost:3000/", "http://[::1]:9000/"]) {
      expect(checkWebhookUrl(url, local).ok, url).toBe(true);
      expect(checkWebhookUrl(url, strict).ok, url).toBe(false);
    }
    // The flag opens this machine, not the network around it, nor plain http elsewhere.
    expect(checkWebhookUrl("http://payroll.example.co.uk/", local)).toEqual({
      ok: false,
      message: companyMessages.webhookUrlNotHttps,
    });
    expect(checkWebhookUrl("http://10.0.0.5/", local).ok).toBe(false);
  });

  it("refuses an address longer than the limit, however it is made", () => {
    const base = "https://payroll.example.co.uk/";
    const atLimit = base + "a".repeat(MAX_WEBHOOK_URL_LENGTH - base.length);
    expect(checkWebhookUrl(atLimit, strict)).toEqual({ ok: true, url: atLimit });
    expect(checkWebhookUrl(`${atLimit}a`, strict)).toEqual({
      ok: false,
      message: companyMessages.webhookUrlTooLong(MAX_WEBHOOK_URL_LENGTH),
    });
    // Within the limit as typed, over it once percent-encoded.
    const spaces = base + " x".repeat((MAX_WEBHOOK_URL_LENGTH - base.length) / 2 - 1);
    expect(spaces.length).toBeLessThanOrEqual(MAX_WEBHOOK_URL_LENGTH);
    expect(checkWebhookUrl(spaces, strict).ok).toBe(false);
  });

  it("never lets through anything but https (or this machine with the flag), credentials or an overlong address", () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.webUrl({ withQueryParameters: true, withFragments: true }),
          fc.string(),
          fc
            .tuple(
              fc.constantFrom("http", "https", "ftp"),
              fc.constantFrom(
                "localhost",
                "localhost.",
                "127.0.0.1",
                "127.1",
                "[::1]",
                "10.0.0.1",
                "a.example",
              ),
              fc.webPath(),
            )
            .map(([scheme, host, path]) => `${scheme}://${host}${path}`),
        ),
        fc.boolean(),
        (raw, allowLocalHttp) => {
          const result = checkWebhookUrl(raw, { allowLocalHttp });
          if (!result.ok) return;
          const url = new URL(result.url);
          const host = url.hostname.replace(/\.$/, "");
          const loopback = /^(localhost|.+\.localhost|\[::1\]|127(\.\d+){3})$/.test(host);
          expect(result.url.length).toBeLessThanOrEqual(MAX_WEBHOOK_URL_LENGTH);
          expect(url.username + url.password).toBe("");
          expect(host).not.toMatch(/^10\./);
          if (!allowLocalHttp) expect(loopback).toBe(false);
          if (url.protocol !== "https:") {
            expect(url.protocol).toBe("http:");
            expect(allowLocalHttp && loopback).toBe(true);
          }
        },
      ),
    );
  });
});
