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

  it("reads the message's key and its values", () => {
    const body = { code: "not_found", message: "No such timesheet.", key: "apiError.formNotFound" };
    expect(parseErrorBody(JSON.stringify(body))).toEqual(body);
    const withParams = {
      ...body,
      key: "apiError.accountMailLimited",
      params: { minutes: 5, unit: "minutes" },
    };
    expect(parseErrorBody(JSON.stringify(withParams))).toEqual(withParams);
  });

  it("drops a key that does not look like a key, keeping the message", () => {
    const message = { code: "conflict", message: "Changed." };
    for (const key of [
      "<b>apiError.x</b>",
      "apiError.x<script>",
      "apiError",
      "apiError..x",
      ".apiError.x",
      "apiError.x y",
      "__proto__.polluted",
      `apiError.${"x".repeat(200)}`,
      42,
      null,
      ["apiError.x"],
      { key: "apiError.x" },
    ]) {
      expect(parseErrorBody(JSON.stringify({ ...message, key })), String(key)).toEqual(message);
    }
  });

  it("drops the key with values that are not a flat record of short strings and numbers", () => {
    const message = { code: "conflict", message: "Changed." };
    const many = Object.fromEntries(Array.from({ length: 11 }, (_, index) => [`p${index}`, index]));
    for (const params of [
      { name: { nested: "x" } },
      { name: ["a"] },
      { name: true },
      { name: null },
      { "bad name": "x" },
      { "<b>": "x" },
      { name: "x".repeat(1001) },
      many,
      ["a", "b"],
      "text",
      42,
      null,
    ]) {
      const text = JSON.stringify({ ...message, key: "apiError.setChanged", params });
      expect(parseErrorBody(text), JSON.stringify(params).slice(0, 40)).toEqual(message);
    }
    // Infinity does not survive JSON; a huge number is a number like any other.
    expect(parseErrorBody('{"code":"conflict","message":"m","key":"a.b","params":{"n":1e400}}')).toEqual({
      code: "conflict",
      message: "m",
    });
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
