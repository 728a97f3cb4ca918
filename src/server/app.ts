import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import fastifyStatic from "@fastify/static";
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from "fastify";
import { FORM_SPECS } from "../domain/forms/form-specs";
import { english } from "../domain/text/i18n/english";
import { AppError, type ErrorBody, type ErrorCode, type ErrorText } from "./app-error";
import { registerOriginCheck } from "./auth/origin-check";
import { registerSessions } from "./auth/sessions";
import type { Config } from "./config";
import { registerIdempotency } from "./idempotency";
import { registerJsonBodyParser } from "./json-body";
import { withoutSecrets } from "./log-redaction";
import type { OutboxWorker } from "./mail/outbox-worker";
import { registerNulCheck } from "./nul-check";
import { completedFormRoutes } from "./routes/completed-forms";
import { customerRoutes } from "./routes/customers";
import { driverRoutes } from "./routes/drivers";
import { formRoutes } from "./routes/forms";
import { healthRoutes } from "./routes/health";
import { imageRoutes } from "./routes/images";
import { organisationRoutes } from "./routes/organisations";
import { supervisorRoutes } from "./routes/supervisor";
import { uploadRoutes } from "./routes/uploads";
import { vehicleRoutes } from "./routes/vehicles";
import { inlineScriptHashes, securityHeaders } from "./security-headers";
import type { ServiceDeps } from "./services/service-deps";
import { defaultPhotoRoot, localPhotoStorage, type PhotoStorage } from "./storage/photo-storage";
import type { WebhookWorker } from "./webhooks/webhook-worker";

/** What the app is built from: the services' dependencies, less the logger, which is the app's own. */
export interface AppDeps extends Omit<ServiceDeps, "log"> {
  /** Folder of the built web app; served with an SPA fallback when it exists. */
  webRoot?: string;
  /** Requests are logged through it when given; tests run silent. */
  logger?: FastifyBaseLogger;
  outbox?: OutboxWorker;
  webhooks?: WebhookWorker;
}

/** One registered method and address, e.g. PUT /api/timesheets/:id. */
export interface RegisteredRoute {
  method: string;
  url: string;
}

declare module "fastify" {
  interface FastifyContextConfig {
    /** What a body over the route's limit is answered (413), in the product's words rather than Fastify's. */
    tooLarge?: ErrorText;
  }
  interface FastifyInstance {
    /** What routes hand to the services they call, the app's logger included. */
    deps: AppDeps & ServiceDeps;
    /** Every route, as registered: lets tests cover routes added later without listing them. */
    registeredRoutes: readonly RegisteredRoute[];
  }
}

const BODY_LIMIT_BYTES = 2 * 1024 * 1024;

/** The bucket when one is configured (the S3 SDK is loaded only then), otherwise files under the data folder. */
async function configuredPhotoStorage(config: Config): Promise<PhotoStorage> {
  if (!config.s3) return localPhotoStorage(defaultPhotoRoot(config.dataDir));
  const { s3PhotoStorage } = await import("./storage/s3-photo-storage");
  return s3PhotoStorage(config.s3);
}

/**
 * PostgreSQL refuses some text SQLite takes (character_not_in_repertoire, untranslatable_character). The NUL check
 * stops the usual case up front; this answers any other the same way: bad input, and the statement changed nothing.
 */
const UNSTORABLE_TEXT_CODES = new Set(["22021", "22P05"]);

/**
 * The prerendered pages of the build by address: each HTML file other than index.html (which the app's every
 * other address gets) is the page of the address its <html data-prerendered> names, or else of its name
 * (/timesheet for timesheet.html). An address with a query is matched exactly, one without whatever the query.
 */
function prerenderedPagesIn(built: Map<string, string>): Map<string, string> {
  const pages = new Map<string, string>();
  for (const [name, html] of built) {
    if (name === "index.html") continue;
    const named = /<html[^>]*\sdata-prerendered="([^"]*)"/.exec(html);
    const address = named ? named[1]!.replaceAll("&amp;", "&") : `/${name.slice(0, -".html".length)}`;
    pages.set(address, name);
  }
  return pages;
}

/** The build's HTML pages: file name and text. */
function pagesIn(webRoot: string | undefined): Map<string, string> {
  const pages = new Map<string, string>();
  if (!webRoot || !existsSync(webRoot)) return pages;
  for (const name of readdirSync(webRoot)) {
    if (name.endsWith(".html")) pages.set(name, readFileSync(join(webRoot, name), "utf8"));
  }
  return pages;
}

