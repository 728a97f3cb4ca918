/** The one error type the server raises on purpose; its code picks the HTTP status from one table. */
export const ERROR_STATUS = {
  bad_request: 400,
  validation_failed: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  /** A request with the same Idempotency-Key is still running: try again shortly. */
  in_progress: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  unprocessable: 422,
  rate_limited: 429,
  internal: 500,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export class AppError extends Error {
  readonly code: ErrorCode;
  /** Shown to the user; the log gets `message` plus the cause. */
  readonly userMessage: string;

  constructor(code: ErrorCode, userMessage: string, options?: { cause?: unknown; logMessage?: string }) {
    super(options?.logMessage ?? userMessage, { cause: options?.cause });
    this.name = "AppError";
    this.code = code;
    this.userMessage = userMessage;
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }
}

/** The JSON body of every error answer. */
export interface ErrorBody {
  code: ErrorCode;
  message: string;
}
