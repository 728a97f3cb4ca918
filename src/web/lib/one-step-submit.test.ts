import { afterEach, describe, expect, it, vi } from "vitest";
import { messages } from "../../domain/messages";
import { ApiError, InvalidResponseError, NetworkError } from "./api-client";
import { OneStepRejectedError, oneStepFailureNotice, postOneStep } from "./one-step-submit";

function reply(status: number, body: string): Response {
  return new Response(body, { status, headers: { "Content-Type": "application/json" } });
}

describe("postOneStep", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("returns a successful answer", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn().mockResolvedValue(reply(200, '{"success":true,"message":"Sent","id":"x"}')),
    );
    await expect(postOneStep("/api/x", {})).resolves.toMatchObject({ success: true, message: "Sent" });
  });

  it("throws the server's message when it answers success false, or the spec's fallback", async () => {
    vi.stubGlobal("fetch", vi.fn().mockResolvedValue(reply(200, '{"success":false,"message":"No mail"}')));
    await expect(postOneStep("/api/x", {})).rejects.toThrow(new OneStepRejectedError("No mail"));
    vi.stubGlobal("fetch", vi.fn().mockResolvedValue(reply(200, '{"success":false,"message":" "}')));
    await expect(postOneStep("/api/x", {})).rejects.toThrow(messages.oneStepCompletionFailed);
  });

  it("calls a reply without success and message an invalid response", async () => {
    vi.stubGlobal("fetch", vi.fn().mockResolvedValue(reply(200, '{"ok":true}')));
    await expect(postOneStep("/api/x", {})).rejects.toBeInstanceOf(InvalidResponseError);
    vi.stubGlobal("fetch", vi.fn().mockResolvedValue(reply(200, "<!doctype html>")));
    await expect(postOneStep("/api/x", {})).rejects.toBeInstanceOf(InvalidResponseError);
  });
});

describe("oneStepFailureNotice", () => {
  it("words each failure as spec section 8 does", () => {
    expect(oneStepFailureNotice(new NetworkError(new TypeError("Failed to fetch")))).toEqual({
      title: "Submission Failed",
      description: "Submission failed: Please check your internet connection and try again.",
    });
    expect(
      oneStepFailureNotice(new ApiError(400, '{"message":"Please add at least one email address"}', "Bad")),
    ).toEqual({
      title: "Submission Failed",
      description: "Submission failed: Please add at least one email address",
    });
    expect(oneStepFailureNotice(new InvalidResponseError(200)).description).toBe(
      "Server returned invalid response format",
    );
    expect(oneStepFailureNotice(new OneStepRejectedError("One-step completion failed")).description).toBe(
      "One-step completion failed",
    );
    expect(oneStepFailureNotice(new Error("boom")).description).toBe(
      "Failed to complete one-step submission. Please try again.",
    );
  });
});
