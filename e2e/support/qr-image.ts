import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Locator } from "@playwright/test";
import { prepareZXingModule, readBarcodes } from "zxing-wasm/reader";

const require = createRequire(import.meta.url);
let prepared = false;

/** zxing's reader, from the package's own .wasm (it would otherwise fetch one from a CDN). */
function prepare(): void {
  if (prepared) return;
  const wasm = readFileSync(require.resolve("zxing-wasm/reader/zxing_reader.wasm"));
  prepareZXingModule({
    overrides: { wasmBinary: wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength) },
    fireImmediately: true,
  });
  prepared = true;
}

/** What a camera reads from the QR code as the screen shows it: the element's pixels, decoded. */
export async function readQrCodeOf(element: Locator): Promise<string[]> {
  prepare();
  const png = await element.screenshot();
  const found = await readBarcodes(new Blob([new Uint8Array(png)], { type: "image/png" }), {
    formats: ["QRCode"],
  });
  return found.map((result) => result.text);
}
