import { createHmac, timingSafeEqual } from "node:crypto";
import {
  DEFAULT_SIGNATURE_TOLERANCE_SECONDS,
  WEBHOOK_HEADERS,
  type WebhookEvent,
} from "../../domain/company/webhook";

/**
 * The webhooks' signature (decision record 029), apart from src/domain because it needs node:crypto: the rules of
 * what a call holds stay there, pure.
 */

/** The hex HMAC-SHA256 of "<timestamp>.<body>" under the secret: the header's v1. */
export function webhookSignature(
  secret: string,
  timestampSeconds: number,
  body: string | Uint8Array,
): string {
  return createHmac("sha256", secret)
    .update(`${timestampSeconds}.`)
    .update(typeof body === "string" ? Buffer.from(body, "utf8") : body)
    .digest("hex");
}

/** The X-PlantSheets-Signature header for a call made at `now`. */
export function signatureHeader(secret: string, body: string, now: Date): string {
  const t = Math.floor(now.getTime() / 1000);
  return `t=${t},v1=${webhookSignature(secret, t, body)}`;
}

/** Every header of one call, beside Content-Type. */
export function webhookHeaders(
  secret: string,
  delivery: { id: string; event: WebhookEvent; body: string },
  now: Date,
): Record<string, string> {
  return {
    "content-type": "application/json",
    [WEBHOOK_HEADERS.signature]: signatureHeader(secret, delivery.body, now),
    [WEBHOOK_HEADERS.event]: delivery.event,
    [WEBHOOK_HEADERS.delivery]: delivery.id,
  };
}

const HEX_SHA256 = /^[0-9a-f]{64}$/;

/**
 * For a receiver: true when `header` (X-PlantSheets-Signature) signs exactly `body` (the raw bytes received,
 * before any JSON parsing) with `secret`, at a time within `toleranceSeconds` of `now`. False for anything else:
 * a missing or malformed header, another secret, a changed body, a time too far off. Compared in constant time.
 */
export function verifyWebhookSignature(
  secret: string,
  header: string | null | undefined,
  body: string | Uint8Array,
  now: Date,
  toleranceSeconds: number = DEFAULT_SIGNATURE_TOLERANCE_SECONDS,
): boolean {
  if (typeof header !== "string" || secret === "") return false;
  let t: number | undefined;
  const signatures: string[] = [];
  for (const part of header.split(",")) {
    const at = part.indexOf("=");
    if (at < 0) return false;
    const key = part.slice(0, at).trim();
    const value = part.slice(at + 1).trim();
    if (key === "t") {
      if (t !== undefined || !/^\d{1,12}$/.test(value)) return false;
      t = Number(value);
    } else if (key === "v1") {
      signatures.push(value);
    }
  }
  if (t === undefined || signatures.length === 0) return false;
  if (Math.abs(now.getTime() / 1000 - t) > toleranceSeconds) return false;
  const expected = Buffer.from(webhookSignature(secret, t, body), "hex");
  return signatures.some(
    (signature) => HEX_SHA256.test(signature) && timingSafeEqual(Buffer.from(signature, "hex"), expected),
  );
}
