import { messages } from "../../domain/messages";
import { serverMessage } from "../../domain/server-message";
import { ApiError, NetworkError } from "./api-client";

/** What went wrong, in words for the person holding the phone: the server's own message, or the connection hint. */
export function failureText(error: unknown): string {
  if (error instanceof NetworkError) return messages.checkConnection;
  if (error instanceof ApiError) return serverMessage(error);
  return error instanceof Error ? error.message : String(error);
}
