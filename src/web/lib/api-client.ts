import type { QueryFunction } from "@tanstack/react-query";
import { IDLE_HEADER, parseSessionEndsIn, SESSION_ENDS_IN_HEADER } from "../../domain/accounts/session";
import { type ErrorCode, type ErrorParams, parseErrorBody } from "../../domain/api/api-error";
import { messages } from "../../domain/text/messages";
import { catalogWords } from "./server-words";
import { noteSessionAnswer } from "./session-store";
import { lastInputAt } from "./user-activity";

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** What the caller wants when the server answers 401: a failure (default) or a plain null ("not logged in"). */
export type UnauthorizedBehavior = "throw" | "returnNull";

/**
 * A reply that arrived but was not OK. The message is the spec's `"{status}: {body or statusText}"`; the body is
 * read here, once, by the error contract (parseErrorBody): `code` to act on, `serverText` for people.
 */
export class ApiError extends Error {
  override readonly name = "ApiError";
  /** The error contract's code, or null when the answer was not one of ours (a proxy's page, plain text). */
  readonly code: ErrorCode | null;
  /** The catalog's message the server worded its answer from, with its values; null when it named none. */
  readonly key: string | null;
  readonly params: ErrorParams | undefined;
  /** What the server said in its own (English) words: its message, else its plain-text body, else the status. */
  readonly serverMessage: string;
  /** With code `photo_missing`: the photos the server does not hold, as the request named them. */
  readonly missingPhotos: readonly string[];
  constructor(
    readonly status: number,
    readonly body: string,
    statusText: string,
    /** How long the server asked to wait before asking again (its `Retry-After`), when it said. */
    readonly retryAfterMs: number | null = null,
  ) {
    super(messages.httpError(status, body, statusText));
    const parsed = parseErrorBody(body);
    this.code = parsed?.code ?? null;
    this.key = parsed?.key ?? null;
    this.params = parsed?.params;
    this.serverMessage = parsed?.message ?? (body.trim() || statusText || this.message);
    this.missingPhotos = parsed?.missingPhotos ?? [];
  }

  /**
   * The server's message in the page's language, from the catalogs, when it named one this page has; else null.
   * Read when shown, so a failure drawn again after the language changed follows it.
   */
  get catalogText(): string | null {
    return this.key === null ? null : catalogWords(this.key, this.params);
  }

  /** What the server said, in words for people: in the page's language where it can be, else as the server said. */
  get serverText(): string {
    return this.catalogText ?? this.serverMessage;
  }
}

/** A `Retry-After` header in milliseconds from `now`: whole seconds, or an HTTP date; null when absent or bad. */
export function parseRetryAfter(header: string | null, now: number): number | null {
  if (header === null || header.trim() === "") return null;
  const value = header.trim();
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

/**
 * No reply at all (offline, DNS, connection reset). Kept apart from ApiError so screens can show their
 * "check your internet connection" variant instead of a server message.
 */
export class NetworkError extends Error {
  override readonly name = "NetworkError";
  constructor(cause: unknown) {
    super(`Network request failed: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
  }
}

/** The server answered OK but not with JSON; usually a wrong path served the app's HTML instead. */
export class InvalidResponseError extends Error {
  override readonly name = "InvalidResponseError";
  constructor(readonly status: number) {
    super(messages.invalidResponseFormat);
  }
}

export interface ApiRequestOptions {
  on401?: UnauthorizedBehavior;
  signal?: AbortSignal;
  /** Sent as `Idempotency-Key`: the server answers a repeat of this write with its first answer. */
  idempotencyKey?: string;
}

function isAbort(error: unknown, signal: AbortSignal | undefined): boolean {
  // A cancelled query is not a network failure; TanStack Query expects the abort to come back as is.
  return Boolean(signal?.aborted) || (error instanceof DOMException && error.name === "AbortError");
}

/**
 * What an answer says of the session: its time left, or (a 401 without it) that it has ended on the server. A
 * refused password is a 401 too, but only ever while signed out here or with the session's time on it.
 */
function noteSession(response: Response, inputAt: number, sentAt: number): void {
  const endsIn = parseSessionEndsIn(response.headers.get(SESSION_ENDS_IN_HEADER));
  if (endsIn !== null) noteSessionAnswer(endsIn, inputAt, sentAt);
  else if (response.status === 401) noteSessionAnswer(null, inputAt, sentAt);
}

/**
 * The one fetch wrapper of the web app: cookies on every call, a JSON body only when there is a payload (a file,
 * a Blob, is sent as it is), and every non-OK reply turned into an ApiError in this single place.
 */
export function apiRequest<T>(
  method: HttpMethod,
  url: string,
  payload?: unknown,
  options?: ApiRequestOptions & { on401?: "throw" },
): Promise<T>;
export function apiRequest<T>(
  method: HttpMethod,
  url: string,
  payload: unknown,
  options: ApiRequestOptions & { on401: "returnNull" },
): Promise<T | null>;
export async function apiRequest<T>(
  method: HttpMethod,
  url: string,
  payload?: unknown,
  options: ApiRequestOptions = {},
): Promise<T | null> {
  const hasPayload = payload !== undefined;
  // A file (a Blob) goes as it is, with its own type; anything else as JSON.
  const file = typeof Blob !== "undefined" && payload instanceof Blob ? payload : null;
  const headers: Record<string, string> = {};
  if (hasPayload)
    headers["Content-Type"] = file ? file.type || "application/octet-stream" : "application/json";
  if (options.idempotencyKey) headers["Idempotency-Key"] = options.idempotencyKey;
  // The server slides the session to the person's last touch, not to this call (decision record 041).
  const inputAt = lastInputAt();
  const sentAt = Date.now();
  headers[IDLE_HEADER] = String(Math.max(0, Math.round(sentAt - inputAt)));
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      credentials: "include",
      headers,
      body: file ?? (hasPayload ? JSON.stringify(payload) : undefined),
      signal: options.signal,
    });
  } catch (error) {
    if (isAbort(error, options.signal)) throw error;
    throw new NetworkError(error);
  }

  noteSession(response, inputAt, sentAt);
  if (response.status === 401 && options.on401 === "returnNull") return null;

  let text: string;
  try {
    text = await response.text();
  } catch (error) {
    if (isAbort(error, options.signal)) throw error;
    // The connection dropped while the body was still arriving.
    throw new NetworkError(error);
  }

  if (!response.ok) {
    const retryAfterMs = parseRetryAfter(response.headers.get("retry-after"), Date.now());
    throw new ApiError(response.status, text, response.statusText, retryAfterMs);
  }
  // 204 and empty bodies carry no data; callers of such endpoints type T as void.
  if (text === "") return undefined as T;
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new InvalidResponseError(response.status);
  }
}

/** The default query function: GET the query key parts joined by '/', e.g. ['/api/customers'] or ['/api/timesheets', id]. */
export function getQueryFn<T>(options: { on401: UnauthorizedBehavior }): QueryFunction<T | null> {
  return ({ queryKey, signal }) => {
    const url = queryKey.map(String).join("/");
    return options.on401 === "returnNull"
      ? apiRequest<T>("GET", url, undefined, { on401: "returnNull", signal })
      : apiRequest<T>("GET", url, undefined, { signal });
  };
}
