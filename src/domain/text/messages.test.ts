import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { english } from "./i18n/english";
import { messages } from "./messages";

describe("messages: fixed texts are the spec's words", () => {
  it.each<[keyof typeof messages, unknown]>([
    ["orderNumberValid", "Order number format is valid"],
    ["orderNumberInvalid", "Order number must start with P-, S-, or M-"],
    ["orderValidationFailed", "Failed to validate order number"],
    ["consentDeclined", "You have chosen not to accept our privacy policy. Some features may be limited."],
    ["loginFieldsRequired", "Please enter both email and password to login."],
    ["registerFieldsRequired", "Please fill in all fields to create an account."],
    ["passwordFieldsRequired", "Please fill in all password fields."],
    ["passwordMismatch", "New password and confirmation do not match."],
    ["passwordTooShort", "New password must be at least 6 characters long."],
    ["resetEmailRequired", "Please enter your email address."],
    ["passwordChanged", "Password changed successfully!"],
    ["passwordResetSent", "Password reset instructions have been sent to your email address."],
    ["passwordResetDone", "Your password has been reset. You can now log in with your new password."],
    ["resetLinkInvalid", "This reset link is invalid or has expired. Please request a new one."],
    [
      "sessionExpired",
      {
        title: "Session Expired",
        description:
          "You have been logged out. Log in again to carry on here: this screen and what you typed are kept.",
      },
    ],
    ["logIn", "Log in"],
    ["createAccount", "Create account"],
    ["logOut", "Log out"],
    ["moreOptions", "More Options"],
    ["emailAddressRequired", "Please enter at least one email address"],
    ["approvalEmailAddressRequired", "Please enter at least one email address."],
    [
      "approvalSignaturesRequired",
      "Please complete both client and foreman signatures with names in the Review Set tab before dispatching emails.",
    ],
    [
      "supervisorRatingRequired",
      {
        title: "Supervisor Rating Required",
        description: "Please select a driver performance rating before submitting.",
      },
    ],
    [
      "submissionEmailRequired",
      {
        title: "Email Address Required",
        description: "Please add at least one email address for submission.",
      },
    ],
    [
      "signaturesRequired",
      {
        title: "Signatures Required",
        description: "Please complete all required signatures before submitting.",
      },
    ],
    ["submissionNetworkFailed", "Submission failed: Please check your internet connection and try again."],
    ["emailDispatchNetworkFailed", "Email dispatch failed: Please check connection and try again."],
    ["invalidResponseFormat", "Server returned invalid response format"],
    ["oneStepCompletionFailed", "One-step completion failed"],
    [
      "checkSheetSubmitFailed",
      { title: "Submission Failed", description: "Failed to submit check sheet. Please try again." },
    ],
    ["combinedSubmitted", "Combined forms submitted successfully! Email sent to client and supervisor."],
    [
      "checkSheetSubmitted",
      {
        title: "Check Sheet Submitted",
        description: "Your completed check sheet has been sent to supervisor approval dashboard.",
      },
    ],
    ["timesheetDraftSaved", "Timesheet saved as draft! You can complete and sign it later."],
    [
      "checkSheetDraftSaved",
      {
        title: "Draft Saved",
        description:
          "Your check sheet has been saved as a draft and will appear in the supervisor approval section.",
      },
    ],
    ["formsArchived", "Forms archived successfully!"],
    ["formsDeleted", "Forms deleted successfully!"],
    ["archiveFailed", "Failed to archive forms. Please try again."],
    ["deleteFormsFailed", "Failed to delete forms. Please try again."],
    ["deleteFormFailed", "Failed to delete form. Please try again."],
    ["clearDraftsFailed", "Failed to clear all drafts. Please try again."],
    ["formDeleted", "Form deleted successfully!"],
    [
      "qrNotFound",
      { title: "QR Code Not Found", description: "Vehicle information not found for this QR code." },
    ],
    [
      "cameraNotAvailable",
      { title: "Camera Not Available", description: "Type the machine's code under Manual Entry instead." },
    ],
    ["uploadExpired", "Request has expired"],
    ["uploadNon2xx", "Non 2xx"],
    ["uploadUnknownError", "Unknown error"],
    ["photoLimitReached", "You can attach up to 5 photos."],
  ])("%s", (name, text) => {
    expect(messages[name]).toEqual(text);
  });

  it("counts the drafts cleared and names a photo too large", () => {
    expect(messages.draftsCleared(1)).toBe("1 draft deleted successfully!");
    expect(messages.draftsCleared(3)).toBe("3 drafts deleted successfully!");
    expect(messages.photoTooLarge("site.jpg")).toBe("site.jpg is larger than 10 MB.");
  });
});

