import { expect, it, vi } from "vitest";

it("zod builds and checks object schemas without its eval probe once the setting is in place", async () => {
  await import("./zod-jitless");
  const functionConstructor = vi.spyOn(globalThis, "Function");
  const { z } = await import("zod");
  const schema = z.object({ name: z.string(), hours: z.number() });
  expect(schema.parse({ name: "Sam", hours: 9 })).toEqual({ name: "Sam", hours: 9 });
  expect(schema.safeParse({ name: "Sam" }).success).toBe(false);
  expect(functionConstructor).not.toHaveBeenCalled();
});
