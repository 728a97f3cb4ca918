import { z } from "zod";
import { companyMessages } from "./company-messages";

/**
 * An organisation's signed webhook (decision record 029): where its events may be sent, how each call is signed,
 * and how a receiver checks a call. Pure: the server signs with these, and a receiver (a hire desk, a payroll
 * system) can check with `verifyWebhookSignature` (src/server/webhooks/webhook-signature.ts).
 *
 * The scheme, as Stripe's: every call is a POST of a JSON body with
 * - `X-PlantSheets-Event`: the event ("set.approved", "defect.reported");
 * - `X-PlantSheets-Delivery`: the delivery's id, the same on every attempt of one event (the body's `id` too), so
 *   a receiver keeps the ids it has taken in and ignores a repeat: delivery is at least once, and after a crash
 *   in the middle of a call, or an answer that never arrived, the same delivery comes again;
 * - `X-PlantSheets-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>" with the secret>`. The time is
 *   the attempt's, so a retry carries a fresh one; a receiver refuses a signature whose time is far from its own
 *   clock (5 minutes by default), so a recorded call cannot be replayed later.
 */

export const WEBHOOK_EVENTS = ["set.approved", "defect.reported"] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

export const WEBHOOK_HEADERS = {
  signature: "X-PlantSheets-Signature",
  event: "X-PlantSheets-Event",
  delivery: "X-PlantSheets-Delivery",
} as const;

/** Long enough for any real receiver's address with its query, short enough to keep out of mischief. */
export const MAX_WEBHOOK_URL_LENGTH = 2000;

/** How far a signature's time may be from the receiver's clock, unless the receiver says. */
export const DEFAULT_SIGNATURE_TOLERANCE_SECONDS = 300;

// ---- The address ------------------------------------------------------------------------------------------------

export interface WebhookUrlOptions {
  /**
   * Lets `http://` (and `https://`) to this machine (localhost, 127.0.0.0/8, ::1) through: for tests and
   * development only (WEBHOOKS_ALLOW_LOCAL_HTTP). Off, only https to a public host is taken.
   */
  allowLocalHttp: boolean;
}

export type WebhookUrlResult = { ok: true; url: string } | { ok: false; message: string };

const LOOPBACK_HOSTS = /^(localhost|.+\.localhost|\[::1\]|127(\.\d{1,3}){3})$/i;

/**
 * Addresses no webhook may go to, whatever the flag: a private network's, link-local (the cloud's metadata
 * service) and the unspecified ones, as IP literals. The URL parser has already turned other spellings of an IPv4
 * address (0x7f.1, 2130706433) into dotted decimal.
 */
function isPrivateLiteral(hostname: string): boolean {
  const v4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(hostname);
  if (v4) {
    const [a, b] = [Number(v4[1]), Number(v4[2])];
    return (
      a === 0 ||
      a === 10 ||
      (a === 100 && b >= 64 && b <= 127) ||
      (a === 169 && b === 254) ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168)
    );
  }
  if (!hostname.startsWith("[")) return false;
  const v6 = hostname.slice(1, -1).toLowerCase();
  return (
    v6 === "::" ||
    /^f[cd][0-9a-f]{0,2}:/.test(v6) ||
    /^fe[89ab][0-9a-f]?:/.test(v6) ||
    // An IPv4 address written as IPv6 (::ffff:10.0.0.1 becomes ::ffff:a00:1): judged as the address it is.
    v6.startsWith("::ffff:")
  );
}

/**
 * Whether an admin's address may receive the company's webhook, and the address as it will be called. Only https
 * (the body names drivers and their hours); never with a user name or password in it (they would sit in the
 * database and the logs: a receiver checks the signature instead); at most MAX_WEBHOOK_URL_LENGTH characters;
 * never a private or link-local address; this machine only when `allowLocalHttp` is on.
 */
export function checkWebhookUrl(raw: string, options: WebhookUrlOptions): WebhookUrlResult {
  const text = raw.trim();
  if (text.length === 0) return { ok: false, message: companyMessages.webhookUrlRequired };
  if (text.length > MAX_WEBHOOK_URL_LENGTH) {
    return { ok: false, message: companyMessages.webhookUrlTooLong(MAX_WEBHOOK_URL_LENGTH) };
  }
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { ok: false, message: companyMessages.webhookUrlInvalid };
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") {
    return { ok: false, message: companyMessages.webhookUrlNotHttps };
  }
  if (url.username !== "" || url.password !== "") {
    return { ok: false, message: companyMessages.webhookUrlCredentials };
  }
  if (url.hostname === "") return { ok: false, message: companyMessages.webhookUrlInvalid };
  // "localhost." is localhost: a name's final dot is judged without it.
  const hostname = url.hostname.replace(/\.$/, "");
  const local = LOOPBACK_HOSTS.test(hostname);
  if (local && !options.allowLocalHttp) return { ok: false, message: companyMessages.webhookUrlNotPublic };
  if (isPrivateLiteral(hostname)) return { ok: false, message: companyMessages.webhookUrlNotPublic };
  if (url.protocol === "http:" && !local) return { ok: false, message: companyMessages.webhookUrlNotHttps };
  // The parser may lengthen it (percent-encoding): the limit holds for what is stored and called.
  if (url.href.length > MAX_WEBHOOK_URL_LENGTH) {
    return { ok: false, message: companyMessages.webhookUrlTooLong(MAX_WEBHOOK_URL_LENGTH) };
  }
  return { ok: true, url: url.href };
}

/** The body of PUT /api/organisations/{id}/webhook; the address itself is judged by checkWebhookUrl. */
export const WebhookRequestSchema = z.object({
  url: z.string().max(MAX_WEBHOOK_URL_LENGTH * 2, companyMessages.webhookUrlTooLong(MAX_WEBHOOK_URL_LENGTH)),
});
export type WebhookRequest = z.infer<typeof WebhookRequestSchema>;

// ---- The body ---------------------------------------------------------------------------------------------------

/** What every call's JSON body is: the delivery's id (as its header), the event, when it happened, its data. */
export interface WebhookEnvelope<Data = Record<string, unknown>> {
  id: string;
  event: WebhookEvent;
  /** ISO-8601: when the event happened (the commit that queued it), not when this attempt was made. */
  createdAt: string;
  organisationId: string;
  data: Data;
}

/** "set.approved": the office approved a driver's week. Names and figures only: no signature, no photo. */
export interface SetApprovedData {
  timesheetId: string;
  checkSheetIds: string[];
  driverName: string;
  plantNumber: string;
  customer: string;
  site: string;
  weekEnding: string;
  totalHours: number;
  /** How many defects the week's check sheets report. */
  defects: number;
  approvedAt: string;
  approvedBy: { accountId: string; name: string };
  rating: string;
}

export function webhookBody(envelope: WebhookEnvelope<unknown>): string {
  return JSON.stringify(envelope);
}

/** What an admin sees of the company's webhook: never its secret. */
export interface WebhookView {
  url: string;
  createdAt: string;
  updatedAt: string;
  secretRotatedAt: string | null;
  /** The latest event queued for it and how its delivery stands; null before the first. */
  lastDelivery: {
    id: string;
    event: string;
    status: string;
    attempts: number;
    /** The receiver's status line ("HTTP 200 OK") or why the last attempt failed; null before the first. */
    lastStatus: string | null;
    createdAt: string;
    sentAt: string | null;
  } | null;
}
