import { describe, expect, it } from "vitest";
import { preferLocalCopy } from "./use-local-form";

const server = "2025-06-07T10:00:00.000Z";
const at = (iso: string) => Date.parse(iso);

describe("preferLocalCopy", () => {
  it("keeps work typed on the device after its last save, whatever the server holds", () => {
    expect(
      preferLocalCopy({ updatedAt: at("2025-06-07T09:00:00Z"), savedVersion: 3, version: 4 }, server),
    ).toBe(true);
  });
  it("takes the device's copy when it changed last (a save still waiting to be sent)", () => {
    expect(
      preferLocalCopy({ updatedAt: at("2025-06-07T11:00:00Z"), savedVersion: 4, version: 4 }, server),
    ).toBe(true);
  });
  it("takes the server's copy when it changed since (edited on another device)", () => {
    expect(
      preferLocalCopy({ updatedAt: at("2025-06-07T09:00:00Z"), savedVersion: 4, version: 4 }, server),
    ).toBe(false);
  });
  it("takes the device's copy when the server's cannot be had", () => {
    expect(preferLocalCopy({ updatedAt: 0, savedVersion: 4, version: 4 }, null)).toBe(true);
    expect(preferLocalCopy({ updatedAt: 0, savedVersion: 4, version: 4 }, "not a date")).toBe(true);
  });
});
