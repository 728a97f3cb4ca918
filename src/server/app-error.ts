import { ERROR_STATUS, type ErrorCode } from "../domain/api/api-error";

export type { ErrorBody, ErrorCode } from "../domain/api/api-error";

/** The one error type the server raises on purpose; its code picks the HTTP status from the domain's table. */
export class AppError extends Error {
  readonly code: ErrorCode;
  /** Shown to the user; the log gets `message` plus the cause. */
  readonly userMessage: string;
  /** When to ask again (a rate limit), sent as `Retry-After` in whole seconds. */
  readonly retryAfterMs: number | undefined;
  /** With `photo_missing`: the photos not held, as the request named them (sent in the answer's body). */
  readonly missingPhotos: string[] | undefined;

  constructor(
    code: ErrorCode,
    userMessage: string,
    options?: { cause?: unknown; logMessage?: string; retryAfterMs?: number; missingPhotos?: string[] },
  ) {
    super(options?.logMessage ?? userMessage, { cause: options?.cause });
    this.name = "AppError";
    this.code = code;
    this.userMessage = userMessage;
    this.retryAfterMs = options?.retryAfterMs;
    this.missingPhotos = options?.missingPhotos;
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }
}
