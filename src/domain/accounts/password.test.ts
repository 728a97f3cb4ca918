import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  MIN_PASSWORD_LENGTH,
  validateChangePassword,
  validateConfirmAccount,
  validateLogin,
  validateNewPassword,
  validateRegister,
  validateResetRequest,
} from "./password";

describe("validateChangePassword", () => {
  it("needs all three fields", () => {
    const msg = "Please fill in all password fields.";
    expect(validateChangePassword({ current: "", new: "secret1", confirm: "secret1" })).toBe(msg);
    expect(validateChangePassword({ current: "old", new: "", confirm: "secret1" })).toBe(msg);
    expect(validateChangePassword({ current: "old", new: "secret1", confirm: "" })).toBe(msg);
  });

  it("needs the confirmation to match", () => {
    expect(validateChangePassword({ current: "old", new: "secret1", confirm: "secret2" })).toBe(
      "New password and confirmation do not match.",
    );
    expect(validateChangePassword({ current: "old", new: "abc", confirm: "abd" })).toBe(
      "New password and confirmation do not match.",
    );
  });

  it("needs at least 6 characters", () => {
    expect(MIN_PASSWORD_LENGTH).toBe(6);
    expect(validateChangePassword({ current: "old", new: "12345", confirm: "12345" })).toBe(
      "New password must be at least 6 characters long.",
    );
    expect(validateChangePassword({ current: "old", new: "123456", confirm: "123456" })).toBeNull();
  });

  it("counts characters, not code units, and keeps spaces", () => {
    expect(validateChangePassword({ current: "o", new: "🔒🔒🔒", confirm: "🔒🔒🔒" })).toBe(
      "New password must be at least 6 characters long.",
    );
    expect(validateChangePassword({ current: "o", new: "  ab  ", confirm: "  ab  " })).toBeNull();
  });

  it("accepts any matching password of 6 or more characters", () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), fc.string(), (current, pw) => {
        const result = validateChangePassword({ current, new: pw, confirm: pw });
        if (pw.length === 0) expect(result).toBe("Please fill in all password fields.");
        else if ([...pw].length < 6) expect(result).toBe("New password must be at least 6 characters long.");
        else expect(result).toBeNull();
      }),
    );
  });
});

describe("validateNewPassword", () => {
  it("applies the change-password rules in the same order, without a current password", () => {
    expect(validateNewPassword({ new: "", confirm: "secret1" })).toBe("Please fill in all password fields.");
    expect(validateNewPassword({ new: "secret1", confirm: "" })).toBe("Please fill in all password fields.");
    expect(validateNewPassword({ new: "abc", confirm: "abd" })).toBe(
      "New password and confirmation do not match.",
    );
    expect(validateNewPassword({ new: "12345", confirm: "12345" })).toBe(
      "New password must be at least 6 characters long.",
    );
    expect(validateNewPassword({ new: "123456", confirm: "123456" })).toBeNull();
  });

  it("agrees with validateChangePassword whenever a current password is given", () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), fc.string(), fc.string(), (current, pw, confirm) => {
        expect(validateChangePassword({ current, new: pw, confirm })).toBe(
          validateNewPassword({ new: pw, confirm }),
        );
      }),
    );
  });
});

describe("validateLogin", () => {
  it("needs both email and password", () => {
    const msg = "Please enter both email and password to login.";
    expect(validateLogin({ email: "", password: "x" })).toBe(msg);
    expect(validateLogin({ email: "  ", password: "x" })).toBe(msg);
    expect(validateLogin({ email: "a@acme.com", password: "" })).toBe(msg);
    expect(validateLogin({ email: "a@acme.com", password: "x" })).toBeNull();
  });
});

describe("validateRegister", () => {
  it("needs full name and email: the password is chosen at the emailed link", () => {
    const msg = "Please fill in all fields to create an account.";
    expect(validateRegister({ fullName: "", email: "a@acme.com" })).toBe(msg);
    expect(validateRegister({ fullName: "  ", email: "a@acme.com" })).toBe(msg);
    expect(validateRegister({ fullName: "Sam", email: " " })).toBe(msg);
    expect(validateRegister({ fullName: "Sam", email: "a@acme.com" })).toBeNull();
  });
});

describe("validateConfirmAccount", () => {
  it("holds the password chosen for a new account to the same minimum as a changed one, counting characters", () => {
    const msg = "Password must be at least 6 characters long.";
    expect(validateConfirmAccount({ password: "" })).toBe(msg);
    expect(validateConfirmAccount({ password: "12345" })).toBe(msg);
    // Five emoji are five characters, though ten UTF-16 units.
    expect(validateConfirmAccount({ password: "🚜🚜🚜🚜🚜" })).toBe(msg);
    expect(validateConfirmAccount({ password: "123456" })).toBeNull();
    // Spaces are part of a password.
    expect(validateConfirmAccount({ password: "      " })).toBeNull();
  });
});

describe("validateResetRequest", () => {
  it("needs an email", () => {
    expect(validateResetRequest({ email: "" })).toBe("Please enter your email address.");
    expect(validateResetRequest({ email: "   " })).toBe("Please enter your email address.");
    expect(validateResetRequest({ email: "a@acme.com" })).toBeNull();
  });
});
