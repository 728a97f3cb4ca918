import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";

/**
 * The text of a PDF as a reader would copy it: each page's text items in order, one space between
 * items on a line, a line break where the PDF ends a line, pages separated by a blank line. For
 * tests that check what a rendered or emailed PDF says.
 */
export async function pdfText(pdf: Uint8Array): Promise<string> {
  // pdfjs takes ownership of the bytes it is given, so it gets a copy.
  const document = await getDocument({ data: new Uint8Array(pdf), verbosity: 0, isEvalSupported: false })
    .promise;
  try {
    const pages: string[] = [];
    for (let number = 1; number <= document.numPages; number++) {
      const page = await document.getPage(number);
      const content = await page.getTextContent();
      let text = "";
      for (const item of content.items) {
        if (!("str" in item)) continue;
        text += item.str + (item.hasEOL ? "\n" : " ");
      }
      pages.push(
        text
          .replace(/[ \t]+/g, " ")
          .replace(/ ?\n ?/g, "\n")
          .trim(),
      );
    }
    return pages.join("\n\n");
  } finally {
    await document.destroy();
  }
}

/** A piece of text as a PDF places it: its page (from 1) and its box, in points from the page's bottom-left. */
export interface PdfTextItem {
  page: number;
  text: string;
  left: number;
  right: number;
  bottom: number;
}

/** Every piece of text a PDF draws, with where it lands: for tests that check text stays on the page. */
export async function pdfTextItems(pdf: Uint8Array): Promise<PdfTextItem[]> {
  const document = await getDocument({ data: new Uint8Array(pdf), verbosity: 0, isEvalSupported: false })
    .promise;
  try {
    const items: PdfTextItem[] = [];
    for (let number = 1; number <= document.numPages; number++) {
      const content = await (await document.getPage(number)).getTextContent();
      for (const item of content.items) {
        if (!("str" in item) || !item.str.trim()) continue;
        const [, , , , x, y] = item.transform as number[];
        items.push({ page: number, text: item.str, left: x!, right: x! + item.width, bottom: y! });
      }
    }
    return items;
  } finally {
    await document.destroy();
  }
}
