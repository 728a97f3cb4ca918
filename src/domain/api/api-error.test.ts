import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ERROR_STATUS, parseErrorBody } from "./api-error";

describe("parseErrorBody", () => {
  it("reads the server's code and message", () => {
    expect(parseErrorBody('{"code":"rate_limited","message":"Too many."}')).toEqual({
      code: "rate_limited",
      message: "Too many.",
    });
  });

  it("reads the photos a photo_missing answer lists, and only a list of strings", () => {
    const body = (missingPhotos: unknown) =>
      JSON.stringify({ code: "photo_missing", message: "Photo 1 is missing.", missingPhotos });
    expect(parseErrorBody(body(["/api/photos/a", "/api/photos/b"]))).toEqual({
      code: "photo_missing",
      message: "Photo 1 is missing.",
      missingPhotos: ["/api/photos/a", "/api/photos/b"],
    });
    for (const wrong of ["/api/photos/a", [1], null, {}]) {
      expect(parseErrorBody(body(wrong))).toEqual({ code: "photo_missing", message: "Photo 1 is missing." });
    }
  });

  it("takes an unknown code as internal, keeping the message", () => {
    expect(parseErrorBody('{"code":"teapot","message":"Short and stout."}')).toEqual({
      code: "internal",
      message: "Short and stout.",
    });
  });

  it("is null for anything that is not an error body", () => {
    for (const text of ["", "Bad Gateway", "<html></html>", "null", "[]", '{"message":""}', '{"code":"x"}']) {
      expect(parseErrorBody(text)).toBeNull();
    }
  });

  it("never throws, whatever the text", () => {
    fc.assert(fc.property(fc.oneof(fc.string(), fc.json()), (text) => void parseErrorBody(text)));
  });

  it("maps every code to a 4xx or 5xx status", () => {
    for (const status of Object.values(ERROR_STATUS)) expect(status).toBeGreaterThanOrEqual(400);
  });
});
