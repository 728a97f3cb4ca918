import { serverMessage, UploadResponseSchema } from "../../domain/api";
import { messages } from "../../domain/messages";
import { ApiError, apiRequest, InvalidResponseError, NetworkError } from "./api-client";

/** An upload that did not finish; the message is already in words for the driver. */
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
    return messages.uploadFailed(serverMessage(error));
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
  const said = serverMessage(new ApiError(status, body, ""));
  const readable = body.trim() !== "" && !said.trimStart().startsWith("<");
  return messages.uploadFailed(readable ? said : messages.uploadNon2xx);
}

/** PUTs the bytes to the upload URL, reporting progress from 0 to 1; fetch cannot report an upload's progress. */
function putBytes(url: string, photo: Blob, onProgress: (fraction: number) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open("PUT", url);
    request.setRequestHeader("Content-Type", photo.type || "application/octet-stream");
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      if (request.status >= 200 && request.status < 300) {
        onProgress(1);
        resolve();
      } else {
        reject(new PhotoUploadError(putFailureMessage(request.status, request.responseText)));
      }
    };
    request.onerror = () =>
      reject(
        new PhotoUploadError(
          online() ? messages.uploadFailed(messages.uploadUnknownError) : messages.uploadNoInternet,
        ),
      );
    request.onabort = () => reject(new PhotoUploadError(messages.uploadFailed(messages.uploadUnknownError)));
    request.send(photo);
  });
}

/**
 * The spec's upload: POST /api/objects/upload hands out where to PUT the photo and where it will be read from;
 * the bytes go straight to that URL. Resolves to the photo's URL for the check sheet's photo list.
 */
export async function uploadPhoto(photo: Blob, onProgress: (fraction: number) => void): Promise<string> {
  let target: { uploadURL: string; photoURL: string };
  try {
    const reply = await apiRequest<unknown>("POST", "/api/objects/upload");
    const parsed = UploadResponseSchema.safeParse(reply);
    if (!parsed.success) throw new InvalidResponseError(200);
    target = parsed.data;
  } catch (error) {
    throw new PhotoUploadError(uploadUrlFailureMessage(error));
  }
  await putBytes(target.uploadURL, photo, onProgress);
  return target.photoURL;
}
