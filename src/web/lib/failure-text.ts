import type { ErrorCode } from "../../domain/api/api-error";
import type { MessageKey, Translator } from "../../domain/text/i18n/translate";
import { messages } from "../../domain/text/messages";
import { ApiError, NetworkError } from "./api-client";
import { failureReader } from "./failure-language";
import { PhotoUploadError } from "./upload-photo";

/** Each code of the error contract in words, for a reader of another language than the server's English. */
const CODE_KEYS: Readonly<Record<ErrorCode, MessageKey>> = {
  bad_request: "failure.badRequest",
  validation_failed: "failure.validationFailed",
  unauthorized: "failure.unauthorized",
  forbidden: "failure.forbidden",
  not_found: "failure.notFound",
  conflict: "failure.conflict",
  in_progress: "failure.inProgress",
  photo_missing: "failure.photoMissing",
  payload_too_large: "failure.payloadTooLarge",
  unsupported_media_type: "failure.unsupportedMediaType",
  unprocessable: "failure.unprocessable",
  rate_limited: "failure.rateLimited",
  internal: "failure.internal",
};

function translated(error: unknown, t: Translator["t"]): string | null {
  if (error instanceof NetworkError) return t("failure.checkConnection");
  if (error instanceof ApiError) {
    return (
      error.catalogText ??
      (error.code ? t(CODE_KEYS[error.code]) : t("failure.status", { status: error.status }))
    );
  }
  return null;
}

/**
 * What went wrong, in words for the person holding the phone: the server's message in the reader's language when
 * it named one of the catalogs; otherwise in English the server's own message (read once, by ApiError), the
 * connection hint, or the error's message, and in another language the error contract's code worded from the
 * catalog. The one failure-to-text rule of the app; screens wrap it in their own notice
 * ("Save Failed: ...").
 */
export function failureText(error: unknown): string {
  const reader = failureReader();
  if (reader) {
    const words = translated(error instanceof PhotoUploadError ? error.cause : error, reader.t);
    if (words !== null) return words;
    // An upload that failed without a failure of ours behind it says so in the reader's words.
    if (error instanceof PhotoUploadError) return reader.t("upload.failed");
  }
  if (error instanceof NetworkError) return messages.checkConnection;
  if (error instanceof ApiError) return error.serverText;
  return error instanceof Error ? error.message : String(error);
}
