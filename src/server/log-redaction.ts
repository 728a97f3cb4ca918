import type { FastifyBaseLogger } from "fastify";

/**
 * Every secret an address can carry, in one place, each by name. A path segment: the upload URL's single-use
 * token. A query parameter: the read-only view's token (on the view, its images and its photos), the reset and
 * sign-up links' tokens, and any parameter named like a secret. Anyone who read them in the logs could use them.
 */
export const SECRET_PATH_SEGMENTS = {
  /** PUT /api/uploads/{token}: the photo upload URL, valid for 7 days. */
  uploadToken: /^(\/api\/uploads\/)[^/?#]+/,
} as const;

export const SECRET_QUERY_PARAMETERS = {
  /**
   * `?token=`: the emailed view link (/completed-form/{id}, /api/completed-forms/{id}), the images and photos it
   * shows (/api/images/{id}, /api/photos/{id}), the reset link (/reset-password), the sign-up link
   * (/confirm-account), an invitation's or join code's link (/join, and its look-up /api/invites), and a workshop
   * address's confirmation link (/confirm-workshop, and its look-up /api/workshop-confirmation).
   */
  token: "token",
  key: "key",
  password: "password",
  secret: "secret",
} as const;

const names = Object.values(SECRET_QUERY_PARAMETERS).join("|");
/** A secret's name as written or percent-encoded in any letter case, then its value up to the next parameter. */
const SECRET_QUERY = new RegExp(`([?&;](?:${names})=)[^&#;]*`, "gi");

/** An address as it may be logged: every secret-bearing path segment and query parameter value removed. */
export function redactUrl(url: string): string {
  let redacted = url;
  for (const pattern of Object.values(SECRET_PATH_SEGMENTS))
    redacted = redacted.replace(pattern, "$1[redacted]");
  const query = redacted.search(/[?#]/);
  if (query < 0) return redacted;
  const path = redacted.slice(0, query);
  const rest = decodeNames(redacted.slice(query));
  return path + rest.replace(SECRET_QUERY, "$1[redacted]");
}

/** Percent-encoded parameter names (`%74oken=`) decoded, so that no spelling of a secret's name slips through. */
function decodeNames(query: string): string {
  return query.replace(/([?&;])([^=&;#]*)=/g, (whole, separator: string, name: string) => {
    try {
      return `${separator}${decodeURIComponent(name)}=`;
    } catch {
      return whole;
    }
  });
}

/**
 * The request logger: as Fastify's own, except that addresses are logged through redactUrl, so no emailed link,
 * upload URL or image address in the logs can be used.
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
