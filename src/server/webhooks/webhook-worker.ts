import type { Kysely } from "kysely";
import { checkWebhookUrl, outcomeOfAnswer, outcomeOfFailure } from "../../domain/company/webhook";
import type { DB } from "../db/schema";
import {
  type AttemptResult,
  getWebhook,
  markWebhookFailed,
  markWebhookSent,
  WEBHOOK_REMOVED,
  type WebhookDelivery,
  webhookOutbox,
} from "../db/webhooks-repository";
import { type DeliveryLog, type DeliveryWorker, startDeliveryWorker } from "../delivery/delivery-worker";
import { postWebhook, type ResolveName, resolveWithSystem } from "./webhook-call";
import { webhookHeaders } from "./webhook-signature";

/** A receiver that has not answered in this long is taken as failed, and called again later. */
export const WEBHOOK_TIMEOUT_MS = 10_000;

export type WebhookWorker = DeliveryWorker;

export interface WebhookWorkerOptions {
  db: Kysely<DB>;
  /** The flag the address was checked with when it was set (WEBHOOKS_ALLOW_LOCAL_HTTP); checked again per call. */
  allowLocalHttp: boolean;
  now?: () => Date;
  /** How a name is resolved at each call: the system's resolver unless a test gives another. */
  resolve?: ResolveName;
  /** WEBHOOK_TIMEOUT_MS unless a test says. */
  timeoutMs?: number;
  leaseMs?: number;
  log?: DeliveryLog;
}

/** What came of an attempt, and whether to give the delivery up whatever the back-off says. */
interface Outcome {
  result: AttemptResult;
  final: boolean;
}

/**
 * Delivers the webhook outbox with the delivery worker, as the mail outbox is delivered (and with its back-off and
 * its number of attempts): a 2xx answer is delivered; any other answer, a redirect (never followed), a refused
 * connection or no answer within the timeout is tried again later. The body of an answer is never read; what came of each call is
 * kept as one word (domain/webhook's WEBHOOK_OUTCOMES) and the answer's status. Each call is signed with the
 * organisation's secret at the time of the call, to its address at that time, resolved at that time: the socket
 * connects only to an address the webhook may reach (`postWebhook`).
 */
export function startWebhookWorker(options: WebhookWorkerOptions): WebhookWorker {
  const now = options.now ?? (() => new Date());
  const timeoutMs = options.timeoutMs ?? WEBHOOK_TIMEOUT_MS;
  const resolve = options.resolve ?? resolveWithSystem;

  async function attempt(delivery: WebhookDelivery): Promise<Outcome> {
    const webhook = await getWebhook(options.db, delivery.organisationId);
    if (!webhook || delivery.body === null) {
      return { result: { outcome: WEBHOOK_REMOVED, httpStatus: null }, final: true };
    }
    // Checked again at each call: an address kept from before a rule was tightened is refused too.
    const address = checkWebhookUrl(webhook.url, { allowLocalHttp: options.allowLocalHttp });
    if (!address.ok) return { result: { outcome: "not-found", httpStatus: null }, final: false };
    try {
      const status = await postWebhook({
        url: address.url,
        local: address.local,
        headers: webhookHeaders(
          webhook.secret,
          { id: delivery.id, event: delivery.event, body: delivery.body },
          now(),
        ),
        body: delivery.body,
        timeoutMs,
        resolve,
      });
      return { result: { outcome: outcomeOfAnswer(status), httpStatus: status }, final: false };
    } catch (error) {
      // The socket's own words go to the server's log only: an admin reads the outcome.
      options.log?.warn({ err: error, deliveryId: delivery.id }, "webhook call failed");
      return {
        result: { outcome: outcomeOfFailure(error as { name?: unknown; code?: unknown }), httpStatus: null },
        final: false,
      };
    }
  }

  return startDeliveryWorker({
    db: options.db,
    queue: webhookOutbox,
    workerPrefix: "webhooks",
    words: { kind: "webhook", sent: "delivered" },
    idField: "deliveryId",
    attempt,
    verdict: ({ result, final }) =>
      result.outcome === "delivered" ? "delivered" : final ? "give-up" : "retry",
    markSent: (delivery, { result }, workerId, at) =>
      markWebhookSent(options.db, delivery, workerId, result, at),
    markFailed: (delivery, { result }, retryAt, workerId, at) =>
      markWebhookFailed(options.db, delivery, workerId, { result, retryAt, now: at }),
    describeFailure: (delivery, { result }) => ({
      organisationId: delivery.organisationId,
      outcome: result.outcome,
      httpStatus: result.httpStatus,
    }),
    // Each organisation's deliveries in order, the organisations side by side.
    groupOf: (delivery) => delivery.organisationId,
    now,
    leaseMs: options.leaseMs,
    log: options.log,
  });
}
