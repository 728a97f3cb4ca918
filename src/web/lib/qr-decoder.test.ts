import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { ZXING_WASM_SHA256, ZXING_WASM_VERSION } from "barcode-detector/ponyfill";
import { describe, expect, it } from "vitest";

const require = createRequire(import.meta.url);

describe("the QR decoder served from our own origin", () => {
  it("is the very .wasm build the barcode-detector glue code was made for", () => {
    // The scanner serves zxing-wasm's reader file itself; a mismatched build would fail at run time only.
    const wasmPath = require.resolve("zxing-wasm/reader/zxing_reader.wasm");
    expect(createHash("sha256").update(readFileSync(wasmPath)).digest("hex")).toBe(ZXING_WASM_SHA256);
    // The package file is not exported; it sits two folders above dist/reader/.
    const packageJson = join(dirname(wasmPath), "..", "..", "package.json");
    const { version } = JSON.parse(readFileSync(packageJson, "utf8")) as { version: string };
    expect(version).toBe(ZXING_WASM_VERSION);
  });
});
