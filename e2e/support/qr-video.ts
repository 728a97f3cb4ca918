import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { prepareZXingModule, writeBarcode } from "zxing-wasm/writer";

const require = createRequire(import.meta.url);
const WIDTH = 640;
const HEIGHT = 480;
const MODULE_PX = 12;

/**
 * Writes a one-frame Y4M video of a QR code for Chromium's fake camera
 * (--use-file-for-fake-video-capture), so the scanner sees a real code through a real camera pipeline.
 */
export async function writeQrVideo(text: string, path: string): Promise<void> {
  const wasm = readFileSync(require.resolve("zxing-wasm/writer/zxing_writer.wasm"));
  prepareZXingModule({
    overrides: {
      wasmBinary: wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength) as ArrayBuffer,
    },
  });
  const { error, symbol } = await writeBarcode(text, { format: "QRCode", scale: 1, addQuietZones: false });
  if (error) throw new Error(`Could not make a QR code: ${error}`);

  // Luma: white page, the code's modules scaled up in the middle. Chroma: neutral grey.
  const luma = new Uint8Array(WIDTH * HEIGHT).fill(255);
  const left = Math.floor((WIDTH - symbol.width * MODULE_PX) / 2);
  const top = Math.floor((HEIGHT - symbol.height * MODULE_PX) / 2);
  for (let y = 0; y < symbol.height * MODULE_PX; y++) {
    for (let x = 0; x < symbol.width * MODULE_PX; x++) {
      const module = symbol.data[Math.floor(y / MODULE_PX) * symbol.width + Math.floor(x / MODULE_PX)] ?? 255;
      luma[(top + y) * WIDTH + left + x] = module;
    }
  }
  const chroma = new Uint8Array((WIDTH / 2) * (HEIGHT / 2)).fill(128);
  const header = Buffer.from(`YUV4MPEG2 W${WIDTH} H${HEIGHT} F10:1 Ip A1:1 C420jpeg\nFRAME\n`, "ascii");
  writeFileSync(path, Buffer.concat([header, luma, chroma, chroma]));
}
