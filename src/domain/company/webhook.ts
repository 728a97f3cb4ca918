import { z } from "zod";
import { classifyIpAddress } from "../accounts/ip-address";
import { companyMessages } from "../text/company-messages";
import type { ApprovedForm, approvedWeek } from "./company-state";

/**
 * An organisation's signed webhook (decision record 029): where its events may be sent, how each call is signed,
 * and how a receiver checks a call. Pure: the server signs with these, and a receiver (a hire desk, a payroll
 * system) can check with `verifyWebhookSignature` (src/server/webhooks/webhook-signature.ts).
 *
 * The scheme, as Stripe's: every call is a POST of a JSON body with
 * - `X-PlantSheets-Event`: the event ("set.approved", "defect.reported", "hire.ended");
 * - `X-PlantSheets-Delivery`: the delivery's id, the same on every attempt of one event (the body's `id` too), so
 *   a receiver keeps the ids it has taken in and ignores a repeat: delivery is at least once, and after a crash
 *   in the middle of a call, or an answer that never arrived, the same delivery comes again;
 * - `X-PlantSheets-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>" with the secret>`. The time is
 *   the attempt's, so a retry carries a fresh one; a receiver refuses a signature whose time is far from its own
 *   clock (5 minutes by default), so a recorded call cannot be replayed later.
 */

export const WEBHOOK_EVENTS = ["set.approved", "defect.reported", "hire.ended"] as const;
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
   * development only (WEBHOOKS_ALLOW_LOCAL_HTTP). Off, only https to a public host is taken. It opens this machine
   * by those names only: any other name must still resolve to the internet.
   */
  allowLocalHttp: boolean;
}

export type WebhookUrlResult =
  | {
      ok: true;
      url: string;
      /** This machine, let through by `allowLocalHttp`: its name may resolve to a loopback address. */
      local: boolean;
    }
  | { ok: false; message: string };

const LOCALHOST = /^(localhost|.+\.localhost)$/;

/**
 * Top-level names that never lead to the internet: IANA's special-use names (RFC 6761 and after), ICANN's
 * `internal` for private use, and names private networks use that will never be delegated (`localdomain`, `lan`,
 * ICANN's deferred `home` and `corp`). A name of one label (`vm`, `metadata`, `ip6-localhost`) is a machine's
 * own or its network's, never the internet's.
 */
const PRIVATE_TOP_LEVEL_NAMES = new Set([
  "localhost",
  "local",
  "internal",
  "localdomain",
  "lan",
  "home",
  "corp",
  "arpa",
  "test",
  "invalid",
  "example",
  "onion",
  "alt",
]);

function isPublicName(hostname: string): boolean {
  const labels = hostname.split(".");
  return labels.length > 1 && !PRIVATE_TOP_LEVEL_NAMES.has(labels.at(-1) ?? "");
}

/**
 * Whether an admin's address may receive the company's webhook, and the address as it will be called. Only https
 * (the body names drivers and their hours); never with a user name or password in it (they would sit in the
 * database and the logs: a receiver checks the signature instead); at most MAX_WEBHOOK_URL_LENGTH characters;
 * an IP address only when global unicast (`classifyIpAddress`); a name only when it can be on the internet;
 * this machine only when `allowLocalHttp` is on. What a name resolves to is judged at each call
 * (`mayConnectTo`), as only then is it known.
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
  // "localhost." is localhost: a name's final dot is judged without it. The parser has already written any
  // other spelling of an IPv4 address (0x7f.1, 2130706433) in dotted decimal, and IPv6 in brackets.
  const hostname = url.hostname.replace(/\.$/, "");
  const kind = classifyIpAddress(hostname);
  const thisMachine = kind === null ? LOCALHOST.test(hostname) : kind === "loopback";
  const public_ = kind === null ? isPublicName(hostname) : kind === "global";
  const local = thisMachine && options.allowLocalHttp;
  if (!public_ && !local) return { ok: false, message: companyMessages.webhookUrlNotPublic };
  if (url.protocol === "http:" && !local) return { ok: false, message: companyMessages.webhookUrlNotHttps };
  // The parser may lengthen it (percent-encoding): the limit holds for what is stored and called.
  if (url.href.length > MAX_WEBHOOK_URL_LENGTH) {
    return { ok: false, message: companyMessages.webhookUrlTooLong(MAX_WEBHOOK_URL_LENGTH) };
  }
  return { ok: true, url: url.href, local };
}

/**
 * Whether a call may connect to `address`, an address the webhook's name resolved to (or the IP address it is):
 * a global unicast address, or this machine's loopback when the address was let through as `local`.
 */