describe("messages: templates", () => {
  it("formats a failed HTTP response as status, colon, space, body", () => {
    expect(messages.httpError(404, "Not here", "Not Found")).toBe("404: Not here");
    expect(messages.httpError(500, "", "Internal Server Error")).toBe("500: Internal Server Error");
  });

  it("puts the server's message after the failure's name", () => {
    expect(messages.loginFailed("Invalid email or password")).toBe("Login failed: Invalid email or password");
    expect(messages.loginFailedHint).toBe(
      "Please check your email and password, or create a new account if you don't have one yet.",
    );
    expect(messages.loginNetworkFailed).toBe(
      "Login failed: Please check your internet connection and try again.",
    );
    expect(messages.accountCreationFailed("Email already registered")).toBe(
      "Account creation failed: Email already registered",
    );
    expect(messages.accountCreationNetworkFailed).toBe(
      "Account creation failed: Please check your internet connection and try again.",
    );
    expect(messages.submissionFailed("Bad data")).toBe("Submission failed: Bad data");
    expect(messages.emailDispatchFailed("SMTP down")).toBe("Email dispatch failed: SMTP down");
  });

  it("falls back to the generic sentence when the server says nothing", () => {
    expect(messages.passwordChangeFailed("Wrong password")).toBe("Password change failed: Wrong password");
    expect(messages.passwordChangeFailed()).toBe("Password change failed. Please try again.");
    expect(messages.passwordChangeFailed("  ")).toBe("Password change failed. Please try again.");
    expect(messages.passwordResetFailed("Unknown email")).toBe("Password reset failed: Unknown email");
    expect(messages.passwordResetFailed(null)).toBe("Password reset failed. Please try again.");
    expect(messages.oneStepFailed("Mail server unreachable")).toEqual({
      title: "Submission Failed",
      description: "Mail server unreachable",
    });
    expect(messages.oneStepFailed()).toEqual({
      title: "Submission Failed",
      description: "Failed to complete one-step submission. Please try again.",
    });
    expect(messages.uploadFailed("Non 2xx")).toBe("Upload failed: Non 2xx");
    expect(messages.uploadFailed("")).toBe("Upload failed. Please try again.");
  });

  it("says 'Unknown error' when a save fails without a reason", () => {
    expect(messages.checkSheetSaveFailed("Network down")).toEqual({
      title: "Save Failed",
      description: "Failed to save check sheet data: Network down",
    });
    expect(messages.checkSheetSaveFailed(undefined)).toEqual({
      title: "Save Failed",
      description: "Failed to save check sheet data: Unknown error",
    });
    expect(messages.draftSaveFailed(null).description).toBe("Failed to save draft: Unknown error");
    expect(messages.draftSaveFailed("409: locked").description).toBe("Failed to save draft: 409: locked");
  });

  it("counts and names every dispatch recipient", () => {
    expect(messages.formsDispatched(["a@plant.co.uk", "b@site.com", "sam@plant.co.uk"])).toBe(
      "Forms dispatched successfully to 3 recipients: a@plant.co.uk, b@site.com, sam@plant.co.uk!",
    );
    expect(messages.formsDispatched(["a@plant.co.uk"])).toBe(
      "Forms dispatched successfully to 1 recipient: a@plant.co.uk!",
    );
  });

  it("lists the addresses an approval was emailed to", () => {
    expect(messages.formsApprovedAndEmailed(["a@plant.co.uk", "b@site.com"])).toBe(
      "Forms approved and emailed to a@plant.co.uk, b@site.com successfully!",
    );
  });

  it("titles the screen after a submission with what was sent", () => {
    expect(messages.sentTitle("timesheet")).toBe("Timesheet sent");
    expect(messages.sentTitle("check sheet")).toBe("Check sheet sent");
    expect(messages.sentAnother("check sheet")).toBe("Start a new check sheet");
  });

  it("never names the rating in the one-step success toasts the driver reads", () => {
    for (const notice of [messages.checkSheetOneStepSucceeded, messages.timesheetOneStepSucceeded]) {
      expect(notice.description).toContain("rating submitted confidentially");
      for (const word of ["Excellent", "Average", "Poor", "OK", "Needs Work", "😊", "😐", "😞"]) {
        expect(`${notice.title} ${notice.description}`).not.toContain(word);
      }
    }
  });

  it("names the invalid addresses", () => {
    expect(messages.invalidEmailAddresses(["x@test.com"])).toBe(
      "Please check this email address: x@test.com",
    );
    expect(messages.invalidEmailAddresses(["a@b", "c"])).toBe("Please check these email addresses: a@b, c");
  });

  it("names invalid addresses in a toast too", () => {
    expect(messages.invalidEmailNotice(["x@fake.com"])).toEqual({
      title: "Invalid Email Address",
      description: "Please check this email address: x@fake.com",
    });
    expect(messages.approvalRatingRequired).toBe(
      "Please select a driver performance rating before dispatching emails.",
    );
  });

  it("never shows 'undefined' or 'null' from a missing server message", () => {
    const optional = [
      messages.passwordChangeFailed,
      messages.passwordResetFailed,
      messages.uploadFailed,
      (m?: string | null) => messages.oneStepFailed(m).description,
      (m?: string | null) => messages.checkSheetSaveFailed(m).description,
      (m?: string | null) => messages.draftSaveFailed(m).description,
    ];
    fc.assert(
      fc.property(
        fc.constantFrom(...optional),
        fc.constantFrom(undefined, null, "", " \t"),
        (format, missing) => {
          const text = format(missing);
          expect(text).not.toMatch(/undefined|null/);
          expect(text.trim()).toBe(text);
        },
      ),
    );
  });
});

