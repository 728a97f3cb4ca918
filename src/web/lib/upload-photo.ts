import { messages } from "../../domain/text/messages";
import { ApiError, apiRequest, InvalidResponseError, NetworkError } from "./api-client";
import { newId } from "./new-id";

/**
 * An upload that did not finish; the message is already in words for the driver, and `cause` (a NetworkError or
 * ApiError, when there is one) is the failure behind it, for the outbox to tell whether a retry can help.
 */
export class PhotoUploadError extends Error {
  override readonly name = "PhotoUploadError";
}

function online(): boolean {
  return typeof navigator === "undefined" || navigator.onLine !== false;
}

/** Why asking for an upload URL failed (spec section 8's upload messages). */
export function uploadUrlFailureMessage(error: unknown, isOnline = online()): string {
  if (error instanceof NetworkError)
    return isOnline ? messages.uploadFailed(null) : messages.uploadNoInternet;
  if (error instanceof ApiError) {
    if (error.status === 404) return messages.uploadEndpointMissing;
    return messages.uploadFailed(error.serverText);
  }
  if (error instanceof InvalidResponseError) return messages.uploadFailed(messages.invalidResponseFormat);
  return messages.uploadFailed(error instanceof Error ? error.message : null);
}

/**
 * Why the PUT of the photo's bytes was refused. An expired link reads 'Request has expired' whether our own
 * server (JSON) or an object store (XML) says so; otherwise the server's own words, or 'Non 2xx'.
 */
export function putFailureMessage(status: number, body: string): string {
  if (body.includes(messages.uploadExpired)) return messages.uploadFailed(messages.uploadExpired);
  const said = new ApiError(status, body, "").serverText;
  const readable = body.trim() !== "" && !said.trimStart().startsWith("<");
  return messages.uploadFailed(readable ? said : messages.uploadNon2xx);
}

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && (error.name === "AbortError" || error.name === "TimeoutError");
}

/** Where POST /api/objects/upload said to PUT a photo, and where it will be read from once there. */
export interface UploadTarget {
  uploadURL: string;
  photoURL: string;
}

/**
 * The spec's first step: POST /api/objects/upload hands out where to PUT the photo and where it will be read
 * from. The same `idempotencyKey` on a retry gets the same answer back instead of a second slot.
 */
export async function requestUploadSlot(idempotencyKey: string, signal?: AbortSignal): Promise<UploadTarget> {
  try {
    // The schemas (and zod) come with the first upload, not with the outbox's start on every screen.
    const [reply, { UploadResponseSchema }] = await Promise.all([
      apiRequest<unknown>("POST", "/api/objects/upload", undefined, { idempotencyKey, signal }),
      import("../../domain/api/api"),
    ]);
    const parsed = UploadResponseSchema.safeParse(reply);
    if (!parsed.success) throw new InvalidResponseError(200);
    return parsed.data;
  } catch (error) {
    if (isAbort(error)) throw error;
    throw new PhotoUploadError(uploadUrlFailureMessage(error), { cause: error });
  }
}

/**
 * This server's upload URLs honour Idempotency-Key (a retried PUT whose answer was lost is answered, not refused
 * as used). An object store's presigned URL is sent nothing extra: its CORS rule would have to allow the header,
 * and putting the same object twice is harmless anyway.
 */
function ownServer(url: string): boolean {
  if (typeof location === "undefined") return url.startsWith("/") && !url.startsWith("//");
  return new URL(url, location.href).origin === location.origin;
}

/**
 * The spec's second step: the photo's bytes PUT to the upload URL. A failure is a PhotoUploadError in words for
 * the driver, whose `cause` (NetworkError or ApiError) tells whether trying again can help.
 */
export async function putPhoto(
  uploadURL: string,
  photo: Blob,
  options: { idempotencyKey: string; signal?: AbortSignal },
): Promise<void> {
  const headers: Record<string, string> = { "Content-Type": photo.type || "application/octet-stream" };
  if (ownServer(uploadURL)) headers["Idempotency-Key"] = options.idempotencyKey;
  let response: Response;
  try {
    response = await fetch(uploadURL, { method: "PUT", headers, body: photo, signal: options.signal });
  } catch (error) {
    if (isAbort(error)) throw error;
    const words = online() ? messages.uploadFailed(messages.uploadUnknownError) : messages.uploadNoInternet;
    throw new PhotoUploadError(words, { cause: new NetworkError(error) });
  }
  if (response.ok) return;
  const body = await response.text().catch(() => "");
  throw new PhotoUploadError(putFailureMessage(response.status, body), {
    cause: new ApiError(response.status, body, response.statusText),
  });
}

/** Both steps at once, for a phone whose storage is refused (private browsing): resolves to the photo's URL. */
export async function uploadPhoto(photo: Blob): Promise<string> {
  const target = await requestUploadSlot(newId());
  await putPhoto(target.uploadURL, photo, { idempotencyKey: newId() });
  return target.photoURL;
}
