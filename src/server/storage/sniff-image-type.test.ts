import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { sniffImageType } from "./sniff-image-type";

const bytes = (...values: number[]) => Uint8Array.from(values);

describe("sniffImageType", () => {
  it("recognises JPEG, PNG, WebP and GIF by their first bytes", () => {
    expect(sniffImageType(bytes(0xff, 0xd8, 0xff, 0xe0, 0, 0x10))).toBe("image/jpeg");
    expect(sniffImageType(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0))).toBe("image/png");
    expect(sniffImageType(bytes(0x52, 0x49, 0x46, 0x46, 1, 2, 3, 4, 0x57, 0x45, 0x42, 0x50))).toBe(
      "image/webp",
    );
    expect(sniffImageType(bytes(0x47, 0x49, 0x46, 0x38, 0x39, 0x61))).toBe("image/gif");
  });

  it("refuses text, PDFs, RIFF audio and truncated signatures", () => {
    expect(sniffImageType(new TextEncoder().encode("<svg xmlns='http://www.w3.org/2000/svg'/>"))).toBeNull();
    expect(sniffImageType(new TextEncoder().encode("%PDF-1.7"))).toBeNull();
    expect(sniffImageType(bytes(0x52, 0x49, 0x46, 0x46, 1, 2, 3, 4, 0x57, 0x41, 0x56, 0x45))).toBeNull();
    expect(sniffImageType(bytes(0x89, 0x50, 0x4e))).toBeNull();
    expect(sniffImageType(bytes())).toBeNull();
  });

  it("never calls bytes an image unless they start like one", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 64 }), (data) => {
        const type = sniffImageType(data);
        if (type === "image/jpeg") expect([...data.slice(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
        if (type === "image/png") expect(data[0]).toBe(0x89);
        if (type === "image/webp") expect(data[0]).toBe(0x52);
        if (type === "image/gif") expect(data[0]).toBe(0x47);
      }),
    );
  });
});
