import { describe, expect, it } from "vitest";
import { messages } from "../../domain/messages";
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
