import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { SAMPLE_SIGNATURE } from "./sample-signature";
import {
  isPresent,
  missingSignatureParts,
  operatorPrintedName,
  SignatureDataUrlSchema,
  SignatureFieldSchema,
  signaturesComplete,
} from "./signatures";

const complete = {
  operatorSignature: SAMPLE_SIGNATURE,
  driverSignedName: "Sam Driver",
  clientSignature: SAMPLE_SIGNATURE,
  clientSignedName: "Chris Client",
  signatureDate: "2025-03-15",
};

describe("SignatureDataUrlSchema", () => {
  it("accepts a PNG data URL", () => {
    expect(SignatureDataUrlSchema.safeParse(SAMPLE_SIGNATURE).success).toBe(true);
  });

  it("rejects other images, other text and broken base64", () => {
    const payload = SAMPLE_SIGNATURE.slice("data:image/png;base64,".length);
    for (const bad of [
      "",
      "signed",
      `data:image/jpeg;base64,${payload}`,
      `data:image/png;base64,${payload.slice(0, -1)}`,
      `data:image/png;base64,${payload.replace("AAAA", "A A ")}`,
      "data:image/png;base64,QUJDRA==",
      "https://example.org/sig.png",
    ]) {
      expect(SignatureDataUrlSchema.safeParse(bad).success).toBe(false);
    }
  });

  it("rejects data URLs over ~300 KB", () => {
    const big = `${SAMPLE_SIGNATURE.slice(0, -4)}${"A".repeat(310_000)}`;
    expect(SignatureDataUrlSchema.safeParse(big).success).toBe(false);
  });

  it("lets a form field be empty until signed", () => {
    expect(SignatureFieldSchema.safeParse("").success).toBe(true);
    expect(SignatureFieldSchema.safeParse(SAMPLE_SIGNATURE).success).toBe(true);
    expect(SignatureFieldSchema.safeParse(" ").success).toBe(false);
  });
});

describe("isPresent", () => {
  it("is true only for non-blank strings", () => {
    expect(isPresent("x")).toBe(true);
    expect(isPresent("  ")).toBe(false);
    expect(isPresent("")).toBe(false);
    expect(isPresent(null)).toBe(false);
    expect(isPresent(undefined)).toBe(false);
    expect(isPresent(0)).toBe(false);
  });
});

describe("operatorPrintedName", () => {
  it("prefers the signature block's printed name, then the driver name", () => {
    expect(operatorPrintedName({ operatorSignedName: " Op ", driverSignedName: "Drv" })).toBe("Op");
    expect(operatorPrintedName({ operatorSignedName: " ", driverSignedName: "Drv" })).toBe("Drv");
    expect(operatorPrintedName({})).toBe("");
  });
});

describe("signaturesComplete", () => {
  it("is true with both signatures, both names and the date", () => {
    expect(signaturesComplete(complete)).toBe(true);
    expect(missingSignatureParts(complete)).toEqual([]);
  });

  it("accepts the operator's printed name in place of the driver name", () => {
    expect(signaturesComplete({ ...complete, driverSignedName: "", operatorSignedName: "Sam" })).toBe(true);
  });

  it("lists what is missing in form order", () => {
    expect(missingSignatureParts({})).toEqual([
      "operatorSignature",
      "driverName",
      "clientSignature",
      "clientName",
      "signatureDate",
    ]);
    expect(missingSignatureParts({ ...complete, clientSignature: null, signatureDate: " " })).toEqual([
      "clientSignature",
      "signatureDate",
    ]);
  });

  it("is false when any one part is missing", () => {
    const parts = [
      "operatorSignature",
      "driverSignedName",
      "clientSignature",
      "clientSignedName",
      "signatureDate",
    ];
    fc.assert(
      fc.property(fc.constantFrom(...parts), fc.constantFrom("", "   ", null, undefined), (part, blank) => {
        expect(signaturesComplete({ ...complete, [part]: blank })).toBe(false);
      }),
    );
  });
});
