import { createHmac } from "node:crypto";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { companyMessages } from "./company-messages";
import {
  checkWebhookUrl,
  MAX_WEBHOOK_URL_LENGTH,
  signatureHeader,
  verifyWebhookSignature,
  WEBHOOK_HEADERS,
  webhookHeaders,
  webhookSignature,
} from "./webhook";

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

describe("the signature", () => {
  const secret = "whsec_test-secret";
  const body = JSON.stringify({ id: "d1", event: "set.approved", data: { driverName: "Zoë Ó Briain" } });
  const now = new Date("2026-11-27T08:00:00.000Z");
  const t = 1_795_766_400;

  it("is the hex HMAC-SHA256 of '<t>.<body>', as a receiver computes it on its own", () => {
    const own = createHmac("sha256", secret).update(`${t}.${body}`).digest("hex");
    expect(webhookSignature(secret, t, body)).toBe(own);
    expect(signatureHeader(secret, body, now)).toBe(`t=${t},v1=${own}`);
  });

  it("comes with the event and the delivery's id", () => {
    const headers = webhookHeaders(secret, { id: "d1", event: "set.approved", body }, now);
    expect(headers[WEBHOOK_HEADERS.event]).toBe("set.approved");
    expect(headers[WEBHOOK_HEADERS.delivery]).toBe("d1");
    expect(headers[WEBHOOK_HEADERS.signature]).toBe(signatureHeader(secret, body, now));
    expect(headers["content-type"]).toBe("application/json");
  });

  it("verifies a call as sent, from its string or its bytes", () => {
    const header = signatureHeader(secret, body, now);
    expect(verifyWebhookSignature(secret, header, body, now)).toBe(true);
    expect(verifyWebhookSignature(secret, header, Buffer.from(body, "utf8"), now)).toBe(true);
  });

  it("refuses a changed body, another secret, a missing or malformed header", () => {
    const header = signatureHeader(secret, body, now);
    expect(verifyWebhookSignature(secret, header, body.replace("Zoë", "Zoe"), now)).toBe(false);
    expect(verifyWebhookSignature(secret, header, `${body} `, now)).toBe(false);
    expect(verifyWebhookSignature("whsec_other", header, body, now)).toBe(false);
    expect(verifyWebhookSignature("", header, body, now)).toBe(false);
    for (const bad of [
      undefined,
      null,
      "",
      "t=abc,v1=00",
      `v1=${webhookSignature(secret, t, body)}`,
      `t=${t}`,
      `t=${t},v1=${webhookSignature(secret, t, body).slice(0, 63)}`,
      `t=${t},t=${t},v1=${webhookSignature(secret, t, body)}`,
      `t=${t + 1},v1=${webhookSignature(secret, t, body)}`,
      "garbage",
    ]) {
      expect(verifyWebhookSignature(secret, bad, body, now), String(bad)).toBe(false);
    }
  });

  it("refuses an old (or future) timestamp outside the tolerance, and takes one within it", () => {
    const header = signatureHeader(secret, body, now);
    const later = (seconds: number) => new Date(now.getTime() + seconds * 1000);
    expect(verifyWebhookSignature(secret, header, body, later(300))).toBe(true);
    expect(verifyWebhookSignature(secret, header, body, later(301))).toBe(false);
    expect(verifyWebhookSignature(secret, header, body, later(-301))).toBe(false);
    expect(verifyWebhookSignature(secret, header, body, later(3600), 3600)).toBe(true);
    expect(verifyWebhookSignature(secret, header, body, later(61), 60)).toBe(false);
  });

  it("verifies whatever the body and secret, and fails once any byte of the body changes", () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1 }),
        fc.string(),
        fc.nat({ max: 2_000_000_000 }),
        fc.nat(),
        (key, text, seconds, flip) => {
          const at = new Date(seconds * 1000);
          const header = signatureHeader(key, text, at);
          expect(verifyWebhookSignature(key, header, text, at)).toBe(true);
          const bytes = Buffer.from(text, "utf8");
          if (bytes.length === 0) return;
          bytes[flip % bytes.length] = (bytes[flip % bytes.length]! + 1) % 256;
          expect(verifyWebhookSignature(key, header, bytes, at)).toBe(false);
        },
      ),
    );
  });

  it("accepts any of several v1 signatures, as during a receiver's own change of secret", () => {
    const header = `${signatureHeader(secret, body, now)},v1=${"0".repeat(64)}`;
    expect(verifyWebhookSignature(secret, header, body, now)).toBe(true);
  });
});
