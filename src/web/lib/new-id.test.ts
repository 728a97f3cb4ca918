import { describe, expect, it } from "vitest";
import { IdSchema } from "../../domain/forms/form-fields";
import { newId } from "./new-id";

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe("newId", () => {
  it("makes ids the server accepts", () => {
    expect(IdSchema.safeParse(newId()).success).toBe(true);
  });

  it("makes distinct v4 UUIDs without crypto.randomUUID (a plain-http page)", () => {
    // Shadows the inherited method with an own property, removed again below.
    Object.defineProperty(crypto, "randomUUID", { value: undefined, configurable: true });
    try {
      expect(crypto.randomUUID).toBeUndefined();
      const ids = Array.from({ length: 200 }, newId);
      for (const id of ids) {
        expect(id).toMatch(UUID_V4);
        expect(IdSchema.safeParse(id).success).toBe(true);
      }
      expect(new Set(ids).size).toBe(ids.length);
    } finally {
      // Only deleting the own property brings the inherited method back.
      delete (crypto as { randomUUID?: unknown }).randomUUID;
    }
    expect(typeof crypto.randomUUID).toBe("function");
  });
});
