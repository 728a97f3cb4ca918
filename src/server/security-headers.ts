import type { onSendHookHandler } from "fastify";
import type { Config } from "./config";

const contentSecurityPolicy = (uploadOrigin: string | undefined) =>
  [
    "default-src 'self'",
    // The QR decoder is WebAssembly where the browser has no BarcodeDetector; this allows compiling it, not eval.
    "script-src 'self' 'wasm-unsafe-eval'",
    // Radix positions popovers with style attributes; no inline <style> or script is needed otherwise.
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
 * browser uploads photos when that is not this server (object storage's presigned URLs).
 */
export function securityHeaders(config: Config, options: { uploadOrigin?: string } = {}): onSendHookHandler {
  const https = config.publicUrl.startsWith("https://");
  const policy = contentSecurityPolicy(options.uploadOrigin);
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
