import { describe, expect, it } from "vitest";
import { serverMessage } from "./server-message";

describe("serverMessage", () => {
  it("takes the message out of a JSON error body", () => {
    expect(
      serverMessage(new Error('401: {"code":"unauthorized","message":"Invalid email or password."}')),
    ).toBe("Invalid email or password.");
  });

  it("takes a plain body as it is", () => {
    expect(serverMessage(new Error("500: Internal Server Error"))).toBe("Internal Server Error");
    expect(serverMessage("409: Conflict")).toBe("Conflict");
  });

  it("keeps other messages whole", () => {
    expect(serverMessage(new Error("Network request failed"))).toBe("Network request failed");
    expect(serverMessage(new Error('400: {"error":"x"}'))).toBe('{"error":"x"}');
    expect(serverMessage(42)).toBe("");
  });
});
