/** For tests: a request as a fake server notes it. */
export interface SentRequest {
  method: string;
  url: string;
  /** Its Idempotency-Key header. */
  key: string | null;
  /** A photo's bytes as text, a JSON body parsed. */
  body: unknown;
}

/** What a fake `fetch` was asked, noted for a test to read. */
export async function noteRequest(url: string, init: RequestInit): Promise<SentRequest> {
  const headers = (init.headers ?? {}) as Record<string, string>;
  const body =
    init.body instanceof Blob
      ? await init.body.text()
      : init.body
        ? JSON.parse(String(init.body))
        : undefined;
  return { method: init.method ?? "GET", url, key: headers["Idempotency-Key"] ?? null, body };
}
