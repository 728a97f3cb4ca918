import { describe, expect, it } from "vitest";
import { SAMPLE_SIGNATURE as SIG } from "../../test-support/sample-signature";
import type { ErrorText } from "../api/api-error";
import { english } from "../text/i18n/english";
import {
  approvalDispatchProblem,
  approvalDispatchReady,
  checkSheetEmailButtonEnabled,
  checkSheetOneStepProblem,
  checkSheetSaveProblem,
  checkSheetSubmitProblem,
  type OneStepFields,
  timesheetSubmitProblem,
  timesheetSubmitReady,
  turnOnEmailSubmission,
} from "./dispatch";

const words = (problem: ErrorText | null) => problem && english(problem.key, problem.params);

describe("approval dispatch", () => {
  const ready = {
    clientSignature: SIG,
    clientName: "Chris Client",
    foremanSignature: SIG,
    foremanName: "Fran Foreman",
    rating: "happy" as const,
    emails: ["", "office@buildco.co.uk"],
  };

  it("is ready with both signatures and names, a rating and one non-blank email", () => {
    expect(approvalDispatchProblem(ready)).toBeNull();
    expect(approvalDispatchReady(ready)).toBe(true);
  });

  it("asks for both signatures with names first", () => {
    const msg =
      "Please complete both client and foreman signatures with names in the Review Set tab before dispatching emails.";
    for (const missing of ["clientSignature", "clientName", "foremanSignature", "foremanName"]) {
      expect(
        words(approvalDispatchProblem({ ...ready, [missing]: " ", rating: null, emails: [] })),
        missing,
      ).toBe(msg);
      expect(approvalDispatchReady({ ...ready, [missing]: "" })).toBe(false);
    }
  });

  it("then asks for the rating", () => {
    expect(words(approvalDispatchProblem({ ...ready, rating: null, emails: [] }))).toBe(
      "Please select a driver performance rating before dispatching emails.",
    );
    expect(approvalDispatchReady({ ...ready, rating: undefined })).toBe(false);
  });

  it("then asks for an email address", () => {
    expect(words(approvalDispatchProblem({ ...ready, emails: ["", "  "] }))).toBe(
      "Please enter at least one email address.",
    );
    expect(words(approvalDispatchProblem({ ...ready, emails: [] }))).toBe(
      "Please enter at least one email address.",
    );
  });

  it("names an address that is not a client address", () => {
    expect(
      words(approvalDispatchProblem({ ...ready, emails: ["office@buildco.co.uk", "boss@example.com"] })),
    ).toBe("Please check this email address: boss@example.com");
  });
});

describe("timesheet one-step submit", () => {
  const ready: OneStepFields = {
    rating: "okay",
    submitViaEmail: true,
    submissionEmails: ["office@buildco.co.uk"],
    operatorSignature: SIG,
    operatorSignedName: "Sam Driver",
    clientSignature: SIG,
    clientSignedName: "Chris Client",
    signatureDate: "2025-03-15",
  };

  it("is ready when every condition holds", () => {
    expect(timesheetSubmitProblem(ready)).toBeNull();
    expect(timesheetSubmitReady(ready)).toBe(true);
  });

  it("needs a rating first", () => {
    expect(timesheetSubmitProblem({ ...ready, rating: null, submissionEmails: [] })).toEqual({
      title: "Supervisor Rating Required",
      description: "Please select a driver performance rating before submitting.",
    });
  });

  it("needs email on with a non-blank address", () => {
    const emailRequired = {
      title: "Email Address Required",
      description: "Please add at least one email address for submission.",
    };
    expect(timesheetSubmitProblem({ ...ready, submissionEmails: [" ", ""] })).toEqual(emailRequired);
    expect(timesheetSubmitProblem({ ...ready, submitViaEmail: false })).toEqual(emailRequired);
  });

  it("needs every signature, name and the date", () => {
    const signaturesRequired = {
      title: "Signatures Required",
      description: "Please complete all required signatures before submitting.",
    };
    for (const missing of ["operatorSignature", "clientSignature", "clientSignedName"]) {
      expect(timesheetSubmitProblem({ ...ready, [missing]: "" }), missing).toEqual(signaturesRequired);
      expect(timesheetSubmitReady({ ...ready, [missing]: "" })).toBe(false);
    }
    expect(timesheetSubmitProblem({ ...ready, operatorSignedName: "", driverSignedName: "" })).toEqual(
      signaturesRequired,
    );
    expect(timesheetSubmitProblem({ ...ready, operatorSignedName: "", driverSignedName: "Sam" })).toBeNull();
  });

  it("says a missing signature date is the date, not a signature", () => {
    expect(timesheetSubmitProblem({ ...ready, signatureDate: " " })).toEqual({
      title: "Signature Date Required",
      description: "Please enter the signature date before submitting.",
    });
    expect(timesheetSubmitReady({ ...ready, signatureDate: "" })).toBe(false);
    expect(timesheetSubmitProblem({ ...ready, signatureDate: "", clientSignature: "" })).toEqual({
      title: "Signatures Required",
      description: "Please complete all required signatures and the signature date before submitting.",
    });
  });

  it("names an address that is not a client address", () => {
    expect(timesheetSubmitProblem({ ...ready, submissionEmails: ["x@test.com"] })).toEqual({
      title: "Invalid Email Address",
      description: "Please check this email address: x@test.com",
    });
  });
});

