import cluster, { type Worker } from "node:cluster";
import { join, resolve } from "node:path";
import pino, { type Logger } from "pino";
import { buildApp } from "./app";
import { type Config, loadConfig } from "./config";
import { openDatabase } from "./db/database";
import { migrateToLatest } from "./db/migrate";
import { seedSampleData } from "./db/seed";
import { createMailTransport, describeMailTarget } from "./mail/mail-transport";
import { startOutboxWorker } from "./mail/outbox-worker";
import { startMaintenance } from "./maintenance";
import { startWebhookWorker } from "./webhooks/webhook-worker";

const SHUTDOWN_GRACE_MS = 10_000;

/** Connections to PostgreSQL one instance opens, shared out among its processes: as many as one process had. */
const POSTGRES_CONNECTIONS_PER_INSTANCE = 10;

function openConfiguredDatabase(config: Config) {
  return openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    schema: config.databaseSchema,
    maxConnections: Math.max(2, Math.ceil(POSTGRES_CONNECTIONS_PER_INSTANCE / config.workers)),
  });
}

/** Migrates the database and adds the sample data: once, before any process serves requests. */
async function prepareDatabase(config: Config): Promise<void> {
  const database = await openConfiguredDatabase(config);
  try {
    await migrateToLatest(database.db);
    await seedSampleData(database.db);
  } finally {
    await database.close();
  }
}

const mailTarget = (config: Config) => ({ smtpUrl: config.smtpUrl, mailDir: join(config.dataDir, "mail") });

function announce(config: Config, log: Logger): void {
  const mail = describeMailTarget(mailTarget(config));
  log.info(
    {
      database: config.databaseUrl ? "PostgreSQL" : resolve(config.dataDir, "plant-sheets.sqlite"),
      mail,
      workers: config.workers,
    },
    `Plant Sheets is running at ${config.publicUrl}; mail goes to ${mail}`,
  );
}

/**
 * One server process: the API and web app, the mail outbox and webhook workers, and maintenance. Several run side
 * by side as instances against one database do, which the database, the outboxes' claims and maintenance are made
 * for.
 */
async function serve(config: Config, log: Logger, options: { announce: boolean }): Promise<void> {
  const database = await openConfiguredDatabase(config);
  const transport = createMailTransport(mailTarget(config));
  const outbox = startOutboxWorker({ db: database.db, transport, from: config.mailFrom, log });
  const webhooks = startWebhookWorker({
    db: database.db,
    allowLocalHttp: config.webhooksAllowLocalHttp,
    log,
  });

  const app = await buildApp({
    config,
    database,
    webRoot: config.webRoot,
    logger: log,
    now: () => new Date(),
    outbox,
    webhooks,
  });
  const maintenance = startMaintenance(database.db, app.deps.photoStorage, log);
  await app.listen({ port: config.port, host: config.host });
  if (options.announce) announce(config, log);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    if (options.announce)
      log.info(`${signal} received: finishing requests and mail in flight, then stopping`);
    // A stuck connection must not keep the process alive forever.
    setTimeout(() => process.exit(1), SHUTDOWN_GRACE_MS).unref();
    await app.close();
    maintenance.stop();
    await Promise.all([outbox.stop(), webhooks.stop()]);
    transport.close();
    await database.close();
    process.exit(0);
  };
  process.on("SIGTERM", () => void stop("SIGTERM"));
  process.on("SIGINT", () => void stop("SIGINT"));
}

/** How long the first process waits before replacing a worker that died: doubling while they keep dying. */
const RESTART_DELAY_MS = { first: 1000, max: 60_000 };
/** A worker that served this long before dying resets the wait to its first value. */
const RESTART_DELAY_RESET_MS = 5 * 60_000;

/**
 * The first process when there are several workers: prepares the database, starts the workers (Node's cluster
 * shares the port among them), replaces one that dies, and stops them all on SIGTERM or SIGINT.
 */
async function runWorkers(config: Config, log: Logger): Promise<void> {
  await prepareDatabase(config);
  let stopping = false;
  // Until every worker has listened once, a worker that dies would die again (a port in use, a bad setting).
  let started = false;
  let listening = 0;
  let restartDelay = RESTART_DELAY_MS.first;
  const startedAt = new WeakMap<Worker, number>();
  const start = () => {
    const worker = cluster.fork();
    worker.once("listening", () => {
      startedAt.set(worker, Date.now());
      listening++;
      if (!started && listening === config.workers) {
        started = true;
        announce(config, log);
      }
    });
  };
  cluster.on("exit", (worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      return;
    }
    if (!started) {
      log.error({ code, signal }, "a server process could not start");
      process.exit(1);
    }
    const served = Date.now() - (startedAt.get(worker) ?? Date.now());
    if (served > RESTART_DELAY_RESET_MS) restartDelay = RESTART_DELAY_MS.first;
    const delay = restartDelay;
    restartDelay = Math.min(restartDelay * 2, RESTART_DELAY_MS.max);
    log.error({ code, signal }, `a server process stopped unexpectedly; starting another in ${delay} ms`);
    setTimeout(() => {
      if (!stopping) start();
    }, delay);
  });
  for (let i = 0; i < config.workers; i++) start();

  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info(`${signal} received: finishing requests and mail in flight, then stopping`);
    setTimeout(() => process.exit(1), SHUTDOWN_GRACE_MS + 1000).unref();
    const workers = Object.values(cluster.workers ?? {});
    if (workers.length === 0) process.exit(0);
    for (const worker of workers) worker?.process.kill("SIGTERM");
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
}

async function main(): Promise<void> {
  const config = loadConfig(process.env);
  const log = pino({ level: config.logLevel });
  if (cluster.isWorker) return serve(config, log, { announce: false });
  if (config.workers > 1) return runWorkers(config, log);
  await prepareDatabase(config);
  return serve(config, log, { announce: true });
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
