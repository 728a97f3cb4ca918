import { describe, expect, it } from "vitest";
import {
  AUTO_SAVE_INTERVAL_MS,
  HIGHLIGHT_MS,
  MAX_PHOTO_BYTES,
  MAX_PHOTOS,
  QR_CAMERA_VIDEO,
  RATING_HIDE_DELAY_MS,
  REDIRECT_AFTER_SUBMIT_MS,
  SIGNATURE_LINE_WIDTH,
  STORAGE_KEYS,
  TOOLTIP_DELAY_MS,
  TOOLTIP_SKIP_DELAY_MS,
  UPLOAD_URL_TTL_SECONDS,
} from "./constants";

describe("business constants (spec section 9)", () => {
  it("has the spec's timings", () => {
    expect(AUTO_SAVE_INTERVAL_MS).toBe(30000);
    expect(REDIRECT_AFTER_SUBMIT_MS).toBe(2000);
    expect(RATING_HIDE_DELAY_MS).toBe(500);
    expect(HIGHLIGHT_MS).toBe(3000);
    expect(TOOLTIP_DELAY_MS).toBe(700);
    expect(TOOLTIP_SKIP_DELAY_MS).toBe(300);
  });

  it("has the spec's photo and upload limits", () => {
    expect(MAX_PHOTOS).toBe(5);
    expect(MAX_PHOTO_BYTES).toBe(10485760);
    expect(MAX_PHOTO_BYTES).toBe(10 * 1024 * 1024);
    expect(UPLOAD_URL_TTL_SECONDS).toBe(604800);
    expect(UPLOAD_URL_TTL_SECONDS).toBe(7 * 24 * 60 * 60);
  });

  it("draws signatures 2 px wide", () => {
    expect(SIGNATURE_LINE_WIDTH).toBe(2);
  });

  it("asks for the rear camera at 640x480, at most 1280x720 (spec section 7)", () => {
    expect(QR_CAMERA_VIDEO).toEqual({
      facingMode: "environment",
      width: { ideal: 640, max: 1280 },
      height: { ideal: 480, max: 720 },
    });
  });

  it("keeps every storage key distinct and product-specific", () => {
    const keys = Object.values(STORAGE_KEYS);
    expect(new Set(keys).size).toBe(keys.length);
    for (const key of keys) expect(key.startsWith("plant-sheets.")).toBe(true);
  });
});
