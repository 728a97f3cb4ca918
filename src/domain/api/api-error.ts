// No zod here: code that only reports a failure (the outbox, the service worker) need not load it.

import type { MessageKey } from "../text/i18n/translate";

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

/** The values a message's placeholders are filled from: flat, strings and numbers only. */
export type ErrorParams = Readonly<Record<string, string | number>>;

/** A message of the catalogs and its values: the words of an error, in whatever language reads them. */
export interface ErrorText {
  key: MessageKey;
  params?: ErrorParams;
}

/**
 * The JSON body of every error answer: a code to act on and a message for people. `message` is English (for
 * logs, curl and older apps); `key` and `params` word it in the reader's language from the catalogs.
 */
export interface ErrorBody {
  code: ErrorCode;
  message: string;
  /** The catalog's message the server worded `message` from, when it raised the error with one. */
  key?: string;
  params?: ErrorParams;
  /** With `photo_missing`: the photos the server does not hold, each as the request named it. */
  missingPhotos?: string[];
}

function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === "string" && Object.hasOwn(ERROR_STATUS, value);
}

/** A catalog's key: dotted words ("apiError.formLocked", "import.file.too-large"), nothing else. */
const KEY_PATTERN = /^[A-Za-z][A-Za-z0-9]*(?:\.[A-Za-z0-9-]+){1,4}$/;
const MAX_KEY_LENGTH = 100;
/** A placeholder's name, as the catalogs spell them. */
const PARAM_NAME_PATTERN = /^[A-Za-z][A-Za-z0-9_]{0,39}$/;
const MAX_PARAMS = 10;
/** More than any value the server quotes back (an address list, a cut-short prefix). */
const MAX_PARAM_LENGTH = 1000;

function isMessageKeyLike(value: unknown): value is string {
  return typeof value === "string" && value.length <= MAX_KEY_LENGTH && KEY_PATTERN.test(value);
}

/** A flat record of short strings and finite numbers under placeholder names, or null for anything else. */
function readParams(value: unknown): ErrorParams | null {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return null;
  const entries = Object.entries(value);
  if (entries.length > MAX_PARAMS) return null;
  const params: Record<string, string | number> = {};
  for (const [name, param] of entries) {
    if (!PARAM_NAME_PATTERN.test(name)) return null;
    if (typeof param === "string" ? param.length > MAX_PARAM_LENGTH : !Number.isFinite(param)) return null;
    params[name] = param as string | number;
  }
  return params;
}

/**
 * A message key and its values as an answer carried them (an error's, or a success line's), or null unless the key
 * looks like a key and the values are a flat record of short strings and numbers: never trusted as they came.
 */
export function readMessageRef(key: unknown, params: unknown): { key: string; params?: ErrorParams } | null {
  if (!isMessageKeyLike(key)) return null;
  const read = params === undefined ? {} : readParams(params);
  if (!read) return null;
  return Object.keys(read).length > 0 ? { key, params: read } : { key };
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
  const { code, message, missingPhotos, key, params } = parsed as {
    code?: unknown;
    message?: unknown;
    missingPhotos?: unknown;
    key?: unknown;
    params?: unknown;
  };
  if (typeof message !== "string" || message.trim() === "") return null;
  const body: ErrorBody = { code: isErrorCode(code) ? code : "internal", message };
  // A key with values that are not all plain is dropped whole: the message is read instead, never half-filled.
  const ref = readMessageRef(key, params);
  if (ref) Object.assign(body, ref);
  if (Array.isArray(missingPhotos) && missingPhotos.every((url) => typeof url === "string")) {
    body.missingPhotos = missingPhotos;
  }
  return body;
}
