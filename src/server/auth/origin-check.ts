import type { FastifyInstance } from "fastify";
import { messages } from "../../domain/messages";
import { AppError } from "../app-error";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * State-changing calls must come from our own pages. Browsers always send Origin on cross-site requests, so a
 * request with a foreign Origin (or a cross-site fetch marker) is refused; tools without Origin are let through.
 */
export function registerOriginCheck(app: FastifyInstance): void {
  const allowed = new Set([new URL(app.deps.config.publicUrl).origin]);
  app.addHook("onRequest", async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    const origin = request.headers.origin;
    const ownOrigin = `${request.protocol}://${request.host}`;
    if (origin !== undefined && origin !== ownOrigin && !allowed.has(origin)) {
      throw new AppError("forbidden", messages.crossOriginRefused);
    }
    if (origin === undefined && request.headers["sec-fetch-site"] === "cross-site") {
      throw new AppError("forbidden", messages.crossOriginRefused);
    }
  });
}
