import type { FastifyInstance, FastifyRequest } from "fastify";
import { AppError } from "../app-error";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** A header's value as an origin ("https://sheets.example.co.uk"), or undefined when it is not one. */
function originOf(value: string): string | undefined {
  try {
    return new URL(value).origin;
  } catch {
    return undefined;
  }
}

/**
 * State-changing calls must come from our own pages: their Origin is `PUBLIC_URL`'s. The request's own Host is
 * not a witness (whoever sends the request writes it); behind a reverse proxy (`TRUST_PROXY`), the host and
 * scheme the proxy forwards are, as the proxy overwrites what clients send. Browsers always send Origin on
 * cross-site requests, so a request with any other Origin (or a cross-site fetch marker) is refused; tools
 * without Origin are let through.
 */
export function registerOriginCheck(app: FastifyInstance): void {
  const { publicUrl, trustProxy } = app.deps.config;
  const publicOrigin = new URL(publicUrl).origin;
  const forwardedOrigin = (request: FastifyRequest): string | undefined =>
    trustProxy && request.headers["x-forwarded-host"] !== undefined
      ? originOf(`${request.protocol}://${request.host}`)
      : undefined;
  app.addHook("onRequest", async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    const origin = request.headers.origin;
    if (origin !== undefined) {
      const claimed = originOf(origin);
      if (claimed === undefined || (claimed !== publicOrigin && claimed !== forwardedOrigin(request))) {
        throw new AppError("forbidden", "apiError.crossOriginRefused");
      }
    }
    if (origin === undefined && request.headers["sec-fetch-site"] === "cross-site") {
      throw new AppError("forbidden", "apiError.crossOriginRefused");
    }
  });
}
