import { pdfText } from "../pdf/pdf-text";

/** The signed-content fingerprint a rendered PDF prints in its footer (the first page's), in any language. */
export async function printedFingerprint(pdf: Uint8Array): Promise<string> {
  const found = /SHA-256 [^:]*: ([0-9a-f]{64})/.exec(await pdfText(pdf))?.[1];
  if (!found) throw new Error("The PDF prints no signed-content fingerprint");
  return found;
}
