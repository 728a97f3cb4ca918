import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { SAMPLE_SIGNATURE } from "../../domain/sample-signature";
import { stringifyForm } from "./form-json";

const signature = fc.constantFrom(SAMPLE_SIGNATURE, "", 'data:image/png;base64,not base64 " \\ \u0001');
const form = fc.record(
  {
    operatorSignature: signature,
    clientSignature: signature,
    operatorSignedName: fc.string(),
    notes: fc.string({ unit: "binary" }),
    hours: fc.oneof(fc.double(), fc.constant(null)),
    days: fc.array(fc.record({ start: fc.string() })),
  },
  { requiredKeys: [] },
);

describe("stringifyForm", () => {
  it("reads back as what JSON.stringify writes", () => {
    fc.assert(
      fc.property(form, (data) => {
        expect(JSON.parse(stringifyForm(data))).toEqual(JSON.parse(JSON.stringify(data)));
      }),
    );
  });

  it("puts a PNG signature in as it is, last", () => {
    const text = stringifyForm({ clientSignature: SAMPLE_SIGNATURE, name: "Dave" });
    expect(text).toBe(`{"name":"Dave","clientSignature":"${SAMPLE_SIGNATURE}"}`);
    expect(stringifyForm({ operatorSignature: SAMPLE_SIGNATURE })).toBe(
      `{"operatorSignature":"${SAMPLE_SIGNATURE}"}`,
    );
  });

  it("escapes a signature member that is not a PNG data URL, as JSON.stringify does", () => {
    const data = { operatorSignature: 'data:image/png;base64,"x"', clientSignature: "" };
    expect(stringifyForm(data)).toBe(JSON.stringify(data));
  });
});
