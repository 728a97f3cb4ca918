import { describe, expect, it } from "vitest";
import { CHECK_ITEMS } from "../../domain/checks/check-items";
import { emptyCheckSheet } from "../../domain/checks/check-sheet";
import { EXCAVATOR } from "../../domain/forms/check-templates/excavator";
import { type CheckSheetPdfInput, renderCheckSheetPdf } from "./check-sheet-pdf";
import { PHOTOS, signedCheckSheet } from "./pdf-fixtures";
import { embeddedImageCount, type PdfImageBox, pdfImages } from "./pdf-images";
import { pdfText } from "./pdf-text";
import { signedContentFingerprint } from "./signed-content-fingerprint";

const generatedAt = new Date("2025-06-02T07:30:00.000Z");
const A4_HEIGHT = 841.89;
/** Content never reaches the footer (the lowest 52 points) nor the top margin. */
const onPage = (box: PdfImageBox) => box.bottom >= 52 && box.bottom + box.height <= A4_HEIGHT - 40;

async function render(input: Partial<CheckSheetPdfInput> = {}) {
  const pdf = await renderCheckSheetPdf({
    checkSheet: signedCheckSheet(),
    photos: PHOTOS,
    rating: "happy",
    customerName: "BuildCo Group",
    generatedAt,
    ...input,
  });
  const text = await pdfText(pdf);
  return { pdf, text, flat: text.replace(/\s+/g, " ") };
}

