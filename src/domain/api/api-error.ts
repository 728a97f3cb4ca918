// No zod here: code that only reports a failure (the outbox, the service worker) need not load it.

/** Each error code of the API and its HTTP status: the server answers by it, the app reads answers by it. */
export const ERROR_STATUS = {
  bad_request: 400,
  validation_failed: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  /** A request with the same Idempotency-Key is still running: try again shortly. */
  in_progress: 409,
  /**
   * The form names photos whose bytes this server does not hold (never uploaded, or lost since): nothing was
   * changed; the answer lists them (`missingPhotos`) so a phone that keeps them can upload them and send again.
   */
  photo_missing: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  unprocessable: 422,
  rate_limited: 429,
  internal: 500,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

/** The JSON body of every error answer: a code to act on and a message for people. */
export interface ErrorBody {
  code: ErrorCode;
  message: string;
  /** With `photo_missing`: the photos the server does not hold, each as the request named it. */
  missingPhotos?: string[];
}

function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === "string" && Object.hasOwn(ERROR_STATUS, value);
}

/**
 * An error answer's body as the server sends it, or null for anything else (a proxy's HTML page, an empty
 * body, text). The one place the app reads an error answer.
 */
export function parseErrorBody(text: string): ErrorBody | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof parsed !== "object" || parsed === null) return null;
  const { code, message, missingPhotos } = parsed as {
    code?: unknown;
    message?: unknown;
    missingPhotos?: unknown;
  };
  if (typeof message !== "string" || message.trim() === "") return null;
  const body: ErrorBody = { code: isErrorCode(code) ? code : "internal", message };
  if (Array.isArray(missingPhotos) && missingPhotos.every((url) => typeof url === "string")) {
    body.missingPhotos = missingPhotos;
  }
  return body;
}
