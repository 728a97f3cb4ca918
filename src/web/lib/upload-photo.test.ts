import { describe, expect, it } from "vitest";
import { messages } from "../../domain/text/messages";
import { ApiError, InvalidResponseError, NetworkError } from "./api-client";
import { putFailureMessage, uploadUrlFailureMessage } from "./upload-photo";

describe("uploadUrlFailureMessage", () => {
  it("tells no signal apart from a failed connection", () => {
    const dropped = new NetworkError(new TypeError("Failed to fetch"));
    expect(uploadUrlFailureMessage(dropped, false)).toBe(messages.uploadNoInternet);
    expect(uploadUrlFailureMessage(dropped, true)).toBe(messages.uploadFailed(null));
  });

  it("names a missing endpoint, and passes on the server's own words otherwise", () => {
    expect(uploadUrlFailureMessage(new ApiError(404, "", "Not Found"), true)).toBe(
      messages.uploadEndpointMissing,
    );
    const limited = new ApiError(
      429,
      JSON.stringify({ code: "rate_limited", message: "Too many uploads." }),
      "",
    );
    expect(uploadUrlFailureMessage(limited, true)).toBe(messages.uploadFailed("Too many uploads."));
    expect(uploadUrlFailureMessage(new InvalidResponseError(200), true)).toBe(
      messages.uploadFailed(messages.invalidResponseFormat),
    );
  });
});

describe("putFailureMessage", () => {
  it("says an expired link has expired, from this server or an object store", () => {
    const ours = JSON.stringify({ code: "not_found", message: "Request has expired" });
    expect(putFailureMessage(404, ours)).toBe(messages.uploadFailed(messages.uploadExpired));
    const s3 =
      "<?xml version='1.0'?><Error><Code>AccessDenied</Code><Message>Request has expired</Message></Error>";
    expect(putFailureMessage(403, s3)).toBe(messages.uploadFailed(messages.uploadExpired));
  });

  it("passes on the server's words, and says 'Non 2xx' when there are none to read", () => {
    const notImage = JSON.stringify({
      code: "unsupported_media_type",
      message: "Only photos can be uploaded.",
    });
    expect(putFailureMessage(415, notImage)).toBe(messages.uploadFailed("Only photos can be uploaded."));
    expect(putFailureMessage(500, "")).toBe(messages.uploadFailed(messages.uploadNon2xx));
    expect(putFailureMessage(403, "<Error><Code>SignatureDoesNotMatch</Code></Error>")).toBe(
      messages.uploadFailed(messages.uploadNon2xx),
    );
  });
});
