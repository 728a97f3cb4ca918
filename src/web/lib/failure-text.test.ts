import { describe, expect, it } from "vitest";
import { messages } from "../../domain/text/messages";
import { ApiError, NetworkError } from "./api-client";
import { failureText } from "./failure-text";

describe("failureText", () => {
  it("gives the server's message from a JSON error body", () => {
    expect(failureText(new ApiError(409, '{"message":"This form is locked."}', "Conflict"))).toBe(
      "This form is locked.",
    );
  });

  it("gives the body of a plain-text error", () => {
    expect(failureText(new ApiError(502, "Bad gateway", "Bad Gateway"))).toBe("Bad gateway");
  });

  it("asks to check the connection when no reply came", () => {
    expect(failureText(new NetworkError(new TypeError("Failed to fetch")))).toBe(messages.checkConnection);
  });
});

describe("ApiError", () => {
  it("reads the error contract's code and message once", () => {
    const error = new ApiError(409, '{"code":"in_progress","message":"Still working on it."}', "Conflict");
    expect(error.code).toBe("in_progress");
    expect(error.serverText).toBe("Still working on it.");
  });

  it("has no code for an answer that is not ours, and says the status when the body is empty", () => {
    const error = new ApiError(502, "", "Bad Gateway");
    expect(error.code).toBeNull();
    expect(error.serverText).toBe("Bad Gateway");
    expect(new ApiError(502, "", "").serverText).toContain("502");
  });
});