describe("check sheet submit", () => {
  const signed = {
    operatorSignature: SIG,
    driverSignedName: "Sam Driver",
    clientSignature: SIG,
    clientSignedName: "Chris Client",
    signatureDate: "2025-03-12",
  };
  const required = {
    title: "Signatures Required",
    description: "Please complete all required signatures before submitting.",
  };

  it("needs all five parts from a user without an account", () => {
    expect(checkSheetSubmitProblem(signed, { accountHolder: false })).toBeNull();
    for (const missing of Object.keys(signed).filter((key) => key !== "signatureDate")) {
      expect(
        checkSheetSubmitProblem({ ...signed, [missing]: "" }, { accountHolder: false }),
        missing,
      ).toEqual(required);
    }
  });

  const dateRequired = {
    title: "Signature Date Required",
    description: "Please enter the signature date before submitting.",
  };

  it("says when only the date is missing, and when the date is missing with a signature", () => {
    expect(checkSheetSubmitProblem({ ...signed, signatureDate: "" }, { accountHolder: false })).toEqual(
      dateRequired,
    );
    expect(checkSheetOneStepProblem({ ...signed, signatureDate: "", submissionEmails: [] })).toEqual(
      dateRequired,
    );
    expect(
      checkSheetSubmitProblem(
        { ...signed, signatureDate: "", operatorSignature: "" },
        { accountHolder: false },
      )?.description,
    ).toBe("Please complete all required signatures and the signature date before submitting.");
  });

  it("lets an account holder leave the client signature for later", () => {
    const noClient = { ...signed, clientSignature: "", clientSignedName: "" };
    expect(checkSheetSubmitProblem(noClient, { accountHolder: true })).toBeNull();
    expect(checkSheetSubmitProblem({ ...noClient, operatorSignature: "" }, { accountHolder: true })).toEqual(
      required,
    );
    expect(checkSheetSubmitProblem({ ...noClient, driverSignedName: "" }, { accountHolder: true })).toEqual(
      required,
    );
    expect(checkSheetSubmitProblem({ ...noClient, signatureDate: "" }, { accountHolder: true })).toEqual(
      dateRequired,
    );
  });

  it("one-step needs signatures, a rating and a non-blank client email", () => {
    const oneStep: OneStepFields = {
      ...signed,
      rating: "unhappy",
      submissionEmails: ["", "site@buildco.com"],
    };
    expect(checkSheetOneStepProblem(oneStep)).toBeNull();
    expect(checkSheetOneStepProblem({ ...oneStep, clientSignature: "" })).toEqual(required);
    expect(checkSheetOneStepProblem({ ...oneStep, rating: undefined })?.title).toBe(
      "Supervisor Rating Required",
    );
    expect(checkSheetOneStepProblem({ ...oneStep, submissionEmails: [""] })?.title).toBe(
      "Email Address Required",
    );
    expect(checkSheetOneStepProblem({ ...oneStep, submissionEmails: ["a@fake.com"] })?.title).toBe(
      "Invalid Email Address",
    );
  });

  it("disables Complete & Email while every entry is blank or a submission runs", () => {
    expect(checkSheetEmailButtonEnabled(["", " "], false)).toBe(false);
    expect(checkSheetEmailButtonEnabled([], false)).toBe(false);
    expect(checkSheetEmailButtonEnabled(["", "a@buildco.com"], false)).toBe(true);
    expect(checkSheetEmailButtonEnabled(["a@buildco.com"], true)).toBe(false);
  });
});

describe("saving an account holder's check sheet", () => {
  const submitted = {
    status: "ready_for_approval" as const,
    operatorSignature: SIG,
    driverSignedName: "Dave Digger",
    signatureDate: "2025-06-04",
  };

  it("lets a draft be saved at any stage", () => {
    expect(checkSheetSaveProblem({ status: "draft" })).toBeNull();
    expect(checkSheetSaveProblem({ ...submitted, status: "draft", operatorSignature: "" })).toBeNull();
  });

  it("needs the operator signature, driver name and date once submitted, the client signature not", () => {
    expect(checkSheetSaveProblem(submitted)).toBeNull();
    expect(
      checkSheetSaveProblem({ ...submitted, driverSignedName: "", operatorSignedName: "Dave" }),
    ).toBeNull();
    for (const missing of ["operatorSignature", "driverSignedName"]) {
      expect(checkSheetSaveProblem({ ...submitted, [missing]: " " }), missing).toEqual({
        title: "Signatures Required",
        description: "Please complete all required signatures before submitting.",
      });
    }
    expect(checkSheetSaveProblem({ ...submitted, signatureDate: " " })?.title).toBe(
      "Signature Date Required",
    );
  });
});

describe("choosing a rating", () => {
  it("turns email submission on with one empty row", () => {
    expect(turnOnEmailSubmission({ submitViaEmail: false, submissionEmails: [] })).toEqual({
      submitViaEmail: true,
      submissionEmails: [""],
    });
  });

  it("keeps rows already typed", () => {
    const form = { submitViaEmail: false, submissionEmails: ["office@buildco.co.uk"], other: 1 };
    expect(turnOnEmailSubmission(form)).toEqual({ ...form, submitViaEmail: true });
  });
});
