import { ApiError, NetworkError, parseRetryAfter } from "./api-client";

/**
 * Fetches a file the server builds before sending (a company export) and saves it under `fileName`, so that a
 * refusal (too many rows, the company's exports busy) comes back as an ApiError with the server's words, where a
 * plain link would leave the browser's download bar saying only "failed".
 */
export async function downloadFile(url: string, fileName: string): Promise<void> {
  let response: Response;
  let body: Blob;
  try {
    response = await fetch(url, { credentials: "include" });
    body = await response.blob();
  } catch (error) {
    throw new NetworkError(error);
  }
  if (!response.ok) {
    const retryAfterMs = parseRetryAfter(response.headers.get("retry-after"), Date.now());
    throw new ApiError(response.status, await body.text(), response.statusText, retryAfterMs);
  }
  const link = document.createElement("a");
  link.href = URL.createObjectURL(body);
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click is handled; a moment later the address can go.
  setTimeout(() => URL.revokeObjectURL(link.href), 60_000);
}
