import { availableParallelism } from "node:os";
import { describe, expect, it } from "vitest";
import { loadConfig, mailDomain } from "./config";

describe("loadConfig", () => {
  it("runs on embedded defaults with an empty environment", () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.smtpUrl).toBeUndefined();
    expect(config.s3).toBeUndefined();
    expect(config.dataDir.endsWith("/data")).toBe(true);
    expect(config.publicUrl).toBe("http://localhost:3000");
    expect(config.workers).toBe(availableParallelism());
  });

  it("runs as many server processes as WORKERS says", () => {
    expect(loadConfig({ WORKERS: "3" }).workers).toBe(3);
    expect(() => loadConfig({ WORKERS: "0" })).toThrow(/WORKERS/);
  });

  it("sends webhooks only to https on the internet unless WEBHOOKS_ALLOW_LOCAL_HTTP is true", () => {
    expect(loadConfig({}).webhooksAllowLocalHttp).toBe(false);
    expect(loadConfig({ WEBHOOKS_ALLOW_LOCAL_HTTP: "true" }).webhooksAllowLocalHttp).toBe(true);
    expect(() => loadConfig({ WEBHOOKS_ALLOW_LOCAL_HTTP: "yes" })).toThrow(/WEBHOOKS_ALLOW_LOCAL_HTTP/);
  });

  it("lets a company make EXPORTS_PER_COMPANY exports at once, each of at most EXPORT_MAX_ROWS rows", () => {
    expect(loadConfig({}).exports).toEqual({ perCompany: 2, maxRows: 200_000 });
    expect(loadConfig({ EXPORTS_PER_COMPANY: "4", EXPORT_MAX_ROWS: "50000" }).exports).toEqual({
      perCompany: 4,
      maxRows: 50_000,
    });
    expect(() => loadConfig({ EXPORTS_PER_COMPANY: "0" })).toThrow(/EXPORTS_PER_COMPANY/);
    expect(() => loadConfig({ EXPORT_MAX_ROWS: "many" })).toThrow(/EXPORT_MAX_ROWS/);
  });

  it("caps a session at SESSION_MAX_HOURS from login, a working day of 10 hours unless set", () => {
    expect(loadConfig({}).sessionMaxMs).toBe(10 * 60 * 60 * 1000);
    expect(loadConfig({ SESSION_MAX_HOURS: "12" }).sessionMaxMs).toBe(12 * 60 * 60 * 1000);
    expect(loadConfig({ SESSION_MAX_HOURS: "0.5" }).sessionMaxMs).toBe(30 * 60 * 1000);
    expect(() => loadConfig({ SESSION_MAX_HOURS: "0.25" })).toThrow(/SESSION_MAX_HOURS/);
    expect(() => loadConfig({ SESSION_MAX_HOURS: "25" })).toThrow(/SESSION_MAX_HOURS/);
    expect(() => loadConfig({ SESSION_MAX_HOURS: "all day" })).toThrow(/SESSION_MAX_HOURS/);
  });

  it("treats empty variables as unset", () => {
    const config = loadConfig({ DATABASE_URL: "", SMTP_URL: " ", S3_BUCKET: "" });
    expect(config.databaseUrl).toBeUndefined();
    expect(config.smtpUrl).toBeUndefined();
    expect(config.s3).toBeUndefined();
  });

  it("reads PostgreSQL, SMTP and S3 settings", () => {
    const config = loadConfig({
      PORT: "8080",
      DATABASE_URL: "postgres://u@db:5432/plant",
      DATABASE_SCHEMA: "plant_sheets",
      SMTP_URL: "smtp://mail:25",
      S3_BUCKET: "photos",
      S3_ENDPOINT: "http://minio:9000",
      S3_FORCE_PATH_STYLE: "true",
      PUBLIC_URL: "https://sheets.example.co.uk/",
    });
    expect(config.port).toBe(8080);
    expect(config.databaseUrl).toBe("postgres://u@db:5432/plant");
    expect(config.databaseSchema).toBe("plant_sheets");
    expect(config.smtpUrl).toBe("smtp://mail:25");
    expect(config.s3).toMatchObject({
      bucket: "photos",
      endpoint: "http://minio:9000",
      forcePathStyle: true,
    });
    expect(config.publicUrl).toBe("https://sheets.example.co.uk");
  });

  it("fails fast naming the bad variable", () => {
    expect(() => loadConfig({ PORT: "not-a-port" })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: "nonsense" })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ LOG_LEVEL: "loud" })).toThrow(/LOG_LEVEL/);
    expect(() => loadConfig({ DATABASE_SCHEMA: "plant; drop table x" })).toThrow(/DATABASE_SCHEMA/);
  });

  it("limits completed-form mail by default, each limit its own setting, and names an abuse address", () => {
    const config = loadConfig({});
    expect(config.mailLimits).toEqual({
      anonymousPerAddressPerHour: 60,
      anonymousPerRecipientPerDay: 40,
      anonymousPerHour: 500,
      accountPerHour: 300,
      accountPerRecipientPerDay: 200,
      defectAlertsPerCompanyPerHour: 30,
    });
    expect(config.abuseEmail).toBe("abuse@plant-sheets.local");
    const set = loadConfig({
      ANON_MAILS_PER_ADDRESS_PER_HOUR: "10",
      ANON_MAILS_PER_RECIPIENT_PER_DAY: "11",
      ANON_MAILS_PER_HOUR: "12",
      ACCOUNT_MAILS_PER_HOUR: "13",
      ACCOUNT_MAILS_PER_RECIPIENT_PER_DAY: "14",
      DEFECT_ALERTS_PER_COMPANY_PER_HOUR: "15",
      MAIL_FROM: "Acme Hire <sheets@acmehire.co.uk>",
    });
    expect(Object.values(set.mailLimits)).toEqual([10, 11, 12, 13, 14, 15]);
    expect(set.abuseEmail).toBe("abuse@acmehire.co.uk");
    expect(loadConfig({ ABUSE_EMAIL: "report@acmehire.co.uk" }).abuseEmail).toBe("report@acmehire.co.uk");
    expect(() => loadConfig({ ABUSE_EMAIL: "not an address" })).toThrow(/ABUSE_EMAIL/);
    expect(config.translationsEmail).toBe("translations@plant-sheets.local");
    expect(set.translationsEmail).toBe("translations@acmehire.co.uk");
    expect(loadConfig({ TRANSLATIONS_EMAIL: "words@acmehire.co.uk" }).translationsEmail).toBe(
      "words@acmehire.co.uk",
    );
    expect(() => loadConfig({ TRANSLATIONS_EMAIL: "x@y.z?cc=a@b.c" })).toThrow(/TRANSLATIONS_EMAIL/);
    expect(() => loadConfig({ ANON_MAILS_PER_HOUR: "0" })).toThrow(/ANON_MAILS_PER_HOUR/);
    expect(() => loadConfig({ DEFECT_ALERTS_PER_COMPANY_PER_HOUR: "0" })).toThrow(
      /DEFECT_ALERTS_PER_COMPANY_PER_HOUR/,
    );
  });

  it("finds the sender's domain, for Message-IDs and the abuse address", () => {
    expect(mailDomain("Plant Sheets <no-reply@plant-sheets.local>")).toBe("plant-sheets.local");
    expect(mailDomain("no-reply@plant.local")).toBe("plant.local");
    expect(mailDomain("Plant Sheets")).toBe("localhost");
  });
});
