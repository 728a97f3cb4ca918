import { describe, expect, it } from "vitest";
import { messages } from "../../../domain/text/messages";
import { ApiError, InvalidResponseError, NetworkError } from "../../lib/api-client";
import { authFailure } from "./auth-failure";

const refused = new ApiError(401, '{"code":"unauthorized","message":"Invalid email or password."}', "");
const offline = new NetworkError(new TypeError("Failed to fetch"));

describe("authFailure", () => {
  it("puts the server's message after 'Login failed' and adds the hint", () => {
    expect(authFailure("login", refused)).toEqual({
      message: "Login failed: Invalid email or password.",
      hint: messages.loginFailedHint,
    });
  });

  it("does not send a driver who is asked to wait back to their password or a new account", () => {
    const lockedOut = new ApiError(
      429,
      JSON.stringify({
        code: "rate_limited",
        message: "Too many attempts. Please wait 2 seconds and try again.",
      }),
      "Too Many Requests",
    );
    expect(authFailure("login", lockedOut)).toEqual({
      message: "Login failed: Too many attempts. Please wait 2 seconds and try again.",
      hint: undefined,
    });
  });

  it("asks to check the connection when a login got no reply, without the password hint", () => {
    expect(authFailure("login", offline)).toEqual({ message: messages.loginNetworkFailed });
  });

  it("does not blame the password when the reply was not understood", () => {
    expect(authFailure("login", new InvalidResponseError(200))).toEqual({
      message: `Login failed: ${messages.invalidResponseFormat}`,
      hint: undefined,
    });
  });

  it("words account creation the same way", () => {
    const taken = new ApiError(409, '{"message":"An account with this email already exists."}', "Conflict");
    expect(authFailure("register", taken)).toEqual({
      message: "Account creation failed: An account with this email already exists.",
    });
    expect(authFailure("register", offline)).toEqual({ message: messages.accountCreationNetworkFailed });
  });

  it("names password changes and resets, with the connection hint when offline", () => {
    const wrong = new ApiError(400, '{"message":"Current password is incorrect."}', "Bad Request");
    expect(authFailure("change-password", wrong).message).toBe(
      "Password change failed: Current password is incorrect.",
    );
    expect(authFailure("change-password", offline).message).toBe(
      `Password change failed: ${messages.checkConnection}`,
    );
    const expired = new ApiError(400, JSON.stringify({ message: messages.resetLinkInvalid }), "Bad Request");
    expect(authFailure("reset-password", expired).message).toBe(
      `Password reset failed: ${messages.resetLinkInvalid}`,
    );
    expect(authFailure("reset-password", new ApiError(500, "", "Internal Server Error")).message).toBe(
      "Password reset failed: Internal Server Error",
    );
  });
});
