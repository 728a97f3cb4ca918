import { afterEach, describe, expect, it } from "vitest";
import englishCatalog from "../../domain/text/catalogs/en-GB.json";
import polishCatalog from "../../domain/text/catalogs/pl.json";
import { type Catalog, createTranslator } from "../../domain/text/i18n/translate";
import { messages } from "../../domain/text/messages";
import { ApiError, NetworkError } from "./api-client";
import { wordFailuresIn } from "./failure-language";
import { failureText } from "./failure-text";
import { PhotoUploadError } from "./upload-photo";

describe("failureText", () => {
  it("gives the server's message from a JSON error body", () => {
    expect(failureText(new ApiError(409, '{"message":"This form is locked."}', "Conflict"))).toBe(
      "This form is locked.",
    );
  });

  it("gives the body of a plain-text error", () => {
    expect(failureText(new ApiError(502, "Bad gateway", "Bad Gateway"))).toBe("Bad gateway");
  });

  it("asks to check the connection when no reply came", () => {
    expect(failureText(new NetworkError(new TypeError("Failed to fetch")))).toBe(messages.checkConnection);
  });
});

describe("ApiError", () => {
  it("reads the error contract's code and message once", () => {
    const error = new ApiError(409, '{"code":"in_progress","message":"Still working on it."}', "Conflict");
    expect(error.code).toBe("in_progress");
    expect(error.serverText).toBe("Still working on it.");
  });

  it("has no code for an answer that is not ours, and says the status when the body is empty", () => {
    const error = new ApiError(502, "", "Bad Gateway");
    expect(error.code).toBeNull();
    expect(error.serverText).toBe("Bad Gateway");
    expect(new ApiError(502, "", "").serverText).toContain("502");
  });
});

describe("failureText in another language", () => {
  const polish = createTranslator("pl", polishCatalog as Catalog);
  afterEach(() => wordFailuresIn(createTranslator("en-GB", englishCatalog as Catalog)));

  it("words the error contract's code, the status of an answer not ours, and no reply, in the reader's language", () => {
    wordFailuresIn(polish);
    expect(
      failureText(new ApiError(409, '{"code":"conflict","message":"This form is locked."}', "Conflict")),
    ).toBe(polish.t("failure.conflict"));
    expect(failureText(new ApiError(502, "Bad gateway", "Bad Gateway"))).toBe(
      polish.t("failure.status", { status: 502 }),
    );
    expect(failureText(new NetworkError(new TypeError("Failed to fetch")))).toBe(
      "Sprawdź połączenie z internetem i spróbuj ponownie.",
    );
    const upload = new PhotoUploadError("Upload failed: Too big", {
      cause: new ApiError(413, '{"code":"payload_too_large","message":"Too big"}', ""),
    });
    expect(failureText(upload)).toBe(polish.t("failure.payloadTooLarge"));
    expect(failureText(new PhotoUploadError("Upload failed. Please try again."))).toBe(
      polish.t("upload.failed"),
    );
  });

  it("keeps the server's English words for an English reader", () => {
    wordFailuresIn(createTranslator("en-GB", englishCatalog as Catalog));
    expect(
      failureText(new ApiError(409, '{"code":"conflict","message":"This form is locked."}', "Conflict")),
    ).toBe("This form is locked.");
  });
});
