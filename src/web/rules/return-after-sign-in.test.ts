import { describe, expect, it } from "vitest";
import {
  isReturnPath,
  parseStoredReturn,
  RETURN_AFTER_SIGN_IN_MS,
  serializeReturn,
} from "./return-after-sign-in";

const NOW = Date.parse("2025-06-04T09:00:00.000Z");
const JOIN = `/join?token=${"a".repeat(43)}`;

describe("the page to return to after signing in", () => {
  it("is an invitation's page of this app only", () => {
    expect(isReturnPath(JOIN)).toBe(true);
    for (const path of [
      "https://evil.test/join?token=aaaaaaaaaaaaaaaaaaaaaaaa",
      "//evil.test/join?token=aaaaaaaaaaaaaaaaaaaaaaaa",
      "/join?token=short",
      `/join?token=${"a".repeat(43)}&next=//evil.test`,
      "/home",
      "",
    ]) {
      expect(isReturnPath(path), path).toBe(false);
      expect(parseStoredReturn(serializeReturn(path, NOW), NOW), path).toBeNull();
    }
  });

  it("is kept for 24 hours, as a sign-up link works", () => {
    const stored = serializeReturn(JOIN, NOW);
    expect(parseStoredReturn(stored, NOW)).toBe(JOIN);
    expect(parseStoredReturn(stored, NOW + RETURN_AFTER_SIGN_IN_MS - 1)).toBe(JOIN);
    expect(parseStoredReturn(stored, NOW + RETURN_AFTER_SIGN_IN_MS)).toBeNull();
    // Saved "in the future" by a clock that has since been put right: not trusted.
    expect(parseStoredReturn(stored, NOW - 1)).toBeNull();
  });

  it("is nothing for a missing or damaged value", () => {
    for (const raw of [null, "", "not json", "{}", '{"path":42,"savedAt":1}', "null"]) {
      expect(parseStoredReturn(raw, NOW)).toBeNull();
    }
  });
});
