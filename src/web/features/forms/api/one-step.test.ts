import { describe, expect, it } from "vitest";
import { messages } from "../../../../domain/text/messages";
import { ApiError, InvalidResponseError, NetworkError } from "../../../lib/api-client";
import { OneStepRejectedError, oneStepFailureNotice, parseOneStepReply } from "./one-step";

describe("parseOneStepReply", () => {
  it("returns a successful answer", () => {
    expect(parseOneStepReply({ success: true, message: "Sent", id: "x" })).toMatchObject({
      success: true,
      message: "Sent",
    });
  });

  it("throws the server's message when it answers success false, or the spec's fallback", () => {
    expect(() => parseOneStepReply({ success: false, message: "No mail" })).toThrow(
      new OneStepRejectedError("No mail"),
    );
    expect(() => parseOneStepReply({ success: false, message: " " })).toThrow(
      messages.oneStepCompletionFailed,
    );
  });

  it("calls a reply without success and message an invalid response", () => {
    expect(() => parseOneStepReply({ ok: true })).toThrow(InvalidResponseError);
    expect(() => parseOneStepReply("<!doctype html>")).toThrow(InvalidResponseError);
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
