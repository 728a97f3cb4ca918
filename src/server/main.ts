import { join, resolve } from "node:path";
import pino from "pino";
import { buildApp } from "./app";
import { loadConfig } from "./config";
import { openDatabase } from "./db/database";
import { migrateToLatest } from "./db/migrate";
import { seedSampleData } from "./db/seed";
import { createMailTransport } from "./mail/mail-transport";
import { startOutboxWorker } from "./mail/outbox-worker";
import { startMaintenance } from "./maintenance";

const SHUTDOWN_GRACE_MS = 10_000;

async function main(): Promise<void> {
  const config = loadConfig(process.env);
  const log = pino({ level: config.logLevel });
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    schema: config.databaseSchema,
  });
  await migrateToLatest(database.db);
  await seedSampleData(database.db);

  const transport = createMailTransport({ smtpUrl: config.smtpUrl, mailDir: join(config.dataDir, "mail") });
  const outbox = startOutboxWorker({ db: database.db, transport, from: config.mailFrom, log });

  const app = await buildApp({
    config,
    database,
    webRoot: config.webRoot,
    logger: log,
    now: () => new Date(),
    outbox,
  });
  const maintenance = startMaintenance(database.db, app.deps.photoStorage, log);
  await app.listen({ port: config.port, host: config.host });
  log.info(
    {
      database: database.dialect === "sqlite" ? resolve(config.dataDir, "plant-sheets.sqlite") : "PostgreSQL",
      mail: transport.description,
    },
    `Plant Sheets is running at ${config.publicUrl}; mail goes to ${transport.description}`,
  );

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info(`${signal} received: finishing requests and mail in flight, then stopping`);
    // A stuck connection must not keep the process alive forever.
    setTimeout(() => process.exit(1), SHUTDOWN_GRACE_MS).unref();
    await app.close();
    maintenance.stop();
    await outbox.stop();
    transport.close();
    await database.close();
    process.exit(0);
  };
  process.on("SIGTERM", () => void stop("SIGTERM"));
  process.on("SIGINT", () => void stop("SIGINT"));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
