import { getDocument, OPS } from "pdfjs-dist/legacy/build/pdf.mjs";

/** Where an image is painted on a page, in points from the page's bottom-left corner. */
export interface PdfImageBox {
  left: number;
  bottom: number;
  width: number;
  height: number;
}

type Matrix = [number, number, number, number, number, number];

const multiply = (m: Matrix, n: Matrix): Matrix => [
  m[0] * n[0] + m[2] * n[1],
  m[1] * n[0] + m[3] * n[1],
  m[0] * n[2] + m[2] * n[3],
  m[1] * n[2] + m[3] * n[3],
  m[0] * n[4] + m[2] * n[5] + m[4],
  m[1] * n[4] + m[3] * n[5] + m[5],
];

/**
 * The images each page of a PDF paints, page by page, with where they land: for tests that check
 * signatures and photos were embedded and stay on the page.
 */
export async function pdfImages(pdf: Uint8Array): Promise<PdfImageBox[][]> {
  // pdfjs takes ownership of the bytes it is given, so it gets a copy.
  const document = await getDocument({ data: new Uint8Array(pdf), verbosity: 0, isEvalSupported: false })
    .promise;
  try {
    const pages: PdfImageBox[][] = [];
    for (let number = 1; number <= document.numPages; number++) {
      const page = await document.getPage(number);
      const { fnArray, argsArray } = await page.getOperatorList();
      const boxes: PdfImageBox[] = [];
      const stack: Matrix[] = [];
      let ctm: Matrix = [1, 0, 0, 1, 0, 0];
      fnArray.forEach((fn, i) => {
        if (fn === OPS.save) stack.push(ctm);
        else if (fn === OPS.restore) ctm = stack.pop() ?? [1, 0, 0, 1, 0, 0];
        else if (fn === OPS.transform) ctm = multiply(ctm, argsArray[i] as Matrix);
        else if (fn === OPS.paintImageXObject) {
          // An image fills the unit square of the current transformation.
          const xs = [ctm[4], ctm[0] + ctm[4], ctm[2] + ctm[4], ctm[0] + ctm[2] + ctm[4]];
          const ys = [ctm[5], ctm[1] + ctm[5], ctm[3] + ctm[5], ctm[1] + ctm[3] + ctm[5]];
          const left = Math.min(...xs);
          const bottom = Math.min(...ys);
          boxes.push({ left, bottom, width: Math.max(...xs) - left, height: Math.max(...ys) - bottom });
        }
      });
      pages.push(boxes);
    }
    return pages;
  } finally {
    await document.destroy();
  }
}

/** How many images a PDF holds (each embedded once, however often painted), soft masks included. */
export function embeddedImageCount(pdf: Uint8Array): number {
  return (
    Buffer.from(pdf)
      .toString("latin1")
      .match(/\/Subtype \/Image\b/g)?.length ?? 0
  );
}
