import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DEMO_QR_CODES, demoQrCode, QrCodeSchema } from "./vehicle";

describe("demo QR codes", () => {
  it("has three sample codes, each a valid QR code", () => {
    expect(DEMO_QR_CODES).toHaveLength(3);
    for (const code of DEMO_QR_CODES) expect(QrCodeSchema.parse(code)).toBe(code);
  });

  it("picks each sample code for its third of [0, 1)", () => {
    expect(demoQrCode(0)).toBe("PLANT-EX-001");
    expect(demoQrCode(0.34)).toBe("PLANT-DMP-002");
    expect(demoQrCode(0.99)).toBe("PLANT-RLR-003");
  });

  it("always answers a sample code, whatever number it is given", () => {
    fc.assert(
      fc.property(fc.double(), (random) => {
        expect(DEMO_QR_CODES).toContain(demoQrCode(random));
      }),
    );
  });
});
