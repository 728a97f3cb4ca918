import type { FastifyBaseLogger } from "fastify";

const SECRET_QUERY = /([?&](?:token|key|password|secret)=)[^&#]*/gi;

/** An address as it may be logged: the values of secret-bearing query parameters (emailed link tokens) removed. */
export function redactUrl(url: string): string {
  return url.replace(SECRET_QUERY, "$1[redacted]");
}

/**
 * The request logger: as Fastify's own, except that emailed links (`/reset-password?token=`, the read-only view's
 * `?token=`) are logged without their token, which would otherwise let anyone with the logs use them.
 */
export function withoutSecrets(logger: FastifyBaseLogger): FastifyBaseLogger {
  return logger.child(
    {},
    {
      serializers: {
        req: (req: {
          method?: string;
          url?: string;
          host?: string;
          ip?: string;
          socket?: { remotePort?: number };
        }) => ({
          method: req.method,
          url: req.url === undefined ? undefined : redactUrl(req.url),
          host: req.host,
          remoteAddress: req.ip,
          remotePort: req.socket?.remotePort,
        }),
      },
    },
  );
}