export function mayConnectTo(address: string, local: boolean): boolean {
  const kind = classifyIpAddress(address);
  return kind === "global" || (local && kind === "loopback");
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
  /**
   * The week and each of its forms (the timesheet first, then the check sheets by date) in the company's words
   * (decision record 040), as the office's screens, the driver's phone, mails and PDFs say them: "approved", and
   * the resubmitted marker (when, which fields changed) of a form submitted again after the office returned it.
   */
  week: ReturnType<typeof approvedWeek>["week"];
  forms: ApprovedForm[];
}

export function webhookBody(envelope: WebhookEnvelope<unknown>): string {
  return JSON.stringify(envelope);
}

// ---- What came of a call ----------------------------------------------------------------------------------------

/**
 * What came of one call, as an admin reads it: a closed set, worded by `companyMessages.webhookOutcome`. Never the
 * socket's own words nor the address a name resolved to: those would make the webhook a probe of the server's
 * network (what answers where, which names exist inside it).
 */
export const WEBHOOK_OUTCOMES = [
  /** A 2xx answer. */
  "delivered",
  /** Any other answer but a redirect: its status is kept. */
  "answered",
  /** A 3xx answer, never followed. */
  "redirected",
  /** Nothing within the time a receiver is given. */
  "no-answer",
  /** The connection failed: refused, reset, unreachable, or anything not named here. */
  "could-not-connect",
  /** The TLS handshake failed: a certificate not trusted, expired or for another name, or no TLS at all. */
  "refused-by-tls",
  /**
   * The name is unknown, or leads to no address on the internet: one word for both, so a name inside the
   * server's network cannot be told from a name nowhere.
   */
  "not-found",
  /** Given up without a call because the webhook was removed. */
  "webhook-removed",
] as const;
export type WebhookOutcome = (typeof WEBHOOK_OUTCOMES)[number];

/** The code of the error a call fails with when the address it would connect to is refused (`mayConnectTo`). */
export const ADDRESS_REFUSED_CODE = "EWEBHOOKADDRESSREFUSED";

/** What an answer's status makes of a call. */
export function outcomeOfAnswer(status: number): WebhookOutcome {
  if (status >= 200 && status < 300) return "delivered";
  return status >= 300 && status < 400 ? "redirected" : "answered";
}

const NAME_FAILURES = new Set([
  ADDRESS_REFUSED_CODE,
  "ENOTFOUND",
  "EAI_AGAIN",
  "EAI_FAIL",
  "EAI_NODATA",
  "ENODATA",
]);
/** OpenSSL's certificate checks (DEPTH_ZERO_SELF_SIGNED_CERT, CERT_HAS_EXPIRED...) and Node's TLS and SSL errors. */
const TLS_FAILURE =
  /CERT|CRL|^UNABLE_TO_|^INVALID_CA$|^INVALID_PURPOSE$|^PATH_LENGTH_EXCEEDED$|^HOSTNAME_MISMATCH$|^ERR_TLS_|^ERR_SSL_|^EPROTO$/;

/** What a failed call makes of it, from the error's name and code (as Node gives them) and nothing else. */
export function outcomeOfFailure(error: { name?: unknown; code?: unknown }): WebhookOutcome {
  const code = typeof error.code === "string" ? error.code : "";
  if (error.name === "AbortError" || error.name === "TimeoutError" || code === "ABORT_ERR")
    return "no-answer";
  if (NAME_FAILURES.has(code)) return "not-found";
  return TLS_FAILURE.test(code) ? "refused-by-tls" : "could-not-connect";
}

/** One call of the webhook's, as its history shows it. */
export interface WebhookAttemptView {
  id: string;
  deliveryId: string;
  event: string;
  outcome: WebhookOutcome;
  /** The answer's status, when there was an answer. */
  httpStatus: number | null;
  at: string;
  /** This call was the delivery's last before it was given up, and the delivery can be sent again. */
  resendable: boolean;
}

/** How many calls a webhook's history keeps, the latest; older ones are let go as new ones come. */
export const WEBHOOK_HISTORY_LENGTH = 50;

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
    status: "queued" | "sending" | "sent" | "failed";
    attempts: number;
    /** What came of the last attempt; null before the first. */
    outcome: WebhookOutcome | null;
    httpStatus: number | null;
    createdAt: string;
    sentAt: string | null;
  } | null;
  /** The latest calls, newest first: at most WEBHOOK_HISTORY_LENGTH. */
  history: WebhookAttemptView[];
}
