import zxingReaderWasmUrl from "zxing-wasm/reader/zxing_reader.wasm?url";

/** Reads a QR code from what the camera shows right now. */
export interface QrDecoder {
  /** The code's text, or null when no code is in view. */
  decode(source: HTMLVideoElement): Promise<string | null>;
}

interface Detector {
  detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]>;
}

interface DetectorClass {
  new (options: { formats: string[] }): Detector;
  getSupportedFormats(): Promise<string[]>;
}

/** The browser's own BarcodeDetector (Chrome on Android, Safari 17+ on some devices), when it reads QR codes. */
async function nativeDetector(): Promise<Detector | null> {
  const Native = (globalThis as { BarcodeDetector?: DetectorClass }).BarcodeDetector;
  if (!Native) return null;
  try {
    const formats = await Native.getSupportedFormats();
    return formats.includes("qr_code") ? new Native({ formats: ["qr_code"] }) : null;
  } catch {
    return null;
  }
}

/**
 * The ZXing WebAssembly decoder, loaded only now. By default it would fetch its .wasm from a CDN, which fails
 * without signal and is not allowed by our content security policy; the build serves the file from our own
 * origin instead, and this points the decoder at it.
 */
async function zxingDetector(): Promise<Detector> {
  const { BarcodeDetector, prepareZXingModule, purgeZXingModule } = await import("barcode-detector/ponyfill");
  try {
    await prepareZXingModule({
      overrides: {
        locateFile: (path: string, prefix: string) =>
          path.endsWith(".wasm") ? zxingReaderWasmUrl : prefix + path,
      },
      fireImmediately: true,
    });
  } catch (error) {
    // The module keeps a failed start; forget it so the next scanner opening tries again.
    purgeZXingModule();
    throw error;
  }
  return new BarcodeDetector({ formats: ["qr_code"] });
}

/** A decoder: the browser's own when it has one, otherwise ZXing. Throws when neither can start. */
export async function createQrDecoder(): Promise<QrDecoder> {
  const detector = (await nativeDetector()) ?? (await zxingDetector());
  return {
    async decode(source) {
      const codes = await detector.detect(source);
      const text = codes.map((code) => code.rawValue.trim()).find((value) => value !== "");
      return text ?? null;
    },
  };
}
