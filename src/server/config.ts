import { availableParallelism } from "node:os";
import { resolve } from "node:path";
import { z } from "zod";
import { DEFAULT_SESSION_MAX_HOURS, SESSION_MAX_HOURS_LIMIT } from "../domain/accounts/session";

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
  ANON_MAILS_PER_ADDRESS_PER_HOUR: z.coerce.number().int().min(1).max(1_000_000).default(60),
  ANON_MAILS_PER_RECIPIENT_PER_DAY: z.coerce.number().int().min(1).max(1_000_000).default(40),
  ANON_MAILS_PER_HOUR: z.coerce.number().int().min(1).max(1_000_000).default(500),
  ACCOUNT_MAILS_PER_HOUR: z.coerce.number().int().min(1).max(1_000_000).default(300),
  ACCOUNT_MAILS_PER_RECIPIENT_PER_DAY: z.coerce.number().int().min(1).max(1_000_000).default(200),
  DEFECT_ALERTS_PER_COMPANY_PER_HOUR: z.coerce.number().int().min(1).max(1_000_000).default(30),
  ABUSE_EMAIL: optionalString.pipe(z.email().optional()),
  TRANSLATIONS_EMAIL: optionalString.pipe(z.email().optional()),
  WORKERS: z.coerce.number().int().min(1).max(64).optional(),
  WEBHOOKS_ALLOW_LOCAL_HTTP: z.enum(["true", "false"]).default("false"),
  EXPORTS_PER_COMPANY: z.coerce.number().int().min(1).max(100).default(2),
  EXPORT_MAX_ROWS: z.coerce.number().int().min(1).max(10_000_000).default(200_000),
  SESSION_MAX_HOURS: z.coerce
    .number()
    .min(0.5)
    .max(SESSION_MAX_HOURS_LIMIT)
    .default(DEFAULT_SESSION_MAX_HOURS),
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
  /**
   * Completed-form mail counted in the database (so every instance agrees), in mails: one per recipient. Without
   * an account per client address and in all; with one per account. Per recipient the count is shared, and each
   * kind of sender has its own ceiling on it. Decision record 023 gives the figures' reasons.
   */
  mailLimits: MailLimits;
  /** Printed in every mail sent from a form filled in without an account, as where to report abuse. */
  abuseEmail: string;
  /** Where the app's "Report a wrong translation" opens a mail to (GET /api/about tells the app). */
  translationsEmail: string;
  /** Server processes sharing the port: one per core unless set, as one Node process uses one core. */
  workers: number;
  /**
   * Lets a company's webhook go to this machine over plain http (WEBHOOKS_ALLOW_LOCAL_HTTP=true): for tests and
   * development, where the receiver is a local server. Only by this machine's own name and address (localhost,
   * 127.0.0.0/8, ::1): any other name must still resolve to the internet, and private networks stay refused
   * (decision record 034). Off, a webhook must be https to a public host.
   */
  webhooksAllowLocalHttp: boolean;
  /**
   * The company exports (decision record 039): how many one company may have being made at once, counted in the
   * database so every instance agrees, and the most rows one export may hold (more is refused, never cut short).
   */
  exports: { perCompany: number; maxRows: number };
  /**
   * The longest a session lives from login, however busy (SESSION_MAX_HOURS, a working day of 10 hours unless
   * set): within it, a session ends 30 minutes after its last use (decision record 041).
   */
  sessionMaxMs: number;
}

export interface MailLimits {
  anonymousPerAddressPerHour: number;
  anonymousPerRecipientPerDay: number;
  anonymousPerHour: number;
  accountPerHour: number;
  accountPerRecipientPerDay: number;
  /**
   * Defect alerts one company's workshop is mailed one by one in an hour; past it, the hour's other reports come
   * in one summary when the hour ends (decision record 038).
   */
  defectAlertsPerCompanyPerHour: number;
}

/** The domain of the sender address ("plant-sheets.local" in "Plant Sheets <no-reply@plant-sheets.local>"). */
export function mailDomain(mailFrom: string): string {
  return /@([^\s<>@]+?)>?\s*$/.exec(mailFrom)?.[1] ?? "localhost";
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
    mailLimits: {
      anonymousPerAddressPerHour: e.ANON_MAILS_PER_ADDRESS_PER_HOUR,
      anonymousPerRecipientPerDay: e.ANON_MAILS_PER_RECIPIENT_PER_DAY,
      anonymousPerHour: e.ANON_MAILS_PER_HOUR,
      accountPerHour: e.ACCOUNT_MAILS_PER_HOUR,
      accountPerRecipientPerDay: e.ACCOUNT_MAILS_PER_RECIPIENT_PER_DAY,
      defectAlertsPerCompanyPerHour: e.DEFECT_ALERTS_PER_COMPANY_PER_HOUR,
    },
    abuseEmail: e.ABUSE_EMAIL ?? `abuse@${mailDomain(e.MAIL_FROM)}`,
    translationsEmail: e.TRANSLATIONS_EMAIL ?? `translations@${mailDomain(e.MAIL_FROM)}`,
    workers: e.WORKERS ?? availableParallelism(),
    webhooksAllowLocalHttp: e.WEBHOOKS_ALLOW_LOCAL_HTTP === "true",
    exports: { perCompany: e.EXPORTS_PER_COMPANY, maxRows: e.EXPORT_MAX_ROWS },
    sessionMaxMs: Math.round(e.SESSION_MAX_HOURS * 60 * 60 * 1000),
  };
}
