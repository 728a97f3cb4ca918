import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { SAMPLE_SIGNATURE } from "../../test-support/sample-signature";
import type { ErrorText } from "../api/api-error";
import { english } from "../text/i18n/english";
import {
  formatSignedAt,
  isPresent,
  missingSignatureParts,
  operatorPrintedName,
  SIGNED_AT_CLOCK_SKEW_MS,
  SignatureDataUrlSchema,
  SignatureFieldSchema,
  SignedAtFieldSchema,
  signaturesComplete,
  signedAtProblem,
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

  it("takes exactly the base64 the rule describes, canonical or not", () => {
    const prefix = "data:image/png;base64,iVBORw0KGgo";
    const rule = (payload: string) => payload.length % 4 === 0 && /^[A-Za-z0-9+/]+={0,2}$/.test(payload);
    // Unused bits set in the last group (not what an encoder writes) and padding in odd places.
    for (const tail of [
      "A",
      "AQ==",
      "AR==",
      "AAR=",
      "AAA=",
      "A===",
      "=AAA",
      "AA=A",
      "-_AA",
      "A\nAA",
      "Ł",
      "é",
    ]) {
      const payload = `iVBORw0KGgo${tail}`;
      expect(SignatureDataUrlSchema.safeParse(`data:image/png;base64,${payload}`).success).toBe(
        rule(payload),
      );
    }
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(..."ABZaz09+/=-_ \n.Łé"), { maxLength: 24 }).map((chars) => chars.join("")),
        (tail) => {
          const value = `${prefix}${tail}`;
          const payload = value.slice("data:image/png;base64,".length);
          expect(SignatureDataUrlSchema.safeParse(value).success).toBe(rule(payload));
        },
      ),
      { numRuns: 2000 },
    );
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

const words = (problem: ErrorText | null) => problem && english(problem.key, problem.params);

describe("signedAtProblem", () => {
  const now = new Date("2025-06-07T15:00:00.000Z");
  const formDate = "2025-06-07";
  const earliest = Date.parse("2025-05-31T00:00:00.000Z");
  const latest = now.getTime() + SIGNED_AT_CLOCK_SKEW_MS;
  const iso = (ms: number) => new Date(ms).toISOString();
  const field = fc.constantFrom("operatorSignedAt" as const, "clientSignedAt" as const);

  it("accepts a time from a week before the form's date up to a few minutes past now", () => {
    fc.assert(
      fc.property(field, fc.integer({ min: earliest, max: latest }), (name, at) => {
        expect(signedAtProblem({}, { [name]: iso(at) }, formDate, now)).toBeNull();
      }),
    );
  });

  it("refuses a time in the future beyond the phone's allowed clock skew", () => {
    fc.assert(
      fc.property(field, fc.integer({ min: latest + 1, max: latest + 400 * 86_400_000 }), (name, at) => {
        expect(words(signedAtProblem({}, { [name]: iso(at) }, formDate, now))).toMatch(
          /time is in the future/,
        );
      }),
    );
  });

  it("refuses a time more than a week before the form's date, and has no lower bound without a date", () => {
    fc.assert(
      fc.property(field, fc.integer({ min: 0, max: earliest - 1 }), (name, at) => {
        expect(words(signedAtProblem({}, { [name]: iso(at) }, formDate, now))).toMatch(
          /more than 7 days before/,
        );
        expect(signedAtProblem({}, { [name]: iso(at) }, "", now)).toBeNull();
      }),
    );
  });

  it("says whose signature it is", () => {
    expect(words(signedAtProblem({}, { clientSignedAt: iso(latest + 1) }, formDate, now))).toMatch(
      /^The client/,
    );
    expect(words(signedAtProblem({}, { operatorSignedAt: iso(latest + 1) }, formDate, now))).toMatch(
      /^The operator/,
    );
  });

  it("checks only times that arrive: a stored one, a cleared one or none is never a problem", () => {
    fc.assert(
      fc.property(field, fc.integer({ min: 0, max: latest + 400 * 86_400_000 }), (name, at) => {
        const stored = { [name]: iso(at) };
        expect(signedAtProblem(stored, stored, formDate, now)).toBeNull();
        expect(signedAtProblem(stored, { [name]: "" }, formDate, now)).toBeNull();
        expect(signedAtProblem(stored, {}, formDate, now)).toBeNull();
      }),
    );
  });

  it("keeps the schema backward compatible: a form without drawn-at times is valid, a bad time is not", () => {
    expect(SignedAtFieldSchema.safeParse(undefined).success).toBe(true);
    expect(SignedAtFieldSchema.safeParse("").success).toBe(true);
    expect(SignedAtFieldSchema.safeParse("2025-06-07T14:32:05.123Z").success).toBe(true);
    expect(SignedAtFieldSchema.safeParse("yesterday").success).toBe(false);
    expect(SignedAtFieldSchema.safeParse("2025-06-07").success).toBe(false);
  });
});

describe("formatSignedAt", () => {
  it("shows the time in UK time, to the second, and says when there is none", () => {
    expect(formatSignedAt("2025-06-07T13:32:05.000Z")).toBe("07/06/2025, 14:32:05 BST");
    expect(formatSignedAt("2025-01-07T13:32:05.000Z")).toBe("07/01/2025, 13:32:05 GMT");
    expect(formatSignedAt("")).toBe("Not recorded");
    expect(formatSignedAt(undefined)).toBe("Not recorded");
  });
});
