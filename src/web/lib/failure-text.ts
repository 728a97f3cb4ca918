import { messages } from "../../domain/text/messages";
import { ApiError, NetworkError } from "./api-client";

/**
 * What went wrong, in words for the person holding the phone: the server's own message (read once, by
 * ApiError), the connection hint, or the error's message. The one failure-to-text rule of the app; screens wrap
 * it in their own notice ("Save Failed: ...").
 */
export function failureText(error: unknown): string {
  if (error instanceof NetworkError) return messages.checkConnection;
  if (error instanceof ApiError) return error.serverText;
  return error instanceof Error ? error.message : String(error);
}
