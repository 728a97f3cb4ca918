import type { Browser } from "@playwright/test";
import { makePhotos } from "./photos";

/** 35 distinct photos as the app uploads them: already shrunk on the phone to about its 400 KB budget. */
export function uploadedPhotos(browser: Browser): Promise<Buffer[]> {
  return makePhotos(
    browser,
    Array.from({ length: 35 }, (_, i) => ({ width: 1600, height: 1200, quality: 0.75, seed: 100 + i })),
  );
}

/** One photo as a 12-megapixel phone camera writes it. */
export async function cameraPhoto(browser: Browser): Promise<Buffer> {
  const [photo] = await makePhotos(browser, [{ width: 4000, height: 3000, quality: 0.92, seed: 7 }]);
  return photo!;
}
