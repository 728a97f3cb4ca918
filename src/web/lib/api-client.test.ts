import { QueryClient } from "@tanstack/react-query";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  ApiError,
  apiRequest,
  getQueryFn,
  InvalidResponseError,
  NetworkError,
  parseRetryAfter,
} from "./api-client";

function stubFetch(reply: () => Promise<Response>) {
  const fetchMock = vi.fn((_url: string, _init?: RequestInit) => reply());
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("parseRetryAfter", () => {
  const now = Date.parse("2025-06-07T08:00:00Z");
  it("reads whole seconds and HTTP dates, and nothing else", () => {
    expect(parseRetryAfter("1800", now)).toBe(1_800_000);
    expect(parseRetryAfter("Sat, 07 Jun 2025 08:30:00 GMT", now)).toBe(1_800_000);
    expect(parseRetryAfter("Sat, 07 Jun 2025 07:00:00 GMT", now)).toBe(0);
    expect(parseRetryAfter(null, now)).toBeNull();
    expect(parseRetryAfter("soon", now)).toBeNull();
    expect(parseRetryAfter("", now)).toBeNull();
  });
});

describe("apiRequest", () => {
  it("carries the server's Retry-After on a refusal", async () => {
    stubFetch(async () => new Response("{}", { status: 429, headers: { "Retry-After": "90" } }));
    const error = await apiRequest("POST", "/api/x", {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).retryAfterMs).toBe(90_000);
  });

  it("sends credentials on every call, and no body or content type without a payload: only how long the page was idle", async () => {
    const fetchMock = stubFetch(async () => json([{ id: "c1" }]));
    await expect(apiRequest("GET", "/api/customers")).resolves.toEqual([{ id: "c1" }]);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe("/api/customers");
    expect(init?.method).toBe("GET");
    expect(init?.credentials).toBe("include");
    expect(init?.body).toBeUndefined();
    expect(init?.headers).toEqual({ "x-idle-ms": expect.stringMatching(/^\d+$/) });
  });

  it("sends a file as it is, with its own content type", async () => {
    const fetchMock = stubFetch(async () => json({ goodRows: 1 }));
    const file = new Blob(["Name\r\nAcme Ltd\r\n"], { type: "text/csv" });
    await apiRequest("POST", "/api/organisations/o1/customers/import/preview", file);
    const init = fetchMock.mock.calls[0]![1]!;
    expect(init.body).toBe(file);
    expect(init.headers).toEqual({ "Content-Type": "text/csv", "x-idle-ms": expect.stringMatching(/^\d+$/) });
  });

  it("sends a JSON body with its content type when a payload exists", async () => {
    const fetchMock = stubFetch(async () => json({ valid: true, message: "ok" }));
    await apiRequest("POST", "/api/customers/c1/validate-order", { orderNumber: "P-1" });
    const init = fetchMock.mock.calls[0]![1]!;
    expect(init.method).toBe("POST");
    expect(init.credentials).toBe("include");
    expect(init.headers).toEqual({
      "Content-Type": "application/json",
      "x-idle-ms": expect.stringMatching(/^\d+$/),
    });
    expect(init.body).toBe('{"orderNumber":"P-1"}');
  });

  it("turns a non-OK reply into an ApiError reading '{status}: {body}'", async () => {
    stubFetch(
      async () => new Response('{"message":"Customer not found"}', { status: 404, statusText: "Not Found" }),
    );
    const error = await apiRequest("GET", "/api/x").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('404: {"message":"Customer not found"}');
    expect((error as ApiError).status).toBe(404);
  });

  it("falls back to the status text when the error body is empty", async () => {
    stubFetch(async () => new Response(null, { status: 500, statusText: "Internal Server Error" }));
    await expect(apiRequest("GET", "/api/x")).rejects.toThrow(new ApiError(500, "", "Internal Server Error"));
    await expect(apiRequest("GET", "/api/x")).rejects.toThrow("500: Internal Server Error");
  });

  it("fails on 401 by default and returns null when the caller opts in", async () => {
    stubFetch(async () => new Response("Not logged in", { status: 401, statusText: "Unauthorized" }));
    await expect(apiRequest("GET", "/api/me")).rejects.toThrow("401: Not logged in");
    await expect(apiRequest("GET", "/api/me", undefined, { on401: "returnNull" })).resolves.toBeNull();
  });

  it("still fails on other errors when null-on-401 is chosen", async () => {
    stubFetch(async () => new Response("nope", { status: 403, statusText: "Forbidden" }));
    await expect(apiRequest("GET", "/api/me", undefined, { on401: "returnNull" })).rejects.toThrow(
      "403: nope",
    );
  });

  it("throws a NetworkError, not an ApiError, when no reply arrives", async () => {
    stubFetch(async () => {
      throw new TypeError("Failed to fetch");
    });
    const error = await apiRequest("GET", "/api/customers").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect(error).not.toBeInstanceOf(ApiError);
    expect((error as NetworkError).cause).toBeInstanceOf(TypeError);
  });

  it("passes an abort through unchanged so cancelled queries are not reported as offline", async () => {
    const controller = new AbortController();
    controller.abort();
    stubFetch(async () => {
      throw new DOMException("The operation was aborted.", "AbortError");
    });
    const error = await apiRequest("GET", "/api/customers", undefined, { signal: controller.signal }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(DOMException);
    expect((error as DOMException).name).toBe("AbortError");
  });

  it("returns undefined for an empty OK reply", async () => {
    stubFetch(async () => new Response(null, { status: 204 }));
    await expect(apiRequest("DELETE", "/api/timesheets/1")).resolves.toBeUndefined();
  });

  it("rejects an OK reply that is not JSON", async () => {
    stubFetch(async () => new Response("<!doctype html><html></html>", { status: 200 }));
    await expect(apiRequest("GET", "/api/customers")).rejects.toBeInstanceOf(InvalidResponseError);
  });
});

describe("getQueryFn", () => {
  it("GETs the query key parts joined by '/'", async () => {
    const fetchMock = stubFetch(async () => json({ id: "t1" }));
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const data = await client.fetchQuery({
      queryKey: ["/api/timesheets", "t1"],
      queryFn: getQueryFn({ on401: "throw" }),
    });
    expect(data).toEqual({ id: "t1" });
    expect(fetchMock.mock.calls[0]![0]).toBe("/api/timesheets/t1");
    expect(fetchMock.mock.calls[0]![1]?.method).toBe("GET");
    expect(fetchMock.mock.calls[0]![1]?.credentials).toBe("include");
  });

  it("honours the 401 choice", async () => {
    stubFetch(async () => new Response("", { status: 401, statusText: "Unauthorized" }));
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    await expect(
      client.fetchQuery({ queryKey: ["/api/me"], queryFn: getQueryFn({ on401: "returnNull" }) }),
    ).resolves.toBeNull();
    await expect(
      client.fetchQuery({ queryKey: ["/api/me2"], queryFn: getQueryFn({ on401: "throw" }) }),
    ).rejects.toThrow("401: Unauthorized");
  });
});
