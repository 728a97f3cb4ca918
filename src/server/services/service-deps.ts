import type { Config } from "../config";
import type { Database } from "../db/database";
import type { PhotoStorage } from "../storage/photo-storage";

/** A worker woken after a commit that queued work for it, so the work goes at once instead of at the next poll. */
export interface WakeUp {
  wake(): void;
}

/** Where services write what an operator should know: pino's shape, which Fastify's logger has. */
export interface ServiceLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

/**
 * What every service is given, whoever calls it (a route, a worker, a script, a test): services take this and
 * plain inputs, never the web framework's request or instance.
 */
export interface ServiceDeps {
  config: Config;
  database: Database;
  /** The clock every rule with a time in it reads; tests move it instead of waiting. */
  now: () => Date;
  /** Photo bytes: the S3 bucket when one is configured, otherwise files under the data folder. */
  photoStorage: PhotoStorage;
  /** Woken after a commit that queued mail. */
  outbox?: WakeUp;
  /** Woken after a commit that queued a webhook delivery. */
  webhooks?: WakeUp;
  log: ServiceLog;
}