describe("renderCheckSheetPdf", () => {
  it("says at its top, in white on red, that a machine the driver found unsafe is stood down", async () => {
    const stoodDown = await render({ checkSheet: { ...signedCheckSheet(), machineSafe: "no" } });
    expect(stoodDown.flat).toContain(
      "Daily Plant Defect Check CHECK DATE 02/06/2025 ORDER NUMBER P-12345 DEFECTS 2 STOOD DOWN: the driver's check found this machine not safe to use.",
    );
    expect(stoodDown.flat).toContain("IS THE MACHINE SAFE TO USE? No, stood down");
    const safe = await render({ checkSheet: { ...signedCheckSheet(), machineSafe: "yes" } });
    expect(safe.flat).not.toContain("STOOD DOWN");
    expect(safe.flat).toContain("IS THE MACHINE SAFE TO USE? Yes");
  });

  it("renders the header fields of the check", async () => {
    const { flat } = await render();
    for (const expected of [
      "PLANT SHEETS",
      "Daily Plant Defect Check",
      "CHECK DATE 02/06/2025",
      "ORDER NUMBER P-12345",
      "DEFECTS 2",
      "DRIVER FULL NAME Dave Digger",
      "PLANT/REGISTRATION NUMBER EX-042",
      "MACHINE/VEHICLE TYPE 13T Excavator",
      "COMPANY YOU'RE DRIVING FOR Acme Plant Hire Ltd",
      "COMPANY ON HIRE TO BuildCo Construction",
      "SITE LOCATION Riverside Depot, Leeds LS10 1AB",
      "CUSTOMER BuildCo Group",
    ]) {
      expect(flat).toContain(expected);
    }
  });

  it("lists all 16 items with OK, DEFECT or N/A", async () => {
    const { flat } = await render();
    const expected: Record<string, string> = {
      defectTyres: "DEFECT",
      defectLights: "DEFECT",
      defectTracks: "N/A",
    };
    CHECK_ITEMS.forEach((item, index) => {
      expect(flat).toContain(`${index + 1} ${item.label} ${expected[item.field] ?? "OK"}`);
    });
    expect(flat.match(/ DEFECT /g)).toHaveLength(2);
  });

  it("lists the items and notices of the sheet's machine template", async () => {
    const { flat } = await render({
      checkSheet: { ...emptyCheckSheet("2025-06-02", EXCAVATOR.id), defectBucket: false },
      photos: [],
    });
    expect(flat).toContain("Daily safety check: Excavator");
    EXCAVATOR.items.forEach((item, index) => {
      expect(flat).toContain(
        `${index + 1} ${item.label} ${item.field === "defectBucket" ? "DEFECT" : "N/A"}`,
      );
    });
    for (const notice of EXCAVATOR.notices) expect(flat).toContain(notice);
  });

  it("shows the further readings, both notices, the defects notes and the rating", async () => {
    const { flat } = await render({ ratingNotes: "Thorough check" });
    expect(flat).toContain("FUEL LEVEL 3/4");
    expect(flat).toContain("Keep the machine's fuel tank full at all times.");
    expect(flat).toContain(
      "ALL DAMAGES ARE COUNTER CHARGEABLE. PLEASE NOTE CONDITION OF PLANT PRE HIRE AND POST HIRE.",
    );
    expect(flat).toContain("Defects Notes Nearside rear tyre worn to the cords.");
    expect(flat).toContain("RATING Excellent RATING NOTES Thorough check");
    const none = await render({
      checkSheet: signedCheckSheet("2025-06-02", { defectsNotes: "" }),
      photos: [],
    });
    expect(none.flat).toContain("Defects Notes No defects noted");
    expect(none.flat).toContain("Equipment Photos (0) No photos attached");
  });

  it("embeds both signatures and every photo, on the page", async () => {
    const { pdf, flat } = await render();
    expect(flat).toContain("OPERATOR SIGNATURE NAME Dave Digger DATE 02/06/2025");
    expect(flat).toContain("SUPERVISOR SIGNATURE NAME Fiona Foreman DATE 02/06/2025");
    for (let n = 1; n <= 4; n++) expect(flat).toContain(`Photo ${n} of 4`);
    const images = (await pdfImages(pdf)).flat();
    expect(images).toHaveLength(2 + PHOTOS.length);
    expect(images.every(onPage)).toBe(true);
    // Photos are scaled to fit a half-width cell, never drawn larger than it.
    for (const box of images) expect(box.width).toBeLessThanOrEqual(251);
  });

  it("embeds a photo once however many copies of its bytes it is given", async () => {
    const [first, second] = [PHOTOS[0]!, PHOTOS[1]!];
    const copyOf = (photo: typeof first) => ({ ...photo, data: Buffer.from(photo.data) });
    const once = await render({ photos: [first] });
    const twice = await render({ photos: [first, copyOf(first)] });
    const two = await render({ photos: [first, second] });
    expect((await pdfImages(twice.pdf)).flat()).toHaveLength(2 + 2);
    expect(embeddedImageCount(twice.pdf)).toBe(embeddedImageCount(once.pdf));
    expect(embeddedImageCount(two.pdf)).toBe(embeddedImageCount(once.pdf) + 1);
  });

  it("shows under each signature when it was drawn", async () => {
    const { flat } = await render({
      checkSheet: signedCheckSheet("2025-06-02", {
        operatorSignedAt: "2025-06-02T06:15:00.000Z",
        clientSignedAt: "2025-06-02T06:20:30.000Z",
      }),
    });
    expect(flat).toContain("NAME Dave Digger DATE 02/06/2025 DRAWN 02/06/2025, 07:15:00 BST");
    expect(flat).toContain("NAME Fiona Foreman DATE 02/06/2025 DRAWN 02/06/2025, 07:20:30 BST");
  });

  it("prints the fingerprint of the signed content", async () => {
    const sheet = signedCheckSheet();
    const { flat } = await render({ checkSheet: sheet });
    expect(flat).toContain(
      `SHA-256 of signed content, the same in every language: ${signedContentFingerprint(sheet)}`,
    );
    expect(flat).toContain("Generated 02/06/2025, 08:30 BST");
  });

  it("shows a placeholder for a photo that cannot be read, and 'Not signed' for a broken signature", async () => {
    const { pdf, flat } = await render({
      checkSheet: signedCheckSheet("2025-06-02", { clientSignature: "data:image/png;base64,AAAA" }),
      photos: [PHOTOS[0]!, { data: Buffer.from("<html>not a photo</html>"), contentType: "image/jpeg" }],
    });
    expect(flat).toContain("Photo could not be shown");
    expect(flat).toContain("SUPERVISOR SIGNATURE Not signed");
    expect((await pdfImages(pdf)).flat()).toHaveLength(2);
  });

  it("moves photos that do not fit to the next page instead of cutting them", async () => {
    // Longer and longer notes push the photos down through the page: each one lands whole.
    for (const lines of [0, 8, 16, 24, 32, 40]) {
      const defectsNotes = Array.from({ length: lines }, (_, i) => `Defect note line ${i}.`).join("\n");
      const { pdf } = await render({
        checkSheet: signedCheckSheet("2025-06-02", { defectsNotes }),
        photos: [...PHOTOS, PHOTOS[0]!],
      });
      const pages = await pdfImages(pdf);
      expect(pages.flat()).toHaveLength(7);
      expect(pages.flat().every(onPage)).toBe(true);
      for (const page of pages) {
        for (const [i, a] of page.entries()) {
          for (const b of page.slice(i + 1)) {
            const apart =
              a.left + a.width <= b.left + 0.5 ||
              b.left + b.width <= a.left + 0.5 ||
              a.bottom + a.height <= b.bottom + 0.5 ||
              b.bottom + b.height <= a.bottom + 0.5;
            expect(apart).toBe(true);
          }
        }
      }
    }
  });
});