/** Every test and the real server build the app the same way. */
export async function buildApp(
  given: Omit<AppDeps, "photoStorage"> & Partial<AppDeps>,
): Promise<FastifyInstance> {
  const deps: AppDeps = {
    ...given,
    photoStorage: given.photoStorage ?? (await configuredPhotoStorage(given.config)),
  };
  // The browser PUTs photos straight to object storage, so the page must be allowed to reach it.
  const uploadOrigin = deps.photoStorage.presignUpload
    ? new URL(await deps.photoStorage.presignUpload("photos/upload-origin", 60)).origin
    : undefined;
  const app = Fastify({
    ...(deps.logger ? { loggerInstance: withoutSecrets(deps.logger) } : { logger: false }),
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: deps.config.trustProxy,
    return503OnClosing: true,
  });
  registerJsonBodyParser(app);
  app.decorate("deps", { ...deps, log: app.log });
  const registeredRoutes: RegisteredRoute[] = [];
  app.decorate("registeredRoutes", registeredRoutes);
  app.addHook("onRoute", (route) => {
    for (const method of [route.method].flat()) registeredRoutes.push({ method, url: route.url });
  });

  app.setErrorHandler((error, request, reply) => {
    if (error instanceof AppError) {
      if (error.status >= 500) request.log.error({ err: error }, error.message);
      if (error.retryAfterMs !== undefined) {
        reply.header("retry-after", String(Math.max(1, Math.ceil(error.retryAfterMs / 1000))));
      }
      const body: ErrorBody = { code: error.code, message: error.userMessage, key: error.key };
      if (error.params) body.params = error.params;
      if (error.missingPhotos) body.missingPhotos = error.missingPhotos;
      return reply.status(error.status).send(body);
    }
    if (UNSTORABLE_TEXT_CODES.has(String((error as { code?: unknown }).code))) {
      return reply.status(400).send({
        code: "bad_request",
        message: english("apiError.unstorableCharacters"),
        key: "apiError.unstorableCharacters",
      } satisfies ErrorBody);
    }
    const status =
      typeof (error as { statusCode?: unknown }).statusCode === "number"
        ? (error as { statusCode: number }).statusCode
        : 500;
    if (status >= 400 && status < 500) {
      // Fastify's own refusals: malformed JSON, body too large, wrong content type.
      const code: ErrorCode = status === 413 ? "payload_too_large" : "bad_request";
      const tooLarge = status === 413 ? request.routeOptions.config.tooLarge : undefined;
      if (tooLarge) {
        const body: ErrorBody = { code, message: english(tooLarge.key, tooLarge.params), key: tooLarge.key };
        if (tooLarge.params) body.params = tooLarge.params;
        return reply.status(status).send(body);
      }
      return reply.status(status).send({ code, message: (error as Error).message } satisfies ErrorBody);
    }
    request.log.error({ err: error }, "unhandled error");
    return reply.status(500).send({
      code: "internal",
      message: english("apiError.internal"),
      key: "apiError.internal",
    } satisfies ErrorBody);
  });

  const pages = pagesIn(deps.webRoot);
  const scriptHashes = [...new Set([...pages.values()].flatMap(inlineScriptHashes))];
  app.addHook("onSend", securityHeaders(deps.config, { uploadOrigin, scriptHashes }));

  await app.register(
    async (api) => {
      registerOriginCheck(api);
      registerNulCheck(api);
      await registerSessions(api);
      registerIdempotency(api);
      await api.register(healthRoutes);
      await api.register(driverRoutes);
      await api.register(customerRoutes);
      await api.register(vehicleRoutes);
      for (const spec of Object.values(FORM_SPECS)) await api.register(formRoutes(spec));
      await api.register(completedFormRoutes);
      await api.register(imageRoutes);
      await api.register(uploadRoutes);
      await api.register(supervisorRoutes);
      await api.register(organisationRoutes);
    },
    { prefix: "/api" },
  );

  const webRoot = deps.webRoot;
  const indexHtml = webRoot ? join(webRoot, "index.html") : undefined;
  const prerenderedPages = prerenderedPagesIn(pages);
  if (webRoot && indexHtml && existsSync(indexHtml)) {
    await app.register(fastifyStatic, {
      root: webRoot,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each file: sent as they are to browsers that accept them.
      preCompressed: true,
      setHeaders(reply, path) {
        // Hashed file names never change, so they can be cached for good; everything else is revalidated.
        reply.header(
          "cache-control",
          path.startsWith(join(webRoot, "assets")) ? "public, max-age=31536000, immutable" : "no-cache",
        );
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url === "/api" || request.url.startsWith("/api/");
    if (
      !isApi &&
      indexHtml &&
      existsSync(indexHtml) &&
      (request.method === "GET" || request.method === "HEAD")
    ) {
      // Client-side routes: the web app decides what to show, including its own 404 page. A page the build
      // prerendered for this address (e.g. timesheet.html for /timesheet, whatever the query, or
      // customer-selection-timesheet.html for exactly its address with its query) is sent in place of the plain one.
      const page =
        prerenderedPages.get(request.url) ?? prerenderedPages.get(request.url.split("?")[0]!) ?? "index.html";
      return reply.header("cache-control", "no-cache").sendFile(page);
    }
    return reply.status(404).send({ code: "not_found", message: "Not found" } satisfies ErrorBody);
  });

  return app;
}
