import { describe, expect, it } from "vitest";
import { validateLogin, validateRegister } from "../../domain/accounts/password";
import {
  CreateOrganisationRequestSchema,
  LoginRequestSchema,
  RegisterRequestSchema,
} from "../../domain/api/api";
import englishCatalog from "../../domain/text/catalogs/en-GB.json";
import polishCatalog from "../../domain/text/catalogs/pl.json";
import { type Catalog, createTranslator } from "../../domain/text/i18n/translate";
import { messages } from "../../domain/text/messages";
import { wordFailuresIn } from "./failure-language";
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

  it("says a schema's refusal in the reader's language where the catalogs have its words", () => {
    wordFailuresIn(createTranslator("pl", polishCatalog as Catalog));
    try {
      expect(parseRequest(null, CreateOrganisationRequestSchema, { name: " " })).toEqual({
        problem: "Wpisz nazwę firmy.",
      });
    } finally {
      wordFailuresIn(createTranslator("en-GB", englishCatalog as Catalog));
    }
    expect(parseRequest(null, CreateOrganisationRequestSchema, { name: " " })).toEqual({
      problem: "Please enter the company's name.",
    });
  });
});
