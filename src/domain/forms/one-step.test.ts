import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { SAMPLE_SIGNATURE as SIG } from "../../test-support/sample-signature";
import { CHECK_SHEET_SPEC } from "./check-sheet-spec";
import { OneStepResponseSchema } from "./one-step";
import { TIMESHEET_SPEC } from "./timesheet-spec";

/** The first problem's message, or null when the value passes. */
function problem(schema: z.ZodType, value: unknown): string | null {
  const result = schema.safeParse(value);
  return result.success ? null : (result.error.issues[0]?.message ?? "?");
}

describe("one-step completion answers", () => {
  it("reads one-step answers", () => {
    expect(OneStepResponseSchema.parse({ success: true, message: "Sent" })).toEqual({
      success: true,
      message: "Sent",
    });
    expect(problem(OneStepResponseSchema, { success: "yes", message: "Sent" })).not.toBeNull();
  });
});

const signed = {
  operatorSignature: SIG,
  operatorSignedName: "Sam Driver",
  clientSignature: SIG,
  clientSignedName: "Chris Client",
  signatureDate: "2025-03-15",
};

describe("one-step completion requests", () => {
  const TimesheetOneStepRequestSchema = TIMESHEET_SPEC.oneStep.requestSchema;
  const CheckSheetOneStepRequestSchema = CHECK_SHEET_SPEC.oneStep.requestSchema;
  const timesheetBody = {
    timesheetData: {
      ...signed,
      company: "Acme",
      mondayNetHours: 9,
      totalHours: 9,
      submitViaEmail: true,
      submissionEmails: ["office@buildco.co.uk", ""],
    },
    supervisorRating: "happy",
  };

  it("accepts a complete timesheet with a rating and a client address", () => {
    const parsed = TimesheetOneStepRequestSchema.parse(timesheetBody);
    expect(parsed.supervisorNotes).toBe("");
    expect(parsed.timesheetData.company).toBe("Acme");
  });

  it("refuses a timesheet missing a signature, an address or a rating", () => {
    const without = (patch: object) => ({
      ...timesheetBody,
      timesheetData: { ...timesheetBody.timesheetData, ...patch },
    });
    expect(problem(TimesheetOneStepRequestSchema, without({ clientSignature: "" }))).toBe(
      "Please complete all required signatures before submitting.",
    );
    expect(problem(TimesheetOneStepRequestSchema, without({ submissionEmails: [" "] }))).toBe(
      "Please add at least one email address for submission.",
    );
    expect(problem(TimesheetOneStepRequestSchema, without({ submissionEmails: ["x@dummy.com"] }))).toBe(
      "Please check this email address: x@dummy.com",
    );
    expect(
      problem(TimesheetOneStepRequestSchema, { ...timesheetBody, supervisorRating: "great" }),
    ).not.toBeNull();
  });

  it("accepts a complete check sheet and refuses an unsigned one", () => {
    const body = {
      checkSheetData: { ...signed, defectTyres: true, submissionEmails: ["site@buildco.com"] },
      supervisorRating: "okay",
      supervisorNotes: "Tidy cab",
    };
    expect(problem(CheckSheetOneStepRequestSchema, body)).toBeNull();
    expect(
      problem(CheckSheetOneStepRequestSchema, {
        ...body,
        checkSheetData: { ...body.checkSheetData, signatureDate: "" },
      }),
    ).toBe("Please enter the signature date before submitting.");
    expect(
      problem(CheckSheetOneStepRequestSchema, {
        ...body,
        checkSheetData: { ...body.checkSheetData, submissionEmails: [] },
      }),
    ).toBe("Please add at least one email address for submission.");
  });
});
