import { createHash } from "node:crypto";
import type { onSendHookHandler } from "fastify";
import type { Config } from "./config";

const contentSecurityPolicy = (uploadOrigin: string | undefined, scriptHashes: readonly string[]) =>
  [
    "default-src 'self'",
    // The QR decoder is WebAssembly where the browser has no BarcodeDetector; this allows compiling it, not eval.
    // The build's pages carry boot.js in them: allowed by its hash, and no other inline script.
    ["script-src 'self' 'wasm-unsafe-eval'", ...scriptHashes.map((hash) => `'${hash}'`)].join(" "),
    // Radix positions popovers with style attributes, and the build's pages carry the stylesheet in them.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    uploadOrigin ? `connect-src 'self' ${uploadOrigin}` : "connect-src 'self'",
    "font-src 'self'",
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");

/**
 * Strict headers on every answer; HSTS only when the public address is https. `uploadOrigin` is where the
 * browser uploads photos when that is not this server (object storage's presigned URLs); `scriptHashes` are those
 * of the inline scripts of the pages served (`sha256-...`).
 */
export function securityHeaders(
  config: Config,
  options: { uploadOrigin?: string; scriptHashes?: readonly string[] } = {},
): onSendHookHandler {
  const https = config.publicUrl.startsWith("https://");
  const policy = contentSecurityPolicy(options.uploadOrigin, options.scriptHashes ?? []);
  return async (_request, reply, payload) => {
    reply.header("content-security-policy", policy);
    reply.header("x-content-type-options", "nosniff");
    reply.header("referrer-policy", "strict-origin-when-cross-origin");
    reply.header("x-frame-options", "DENY");
    reply.header("permissions-policy", "camera=(self), geolocation=(), microphone=()");
    if (https) reply.header("strict-transport-security", "max-age=31536000; includeSubDomains");
    return payload;
  };
}

/** The CSP source of each inline script of a page (`sha256-...`), as the browser hashes its text. */
export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g)].map(
    (script) => `sha256-${createHash("sha256").update(script[1]!, "utf8").digest("base64")}`,
  );
}
