import { describe, expect, it } from "vitest";
import { validateLogin, validateRegister } from "../../domain/accounts/password";
import { LoginRequestSchema, RegisterRequestSchema } from "../../domain/api/api";
import { messages } from "../../domain/text/messages";
import { parseRequest } from "./parse-request";

describe("parseRequest", () => {
  it("gives the spec's message before anything the schema says", () => {
    const values = { fullName: "", email: "not an address" };
    expect(parseRequest(validateRegister(values), RegisterRequestSchema, values)).toEqual({
      problem: messages.registerFieldsRequired,
    });
  });

  it("gives the schema's message when only the schema objects", () => {
    const values = { fullName: "Sam Driver", email: "not an address" };
    expect(parseRequest(validateRegister(values), RegisterRequestSchema, values)).toEqual({
      problem: "Please enter a valid email address.",
    });
  });

  it("gives the parsed request, trimmed as the schema trims it", () => {
    const values = { email: "  sam@plant.co.uk ", password: " pass word " };
    expect(parseRequest(validateLogin(values), LoginRequestSchema, values)).toEqual({
      data: { email: "sam@plant.co.uk", password: " pass word " },
    });
  });
});
