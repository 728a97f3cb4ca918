import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { assignJsonMembers, type JsonScalar, utf8Bytes } from "./json-members";
import { signedTimesheet } from "./pdf/pdf-fixtures";

const ROW_FIELDS = {
  id: "6a0f7c1e-3d5b-4c8e-9f2a-1b3c5d7e9f00",
  status: "completed",
  createdAt: "2025-06-02T07:00:00.000Z",
  updatedAt: "2025-06-07T15:00:00.000Z",
  submittedAt: null,
  completedAt: "2025-06-07T15:00:00.000Z",
};

/** What the answer was made with before: the whole text parsed, assigned to and written out again. */
const parsedAndAssigned = (json: string, fields: Record<string, JsonScalar>) =>
  JSON.stringify(Object.assign(JSON.parse(json), fields));

const scalar = fc.oneof(
  fc.string({ unit: "binary" }),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.boolean(),
  fc.constant(null),
);
// Keys that look like array indexes come first in a JS object whatever their order: left out of the added fields.
const fieldName = fc.oneof(
  fc.constantFrom("id", "status", "createdAt", "a", "b", 'qu"ote', "back\\slash", "é", ""),
  fc.string({ unit: "binary" }).filter((name) => !/^\d+$/.test(name) && name !== "__proto__"),
);

describe("assignJsonMembers", () => {
  it("answers exactly what parsing, assigning and writing out again answered", () => {
    fc.assert(
      fc.property(
        fc.dictionary(fieldName, fc.jsonValue()),
        fc.dictionary(fieldName, scalar),
        (object, fields) => {
          const json = JSON.stringify(object);
          expect(assignJsonMembers(json, fields)).toBe(parsedAndAssigned(json, fields));
        },
      ),
      { numRuns: 500 },
    );
  });

  it("does so for a whole signed timesheet, whose status is in the stored text and whose id is not", () => {
    const json = JSON.stringify(signedTimesheet());
    expect(assignJsonMembers(json, ROW_FIELDS)).toBe(parsedAndAssigned(json, ROW_FIELDS));
  });

  it("reads text laid out with whitespace and keys written with escapes", () => {
    fc.assert(
      fc.property(
        fc.dictionary(fieldName, fc.jsonValue()),
        fc.dictionary(fieldName, scalar),
        (object, fields) => {
          const json = JSON.stringify(object, null, 2);
          expect(JSON.parse(assignJsonMembers(json, fields))).toEqual(
            JSON.parse(parsedAndAssigned(json, fields)),
          );
        },
      ),
      { numRuns: 200 },
    );
    const escaped = '{ "st\\u0061tus" : "draft" , "n":[1, {"x":"}"}] ,"s":"a\\"b\\\\" }';
    // The value is set where the key is, however the key is written.
    expect(assignJsonMembers(escaped, { status: "completed" })).toBe(
      '{ "st\\u0061tus" : "completed" , "n":[1, {"x":"}"}] ,"s":"a\\"b\\\\" }',
    );
  });

  it("answers a repeated key once, with the new value", () => {
    for (const json of [
      '{"status":"a","x":1,"status":"b"}',
      '{"x":1,"status":"a","status":"b"}',
      '{"status":"a","status":"b","x":1}',
      '{"status":"a","status":"b","status":"c"}',
    ]) {
      const answer = assignJsonMembers(json, { status: "done", id: "1" });
      expect(JSON.parse(answer)).toEqual({ ...JSON.parse(json), status: "done", id: "1" });
      expect(answer.match(/"status"/g)).toHaveLength(1);
    }
  });

  it("adds to an empty object", () => {
    expect(assignJsonMembers("{}", { id: "1" })).toBe('{"id":"1"}');
    expect(JSON.parse(assignJsonMembers(" { } ", { id: "1", n: 2 }))).toEqual({ id: "1", n: 2 });
    expect(assignJsonMembers('{"a":1}', {})).toBe('{"a":1}');
  });

  it("refuses text that is not a JSON object", () => {
    for (const json of [
      "",
      "null",
      "[]",
      '"status"',
      "{",
      '{"a":1',
      '{"a":1}x',
      '{"a"1}',
      '{"a":}',
      '{"a":1,}',
      '{"a":1]}',
      '{"a":"open}',
      '{"a":[1,2}',
      "{a:1}",
    ]) {
      expect(() => assignJsonMembers(json, { id: "1" }), json).toThrow("not an object");
    }
  });

  it("writes text as UTF-8 bytes, ASCII or not", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary" }), (text) => {
        expect(utf8Bytes(text).equals(Buffer.from(text, "utf8"))).toBe(true);
      }),
    );
    for (const text of ["", "plain", "café", "\u00ff", "\u{1f69c} digger", "\ud800 lone"]) {
      expect(utf8Bytes(text).equals(Buffer.from(text, "utf8")), text).toBe(true);
    }
  });
});