describe("messages: wizard additions", () => {
  it("says why a QR lookup failed, with a fallback when no reason is known", () => {
    expect(messages.vehicleLookupFailed("503: busy")).toEqual({
      title: "Lookup Failed",
      description: "503: busy",
    });
    expect(messages.vehicleLookupFailed(" ").description).toBe(
      "Could not look up this QR code. Please try again.",
    );
  });

  it("says why a draft did not open", () => {
    expect(messages.draftLoadFailed("404: gone")).toBe("Failed to open draft: 404: gone");
    expect(messages.draftLoadFailed(null)).toBe("Failed to open draft: Unknown error");
  });
});

describe("messages: accounts beyond the spec's words", () => {
  it("says why the account details are missing", () => {
    expect(messages.accountLoadFailed("Please check your internet connection and try again.")).toBe(
      "Could not load your account details: Please check your internet connection and try again.",
    );
    expect(messages.accountLoadFailed("")).toBe("Could not load your account details: Unknown error");
  });
});

describe("messages: the connection hint", () => {
  it("is the ending the spec's network variants share", () => {
    expect(messages.submissionNetworkFailed.endsWith(messages.checkConnection)).toBe(true);
    expect(messages.loginNetworkFailed.endsWith(messages.checkConnection)).toBe(true);
  });
});

describe("a save's missing signatures, as the server refuses it", () => {
  it("says the toast's title and description as one sentence, as the spec writes an alert", () => {
    for (const [key, notice] of [
      ["apiError.signaturesRequired", messages.signaturesRequired],
      ["apiError.signatureDateRequired", messages.signatureDateRequired],
      ["apiError.signaturesAndDateRequired", messages.signaturesAndDateRequired],
    ] as const) {
      expect(english(key)).toBe(`${notice.title}: ${notice.description}`);
    }
  });
});

describe("the check sheet's safety notices", () => {
  it("are plain English, the damages warning the spec's words letter for letter", () => {
    expect(messages.fuelNotice).toBe("Keep the machine's fuel tank full at all times.");
    expect(messages.damagesNotice).toBe(
      "ALL DAMAGES ARE COUNTER CHARGEABLE. PLEASE NOTE CONDITION OF PLANT PRE HIRE AND POST HIRE.",
    );
  });
});
