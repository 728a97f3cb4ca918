import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { checkWebhookUrl } from "../../domain/webhook";
import { DEFAULT_CLAIM_LEASE_MS } from "../db/outbox-repository";
import type { DB } from "../db/schema";
import {
  claimWebhookBatch,
  getWebhook,
  markWebhookFailed,
  markWebhookSent,
  renewWebhookClaim,
  WEBHOOK_REMOVED,
  type WebhookDelivery,
} from "../db/webhooks-repository";
import { nextRetryAt } from "../mail/outbox-worker";
import { webhookHeaders } from "./webhook-signature";

const BATCH_SIZE = 20;
const IDLE_POLL_MS = 2_000;
/** A receiver that has not answered in this long is taken as failed, and called again later. */
export const WEBHOOK_TIMEOUT_MS = 10_000;

/** The one way a call is made: Node's fetch unless a test gives another. */
export type WebhookFetch = (url: string, init: RequestInit) => Promise<Response>;

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
  fetch?: WebhookFetch;
  /** WEBHOOK_TIMEOUT_MS unless a test says. */
  timeoutMs?: number;
  leaseMs?: number;
  log?: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
}

type Outcome =
  | { delivered: true; statusLine: string }
  | { delivered: false; statusLine: string; final: boolean };

/**
 * Delivers the webhook outbox, as the mail outbox worker delivers mail (and with its back-off and its number of
 * attempts): a 2xx answer is delivered; any other answer, a redirect (never followed), a refused connection or no
 * answer within the timeout is tried again later. The body of an answer is never read, only its status line kept.
 * Each call is signed with the organisation's secret at the time of the call, to its address at that time.
 */
export function startWebhookWorker(options: WebhookWorkerOptions): WebhookWorker {
  const workerId = `webhooks-${randomUUID()}`;
  const now = options.now ?? (() => new Date());
  const leaseMs = options.leaseMs ?? DEFAULT_CLAIM_LEASE_MS;
  const timeoutMs = options.timeoutMs ?? WEBHOOK_TIMEOUT_MS;
  const call = options.fetch ?? ((url, init) => fetch(url, init));
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
    if (!webhook || delivery.body === null)
      return { delivered: false, statusLine: WEBHOOK_REMOVED, final: true };
    const address = checkWebhookUrl(webhook.url, { allowLocalHttp: options.allowLocalHttp });
    if (!address.ok) return { delivered: false, statusLine: "address refused", final: false };
    try {
      const response = await call(address.url, {
        method: "POST",
        headers: webhookHeaders(
          webhook.secret,
          { id: delivery.id, event: delivery.event, body: delivery.body },
          now(),
        ),
        body: delivery.body,
        redirect: "manual",
        signal: AbortSignal.timeout(timeoutMs),
      });
      // The answer's body is not wanted: let the connection go without reading it.
      await response.body?.cancel().catch(() => undefined);
      const statusLine = `HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ""}`;
      return response.status >= 200 && response.status < 300
        ? { delivered: true, statusLine }
        : { delivered: false, statusLine, final: false };
    } catch (error) {
      const timedOut =
        error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
      const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : "";
      return {
        delivered: false,
        statusLine: timedOut
          ? `no answer within ${timeoutMs / 1000} s`
          : `${error instanceof Error ? error.message : String(error)}${cause}`,
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
    if (outcome.delivered) {
      if (!(await markWebhookSent(options.db, delivery.id, workerId, outcome.statusLine, now()))) {
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
        status: outcome.statusLine,
        retry: retryAt !== null,
      },
      "webhook not delivered",
    );
    await markWebhookFailed(options.db, delivery.id, workerId, { statusLine: outcome.statusLine, retryAt });
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
