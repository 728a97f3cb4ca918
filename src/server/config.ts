import { availableParallelism } from "node:os";
import { resolve } from "node:path";
import { z } from "zod";

const optionalString = z
  .string()
  .trim()
  .transform((value) => (value === "" ? undefined : value))
  .optional();

const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  DATA_DIR: z.string().default("./data"),
  WEB_ROOT: z.string().default("./dist/web"),
  DATABASE_URL: optionalString.pipe(z.url().optional()),
  DATABASE_SCHEMA: optionalString.pipe(
    z
      .string()
      .regex(/^[a-z_][a-z0-9_]{0,62}$/, "a lower-case identifier: letters, digits and _")
      .optional(),
  ),
  SMTP_URL: optionalString.pipe(z.url().optional()),
  MAIL_FROM: z.string().default("Plant Sheets <no-reply@plant-sheets.local>"),
  PUBLIC_URL: optionalString.pipe(z.url().optional()),
  S3_BUCKET: optionalString,
  S3_REGION: z.string().default("us-east-1"),
  S3_ENDPOINT: optionalString.pipe(z.url().optional()),
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_FORCE_PATH_STYLE: z.enum(["true", "false"]).default("false"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  TRUST_PROXY: z.enum(["true", "false"]).default("false"),
  REGISTRATIONS_PER_ADDRESS_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(20),
  WORKERS: z.coerce.number().int().min(1).max(64).optional(),
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** The built web app served beside the API. */
  webRoot: string;
  databaseUrl: string | undefined;
  /** PostgreSQL only: the schema the tables live in (search_path); the server's default when unset. */
  databaseSchema: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  publicUrl: string;
  s3:
    | {
        bucket: string;
        region: string;
        endpoint: string | undefined;
        accessKeyId: string | undefined;
        secretAccessKey: string | undefined;
        forcePathStyle: boolean;
      }
    | undefined;
  logLevel: z.infer<typeof EnvSchema>["LOG_LEVEL"];
  trustProxy: boolean;
  /** New accounts one client address may make per hour: stops scripted sign-ups, lets a site office sign up. */
  registrationsPerAddressPerHour: number;
  /** Server processes sharing the port: one per core unless set, as one Node process uses one core. */
  workers: number;
}

/** Reads the environment once at start-up; a bad value stops the server with a message naming it. */
export function loadConfig(env: Record<string, string | undefined>): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n${problems.join("\n")}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: resolve(e.DATA_DIR),
    webRoot: resolve(e.WEB_ROOT),
    databaseUrl: e.DATABASE_URL,
    databaseSchema: e.DATABASE_SCHEMA,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ""),
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          region: e.S3_REGION,
          endpoint: e.S3_ENDPOINT,
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          forcePathStyle: e.S3_FORCE_PATH_STYLE === "true",
        }
      : undefined,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY === "true",
    registrationsPerAddressPerHour: e.REGISTRATIONS_PER_ADDRESS_PER_HOUR,
    workers: e.WORKERS ?? availableParallelism(),
  };
}
