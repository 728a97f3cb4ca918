import { createHmac } from "node:crypto";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { WEBHOOK_HEADERS } from "../../domain/company/webhook";
import {
  signatureHeader,
  verifyWebhookSignature,
  webhookHeaders,
  webhookSignature,
} from "./webhook-signature";

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
