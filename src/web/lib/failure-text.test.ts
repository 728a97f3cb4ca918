import { afterEach, describe, expect, it } from "vitest";
import englishCatalog from "../../domain/text/catalogs/en-GB.json";
import polishCatalog from "../../domain/text/catalogs/pl.json";
import { companyMessages } from "../../domain/text/company-messages";
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

  it("words a message the server named by its key in the reader's language", () => {
    wordFailuresIn(polish);
    const body = JSON.stringify({
      code: "rate_limited",
      message: "Too many forms have been emailed from this account for now. Please try again in 5 minutes.",
      key: "apiError.accountMailLimited",
      params: { unit: "minutes", count: 5 },
    });
    const error = new ApiError(429, body, "Too Many Requests");
    const polishWords =
      "Na razie z tego konta wysłano e-mailem za dużo formularzy. Spróbuj ponownie za 5 minut.";
    expect(error.serverText).toBe(polishWords);
    expect(failureText(error)).toBe(polishWords);
    // Read when shown: the same failure follows the page into English.
    wordFailuresIn(createTranslator("en-GB", englishCatalog as Catalog));
    expect(error.serverText).toBe(
      "Too many forms have been emailed from this account for now. Please try again in 5 minutes.",
    );
  });

  it("falls back to the server's words for a key this build does not know or values it cannot take", () => {
    wordFailuresIn(polish);
    const unknown = new ApiError(
      409,
      '{"code":"conflict","message":"Something newer.","key":"apiError.fromANewerServer"}',
      "Conflict",
    );
    expect(unknown.serverText).toBe("Something newer.");
    expect(failureText(unknown)).toBe(polish.t("failure.conflict"));
    const withoutValues = new ApiError(
      429,
      '{"code":"rate_limited","message":"Wait.","key":"apiError.accountMailLimited"}',
      "",
    );
    expect(withoutValues.serverText).toBe("Wait.");
    const markup = new ApiError(
      409,
      '{"code":"conflict","message":"Changed.","key":"<b>apiError.setChanged</b>"}',
      "",
    );
    expect(markup.key).toBeNull();
    expect(markup.serverText).toBe("Changed.");
  });

  it("says a field's refusal in the schema's own words, in the reader's language", () => {
    wordFailuresIn(polish);
    const body = JSON.stringify({
      code: "validation_failed",
      message: `name: ${companyMessages.organisationNameRequired}`,
      key: "apiError.fieldInvalid",
      params: { field: "name", problem: companyMessages.organisationNameRequired },
    });
    expect(failureText(new ApiError(400, body, "Bad Request"))).toBe("Wpisz nazwę firmy.");
    // Words no schema gave (a newer server's, or typed) keep the generic sentence naming the field.
    const other = JSON.stringify({
      code: "validation_failed",
      message: "name: Something else.",
      key: "apiError.fieldInvalid",
      params: { field: "name", problem: "Something else." },
    });
    expect(failureText(new ApiError(400, other, "Bad Request"))).toBe(
      polish.t("apiError.fieldInvalid", { field: "name", problem: "Something else." }),
    );
  });

  it("keeps the server's English words for an English reader", () => {
    wordFailuresIn(createTranslator("en-GB", englishCatalog as Catalog));
    expect(
      failureText(new ApiError(409, '{"code":"conflict","message":"This form is locked."}', "Conflict")),
    ).toBe("This form is locked.");
  });
});
