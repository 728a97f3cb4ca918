import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { DB } from "../db/schema";
import { DEFAULT_CLAIM_LEASE_MS, type DeliveryQueue, nextRetryAt } from "./delivery-queue";

const BATCH_SIZE = 20;
const IDLE_POLL_MS = 2_000;

export interface DeliveryWorker {
  /** Looks for work now instead of at the next poll (called after a commit that queued something to deliver). */
  wake(): void;
  /** Finishes the batch in hand, then stops. */
  stop(): Promise<void>;
  /** Delivers everything due now; for tests and shutdown. */
  drain(): Promise<void>;
}

export interface DeliveryLog {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/** What came of one attempt, as the worker acts on it: give up means no retry, whatever the back-off says. */
export type Verdict = "delivered" | "retry" | "give-up";

/** What one kind of delivery (mail, webhooks) adds to the worker: its queue, how it sends and records one item. */
export interface DeliveryWorkerOptions<Item extends { id: string; attempts: number }, Result> {
  db: Kysely<DB>;
  queue: DeliveryQueue<Item>;
  /** Starts the worker's id, which claims carry (`claimed_by`). */
  workerPrefix: string;
  /** Names the kind and what it is once delivered in log lines: "mail" and "sent" make "mail not sent". */
  words: { kind: string; sent: string };
  /** The log field an item's id is written under. */
  idField: string;
  /** Sends one item; runs while its claim is held and renewed. */
  attempt(item: Item): Promise<Result>;
  verdict(result: Result): Verdict;
  /** Records delivery; false when the claim was lost. */
  markSent(item: Item, result: Result, workerId: string, now: Date): Promise<boolean>;
  /** Records a failed attempt: queued again for `retryAt`, or given up with null. */
  markFailed(item: Item, result: Result, retryAt: Date | null, workerId: string, now: Date): Promise<unknown>;
  /** What the log says of a failed attempt beside the item's id and attempts. */
  describeFailure?: (item: Item, result: Result) => object;
  /**
   * Items of one group are sent in order, the groups side by side; without it a batch is sent one by one. So one
   * company's receiver that does not answer holds up only its own calls (until the batch is done).
   */
  groupOf?: (item: Item) => string;
  now?: () => Date;
  /** How long a claim lasts unless renewed (DEFAULT_CLAIM_LEASE_MS); renewed every third of it while sending. */
  leaseMs?: number;
  log?: DeliveryLog;
}

/** Polls a delivery queue: claims due items in batches, sends each while holding its claim, records the outcome. */
export function startDeliveryWorker<Item extends { id: string; attempts: number }, Result>(
  options: DeliveryWorkerOptions<Item, Result>,
): DeliveryWorker {
  const workerId = `${options.workerPrefix}-${randomUUID()}`;
  const now = options.now ?? (() => new Date());
  const leaseMs = options.leaseMs ?? DEFAULT_CLAIM_LEASE_MS;
  const words = options.words;
  let running = true;
  let timer: NodeJS.Timeout | undefined;
  let current: Promise<void> = Promise.resolve();

  /** Keeps the claim while the send runs, so no other worker takes the item over meanwhile. */
  function holdClaim(id: string): () => void {
    const renew = setInterval(() => {
      options.queue
        .renew(options.db, id, workerId, now(), leaseMs)
        .catch((error: unknown) =>
          options.log?.warn({ err: error, [options.idField]: id }, `${words.kind} claim not renewed`),
        );
    }, leaseMs / 3);
    return () => clearInterval(renew);
  }

  async function deliver(item: Item) {
    // Claimed with the batch, perhaps a while ago: an item another worker has taken over is its to send.
    if (!(await options.queue.renew(options.db, item.id, workerId, now(), leaseMs))) return;
    const release = holdClaim(item.id);
    let result: Result;
    try {
      result = await options.attempt(item);
    } finally {
      release();
    }
    await settle(item, result);
  }

  /** Records what came of an attempt: delivered, queued again after the back-off, or given up. */
  async function settle(item: Item, result: Result) {
    const verdict = options.verdict(result);
    if (verdict === "delivered") {
      if (!(await options.markSent(item, result, workerId, now()))) {
        options.log?.warn(
          { [options.idField]: item.id },
          `${words.kind} ${words.sent} after its claim was lost`,
        );
      }
      return;
    }
    const retryAt = verdict === "give-up" ? null : nextRetryAt(item.attempts, now());
    options.log?.warn(
      {
        [options.idField]: item.id,
        ...options.describeFailure?.(item, result),
        attempts: item.attempts,
        retry: retryAt !== null,
      },
      `${words.kind} not ${words.sent}`,
    );
    await options.markFailed(item, result, retryAt, workerId, now());
  }

  async function deliverBatch(batch: Item[]) {
    const groupOf = options.groupOf;
    if (!groupOf) {
      for (const item of batch) await deliver(item);
      return;
    }
    const groups = new Map<string, Item[]>();
    for (const item of batch) groups.set(groupOf(item), [...(groups.get(groupOf(item)) ?? []), item]);
    await Promise.all(
      [...groups.values()].map(async (items) => {
        for (const item of items) await deliver(item);
      }),
    );
  }

  /** One pass: claim and deliver until nothing is due. */
  async function drainOnce() {
    for (;;) {
      const batch = await options.queue.claim(options.db, workerId, BATCH_SIZE, now(), leaseMs);
      if (batch.length === 0) return;
      await deliverBatch(batch);
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
      .catch((error: unknown) => options.log?.error({ err: error }, `${words.kind} worker pass failed`))
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
