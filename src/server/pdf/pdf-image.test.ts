import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { OPERATOR_SIGNATURE, PHOTOS, phonePhoto, signedTimesheet } from "./pdf-fixtures";
import { pdfImage } from "./pdf-image";
import { renderTimesheetPdf } from "./timesheet-pdf";

const pngOf = (dataUrl: string) => Buffer.from(dataUrl.split(",")[1]!, "base64");
const bytesOf = (src: string) => pngOf(src);

describe("pdfImage", () => {
  it("keeps a JPEG photo byte for byte, with its size as shown", async () => {
    const jpeg = PHOTOS[0]!.data;
    const image = await pdfImage(jpeg, "photo");
    expect(bytesOf(image!.src).equals(Buffer.from(jpeg))).toBe(true);
    const meta = await sharp(jpeg).metadata();
    expect([image!.width, image!.height]).toEqual([meta.width, meta.height]);
    // Stored 1600 wide and turned a quarter by its orientation: shown 1200 wide.
    const turned = await pdfImage(await phonePhoto({ orientation: 6 }), "photo");
    expect([turned!.width, turned!.height]).toEqual([1200, 1600]);
  });

  it("makes a drawn signature one grey plane without alpha, the ink laid on white", async () => {
    // The fixture was drawn in the app, which sends a signature as grey and alpha (PNG colour type 4).
    expect(pngOf(OPERATOR_SIGNATURE).readUInt8(25)).toBe(4);
    const image = await pdfImage(OPERATOR_SIGNATURE, "signature");
    const png = bytesOf(image!.src);
    expect(png.readUInt8(25)).toBe(0);
    const meta = await sharp(png).metadata();
    expect([meta.width, meta.height, meta.channels, meta.hasAlpha]).toEqual([547, 242, 1, false]);
    const data = await sharp(png).toColourspace("b-w").raw().toBuffer();
    // Black strokes on white: some pixels are inked, most are not.
    const inked = data.filter((value) => value < 128).length;
    expect(inked).toBeGreaterThan(500);
    expect(inked).toBeLessThan(547 * 242 * 0.2);
  });

  it("lays a photo with transparency on white and keeps its colour", async () => {
    const png = PHOTOS.find((photo) => photo.contentType === "image/png")!.data;
    expect((await sharp(png).metadata()).hasAlpha).toBe(true);
    const image = await pdfImage(png, "photo");
    const meta = await sharp(bytesOf(image!.src)).metadata();
    expect([meta.format, meta.channels, meta.hasAlpha, meta.width]).toEqual(["png", 3, false, 200]);
  });

  it("refuses anything sharp cannot read as a whole image", async () => {
    const signature = pngOf(OPERATOR_SIGNATURE);
    const corrupt = Buffer.from(signature);
    corrupt.fill(0x55, 60, 200);
    const refused: [string, Uint8Array | string][] = [
      ["empty", new Uint8Array()],
      ["text", Buffer.from("not an image at all")],
      ["truncated PNG", signature.subarray(0, signature.length / 2)],
      ["PNG with corrupt data", corrupt],
      ["truncated JPEG", PHOTOS[0]!.data.subarray(0, 20)],
      ["data URL of another type", `data:image/gif;base64,${signature.toString("base64")}`],
      ["data URL that is not base64", "data:image/png;base64,iVBORw0KGgo!!!!"],
      ["plain URL", "https://example.com/signature.png"],
    ];
    for (const [name, source] of refused) {
      expect({ name, image: await pdfImage(source, "signature") }).toEqual({ name, image: null });
    }
  });

  it("embeds a timesheet's two signatures as grey images with no soft mask", async () => {
    const pdf = (
      await renderTimesheetPdf({ timesheet: signedTimesheet(), rating: "happy", generatedAt: new Date() })
    ).toString("latin1");
    expect(pdf.match(/\/Subtype \/Image/g)).toHaveLength(2);
    expect(pdf.match(/\/ColorSpace \/DeviceGray/g)).toHaveLength(2);
    expect(pdf).not.toContain("/SMask");
  });
});
