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
