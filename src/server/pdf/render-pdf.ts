import type { Amendment } from "../../domain/company/office-review";
import type { PdfBlock, PdfDocument, PdfImageSource, PdfSection } from "../../domain/forms/pdf-sections";
import { companyMessages } from "../../domain/text/company-messages";
import { english } from "../../domain/text/i18n/english";
import type { Translator } from "../../domain/text/i18n/translate";
import { PdfCanvas } from "./pdf-canvas";
import type { ImageRole } from "./pdf-image";

export interface RenderOptions {
  generatedAt: Date;
  /** Why an admin reopened the approved forms: said under the first header, before anything else. */
  amendment?: Amendment | null;
  /** The fingerprint of an earlier signed version this one replaces (decision record 040): said as amended. */
  replaces?: string | null;
  /** The words the renderer writes itself (footers, boxes, column heads): English unless given. */
  t?: Translator["t"];
}

/** The sections with the amendment's notice after the first section's header (or first, without one). */
function withAmendment(
  sections: readonly PdfSection[],
  amendment: Amendment | null | undefined,
  replaces: string | null | undefined,
): PdfSection[] {
  const [first, ...rest] = sections;
  const notices: PdfBlock[] = [
    ...(replaces ? [{ kind: "notice" as const, text: companyMessages.amendedVersion(replaces) }] : []),
    ...(amendment
      ? [{ kind: "notice" as const, text: companyMessages.amendedAfterApproval(amendment) }]
      : []),
  ];
  if (notices.length === 0 || !first) return [...sections];
  const at = first.blocks[0]?.kind === "header" ? 1 : 0;
  return [
    { ...first, blocks: [...first.blocks.slice(0, at), ...notices, ...first.blocks.slice(at)] },
    ...rest,
  ];
}

/**
 * Draws any document described as sections on A4 pages: every PDF the product makes goes through here. Its
 * images are decoded first, all at once; then each section starts on a new page and its blocks follow.
 */
export async function renderPdf(document: PdfDocument, options: RenderOptions): Promise<Buffer> {
  const canvas = new PdfCanvas({
    title: document.title,
    subject: document.subject,
    generatedAt: options.generatedAt,
    t: options.t ?? english,
  });
  const sections = withAmendment(document.sections, options.amendment, options.replaces);
  const blocks = sections.flatMap((section) => section.blocks);
  await canvas.loadImages(blocks.flatMap(imagesOf));
  for (const section of sections) {
    canvas.startSection(section.stamp);
    for (const block of section.blocks) draw(canvas, block);
  }
  return canvas.toBuffer();
}

function imagesOf(block: PdfBlock): { source: PdfImageSource; role: ImageRole }[] {
  if (block.kind === "signatures") {
    return block.boxes.flatMap((box) => (box.image ? [{ source: box.image, role: "signature" }] : []));
  }
  if (block.kind === "photos") return block.photos.map((photo) => ({ source: photo.image, role: "photo" }));
  return [];
}

function draw(canvas: PdfCanvas, block: PdfBlock): void {
  switch (block.kind) {
    case "header":
      canvas.documentHeader(block.title, block.facts);
      break;
    case "heading":
      canvas.heading(block.text);
      break;
    case "keyValues":
      canvas.keyValueGrid(block.entries, block.columns);
      break;
    case "table":
      canvas.table(block.columns, block.rows);
      break;
    case "checks":
      canvas.checks(block.items);
      break;
    case "text":
      canvas.textBlock(block.text, block.emptyText);
      break;
    case "alert":
      canvas.alert(block.text);
      break;
    case "notice":
      canvas.notice(block.text);
      break;
    case "signatures":
      canvas.signatureBoxes(block.boxes);
      break;
    case "photos":
      canvas.imageGrid(block.photos);
      break;
    case "space":
      canvas.space(block.points);
      break;
  }
}
