import { describe, expect, it } from "vitest";
import { z } from "zod";
import { ResetPasswordRequestSchema } from "../domain/api/api";
import { AppError } from "./app-error";
import { parseInput } from "./parse-input";

function refusal(run: () => unknown): AppError {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error("expected a refusal");
}

describe("parseInput", () => {
  it("answers the parsed value", () => {
    expect(parseInput(ResetPasswordRequestSchema, { email: " a@b.co " })).toEqual({ email: "a@b.co" });
  });

  it("refuses bad input naming the first bad field", () => {
    const error = refusal(() => parseInput(z.object({ count: z.number() }), { count: "x" }));
    expect(error.code).toBe("validation_failed");
    expect(error.userMessage).toMatch(/^count: /);
  });

  it("refuses input that throws inside the schema", () => {
    const hostile = JSON.parse('{"email":{"length":{"toString":null}}}');
    const error = refusal(() => parseInput(ResetPasswordRequestSchema, hostile));
    expect(error.code).toBe("validation_failed");
    expect(error.userMessage).toBe("Invalid input");
  });
});
