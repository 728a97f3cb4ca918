import { ERROR_STATUS, type ErrorCode, type ErrorParams, type ErrorText } from "../domain/api/api-error";
import { english } from "../domain/text/i18n/english";
import type { MessageKey } from "../domain/text/i18n/translate";

export type { ErrorBody, ErrorCode, ErrorText } from "../domain/api/api-error";

/**
 * The one error type the server raises on purpose; its code picks the HTTP status from the domain's table. Its
 * words are a message of the catalogs, never a sentence written here: the answer carries the key and its values,
 * so the app words it in the reader's language, and the English for everyone else.
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly key: MessageKey;
  readonly params: ErrorParams | undefined;
  /** The English catalog's words, for the answer's `message`; the log gets `message` plus the cause. */
  readonly userMessage: string;
  /** When to ask again (a rate limit), sent as `Retry-After` in whole seconds. */
  readonly retryAfterMs: number | undefined;
  /** With `photo_missing`: the photos not held, as the request named them (sent in the answer's body). */
  readonly missingPhotos: string[] | undefined;

  constructor(
    code: ErrorCode,
    text: MessageKey | ErrorText,
    options?: { cause?: unknown; logMessage?: string; retryAfterMs?: number; missingPhotos?: string[] },
  ) {
    const { key, params } = typeof text === "string" ? { key: text, params: undefined } : text;
    const userMessage = english(key, params);
    super(options?.logMessage ?? userMessage, { cause: options?.cause });
    this.name = "AppError";
    this.code = code;
    this.key = key;
    this.params = params;
    this.userMessage = userMessage;
    this.retryAfterMs = options?.retryAfterMs;
    this.missingPhotos = options?.missingPhotos;
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }
}
