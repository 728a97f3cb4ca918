import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { checkWebhookUrl, outcomeOfAnswer, outcomeOfFailure } from "../../domain/webhook";
import { DEFAULT_CLAIM_LEASE_MS } from "../db/outbox-repository";
import type { DB } from "../db/schema";
import {
  type AttemptResult,
  claimWebhookBatch,
  getWebhook,
  markWebhookFailed,
  markWebhookSent,
  renewWebhookClaim,
  WEBHOOK_REMOVED,
  type WebhookDelivery,
} from "../db/webhooks-repository";
import { nextRetryAt } from "../mail/outbox-worker";
import { postWebhook, type ResolveName, resolveWithSystem } from "./webhook-call";
import { webhookHeaders } from "./webhook-signature";

const BATCH_SIZE = 20;
const IDLE_POLL_MS = 2_000;
/** A receiver that has not answered in this long is taken as failed, and called again later. */
export const WEBHOOK_TIMEOUT_MS = 10_000;

export interface WebhookWorker {
  /** Looks for work now instead of at the next poll (called after a commit that queued a delivery). */
  wake(): void;
  /** Finishes the batch in hand, then stops. */
  stop(): Promise<void>;
  /** Delivers everything due now; for tests and shutdown. */
  drain(): Promise<void>;
}

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
  log?: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
}

/** What came of an attempt, and whether to give the delivery up whatever the back-off says. */
interface Outcome {
  result: AttemptResult;
  final: boolean;
}

/**
 * Delivers the webhook outbox, as the mail outbox worker delivers mail (and with its back-off and its number of
 * attempts): a 2xx answer is delivered; any other answer, a redirect (never followed), a refused connection or no
 * answer within the timeout is tried again later. The body of an answer is never read; what came of each call is
 * kept as one word (domain/webhook's WEBHOOK_OUTCOMES) and the answer's status. Each call is signed with the
 * organisation's secret at the time of the call, to its address at that time, resolved at that time: the socket
 * connects only to an address the webhook may reach (`postWebhook`).
 */
export function startWebhookWorker(options: WebhookWorkerOptions): WebhookWorker {
  const workerId = `webhooks-${randomUUID()}`;
  const now = options.now ?? (() => new Date());
  const leaseMs = options.leaseMs ?? DEFAULT_CLAIM_LEASE_MS;
  const timeoutMs = options.timeoutMs ?? WEBHOOK_TIMEOUT_MS;
  const resolve = options.resolve ?? resolveWithSystem;
  let running = true;
  let timer: NodeJS.Timeout | undefined;
  let current: Promise<void> = Promise.resolve();

  function holdClaim(id: string): () => void {
    const renew = setInterval(() => {
      renewWebhookClaim(options.db, id, workerId, now(), leaseMs).catch((error: unknown) =>
        options.log?.warn({ err: error, deliveryId: id }, "webhook claim not renewed"),
      );
    }, leaseMs / 3);
    return () => clearInterval(renew);
  }

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

  async function deliver(delivery: WebhookDelivery) {
    // Claimed with the batch, perhaps a while ago: one another worker has taken over is its to call.
    if (!(await renewWebhookClaim(options.db, delivery.id, workerId, now(), leaseMs))) return;
    const release = holdClaim(delivery.id);
    let outcome: Outcome;
    try {
      outcome = await attempt(delivery);
    } finally {
      release();
    }
    if (outcome.result.outcome === "delivered") {
      if (!(await markWebhookSent(options.db, delivery, workerId, outcome.result, now()))) {
        options.log?.warn({ deliveryId: delivery.id }, "webhook delivered after its claim was lost");
      }
      return;
    }
    const retryAt = outcome.final ? null : nextRetryAt(delivery.attempts, now());
    options.log?.warn(
      {
        deliveryId: delivery.id,
        organisationId: delivery.organisationId,
        attempts: delivery.attempts,
        outcome: outcome.result.outcome,
        httpStatus: outcome.result.httpStatus,
        retry: retryAt !== null,
      },
      "webhook not delivered",
    );
    await markWebhookFailed(options.db, delivery, workerId, { result: outcome.result, retryAt, now: now() });
  }

  async function drainOnce() {
    for (;;) {
      const batch = await claimWebhookBatch(options.db, workerId, BATCH_SIZE, now(), leaseMs);
      if (batch.length === 0) return;
      // Each organisation's deliveries in order, the organisations side by side: one company's receiver that
      // does not answer holds up only its own calls (until the batch is done).
      const byOrganisation = new Map<string, WebhookDelivery[]>();
      for (const delivery of batch) {
        byOrganisation.set(delivery.organisationId, [
          ...(byOrganisation.get(delivery.organisationId) ?? []),
          delivery,
        ]);
      }
      await Promise.all(
        [...byOrganisation.values()].map(async (deliveries) => {
          for (const delivery of deliveries) await deliver(delivery);
        }),
      );
    }
  }

  function schedule(delay: number) {
    if (!running) return;
    clearTimeout(timer);
    timer = setTimeout(tick, delay);
  }

  function tick() {
    current = current
      .then(drainOnce)
      .catch((error: unknown) => options.log?.error({ err: error }, "webhook worker pass failed"))
      .finally(() => schedule(IDLE_POLL_MS));
  }

  schedule(0);

  return {
    wake: () => schedule(0),
    drain: () => {
      current = current.then(drainOnce);
      return current;
    },
    async stop() {
      running = false;
      clearTimeout(timer);
      await current.catch(() => undefined);
    },
  };
}
