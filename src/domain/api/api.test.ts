import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { SAMPLE_SIGNATURE as SIG } from "../../test-support/sample-signature";
import {
  ChangePasswordRequestSchema,
  CombinedIdSchema,
  CombinedSubmissionRequestSchema,
  CompleteCombinedRequestSchema,
  EmailDispatchRequestSchema,
  FormListQuerySchema,
  LoginRequestSchema,
  RegisterConfirmRequestSchema,
  RegisterRequestSchema,
  ResetPasswordConfirmRequestSchema,
  ResetPasswordRequestSchema,
  SupervisorEmailDispatchRequestSchema,
  UploadResponseSchema,
} from "./api";

const TS_ID = "6f1c2b3a-4d5e-4f60-8a7b-9c0d1e2f3a4b";
const CS_ID = "0b7e2a51-3c4d-4e5f-9a6b-7c8d9e0f1a2b";

/** The first problem's message, or null when the value passes. */
function problem(schema: z.ZodType, value: unknown): string | null {
  const result = schema.safeParse(value);
  return result.success ? null : (result.error.issues[0]?.message ?? "?");
}

describe("account requests", () => {
  it("login needs an email and a password, trimming the email", () => {
    expect(LoginRequestSchema.parse({ email: " sam@acme.com ", password: "pw" })).toEqual({
      email: "sam@acme.com",
      password: "pw",
    });
    expect(problem(LoginRequestSchema, { email: "  ", password: "pw" })).toBe(
      "Please enter both email and password to login.",
    );
    expect(problem(LoginRequestSchema, { email: "a@b.co", password: "" })).toBe(
      "Please enter both email and password to login.",
    );
    expect(problem(LoginRequestSchema, { email: "a@b.co" })).not.toBeNull();
  });

  it("register needs a name and a real email; the link's page a 6 character password", () => {
    const ok = { fullName: "Sam Driver", email: "sam@acme.com" };
    expect(problem(RegisterRequestSchema, ok)).toBeNull();
    expect(problem(RegisterRequestSchema, { ...ok, fullName: " " })).toBe(
      "Please fill in all fields to create an account.",
    );
    expect(problem(RegisterRequestSchema, { ...ok, email: "not-an-email" })).toBe(
      "Please enter a valid email address.",
    );
    const token = "aB3_-".repeat(9);
    expect(problem(RegisterConfirmRequestSchema, { token, password: "secret1" })).toBeNull();
    expect(problem(RegisterConfirmRequestSchema, { token, password: "12345" })).toBe(
      "Password must be at least 6 characters long.",
    );
    expect(problem(RegisterConfirmRequestSchema, { token, password: "x".repeat(129) })).not.toBeNull();
    expect(problem(RegisterConfirmRequestSchema, { token: "short", password: "secret1" })).not.toBeNull();
  });

  it("change password needs the current one and a new one of 6 characters", () => {
    const ok = { email: "sam@acme.com", currentPassword: "secret1", newPassword: "better2" };
    expect(problem(ChangePasswordRequestSchema, ok)).toBeNull();
    expect(problem(ChangePasswordRequestSchema, { ...ok, newPassword: "short" })).toBe(
      "New password must be at least 6 characters long.",
    );
    expect(problem(ChangePasswordRequestSchema, { ...ok, currentPassword: "" })).toBe(
      "Please fill in all password fields.",
    );
  });

  it("reset needs an email; its confirmation a token and a new password", () => {
    expect(problem(ResetPasswordRequestSchema, { email: "" })).toBe("Please enter your email address.");
    expect(problem(ResetPasswordRequestSchema, { email: "sam@acme.com" })).toBeNull();
    const token = "aB3_-".repeat(9);
    expect(problem(ResetPasswordConfirmRequestSchema, { token, newPassword: "fresh-pass" })).toBeNull();
    expect(problem(ResetPasswordConfirmRequestSchema, { token, newPassword: "abc" })).not.toBeNull();
    expect(
      problem(ResetPasswordConfirmRequestSchema, { token: "short", newPassword: "fresh-pass" }),
    ).not.toBeNull();
    expect(
      problem(ResetPasswordConfirmRequestSchema, { token: `${token}!`, newPassword: "fresh-pass" }),
    ).not.toBeNull();
  });
});

describe("list query and answers", () => {
  it("reads the status filter", () => {
    expect(FormListQuerySchema.parse({ status: "draft" })).toEqual({ status: "draft" });
    expect(FormListQuerySchema.parse({})).toEqual({});
    expect(problem(FormListQuerySchema, { status: "old" })).not.toBeNull();
  });
});

describe("combined set requests", () => {
  const combinedId = `combined-${TS_ID}`;

  it("combined ids are 'combined-' plus a UUID", () => {
    expect(problem(CombinedIdSchema, combinedId)).toBeNull();
    expect(problem(CombinedIdSchema, TS_ID)).not.toBeNull();
    expect(problem(CombinedIdSchema, "combined-123")).not.toBeNull();
  });

  it("combined submission names the set of its timesheet", () => {
    const body = { combinedId, timesheet: { id: TS_ID }, checkSheets: [{ id: CS_ID }] };
    expect(problem(CombinedSubmissionRequestSchema, body)).toBeNull();
    expect(problem(CombinedSubmissionRequestSchema, { ...body, combinedId: `combined-${CS_ID}` })).toBe(
      "The combined id does not match its timesheet",
    );
    expect(problem(CombinedSubmissionRequestSchema, { ...body, checkSheets: [] })).not.toBeNull();
    expect(problem(CombinedSubmissionRequestSchema, { ...body, timesheet: {} })).not.toBeNull();
  });

  it("email dispatch drops blank rows and needs one client address", () => {
    const parsed = EmailDispatchRequestSchema.parse({ combinedId, emailAddresses: ["", " a@buildco.com "] });
    expect(parsed).toEqual({ combinedId, emailAddresses: ["a@buildco.com"], message: "" });
    expect(problem(EmailDispatchRequestSchema, { combinedId, emailAddresses: ["  "] })).toBe(
      "Please enter at least one email address",
    );
    expect(problem(EmailDispatchRequestSchema, { combinedId, emailAddresses: ["boss@example.com"] })).toBe(
      "Please check this email address: boss@example.com",
    );
    const many = Array.from({ length: 21 }, (_, i) => `p${i}@buildco.com`);
    expect(problem(EmailDispatchRequestSchema, { combinedId, emailAddresses: many })).not.toBeNull();
  });

  it("supervisor email dispatch carries the set, signatures, approval and rating", () => {
    const body = {
      combinedFormData: {
        id: combinedId,
        type: "combined",
        timesheet: { id: TS_ID, company: "Acme" },
        checkSheets: [{ id: CS_ID }],
        clientSignature: SIG,
        clientName: "Chris Client",
        foremanSignature: SIG,
        foremanName: "Fran Foreman",
      },
      emailAddresses: ["office@buildco.co.uk"],
      supervisorApproval: {
        clientSignature: SIG,
        clientName: "Chris Client",
        foremanSignature: SIG,
        foremanName: "Fran Foreman",
        approvedAt: "2025-03-15T16:00:00.000Z",
      },
      supervisorRating: { rating: "happy", notes: "", ratedAt: "2025-03-15T16:00:00.000Z" },
    };
    expect(problem(SupervisorEmailDispatchRequestSchema, body)).toBeNull();
    expect(problem(SupervisorEmailDispatchRequestSchema, { ...body, emailAddresses: [] })).toBe(
      "Please enter at least one email address.",
    );
    const unsigned = { ...body, combinedFormData: { ...body.combinedFormData, foremanSignature: "" } };
    expect(problem(SupervisorEmailDispatchRequestSchema, unsigned)).not.toBeNull();
    const mismatched = { ...body, combinedFormData: { ...body.combinedFormData, id: `combined-${CS_ID}` } };
    expect(problem(SupervisorEmailDispatchRequestSchema, mismatched)).toBe(
      "The combined id does not match its timesheet",
    );
  });

  it("completing a set sends status completed only", () => {
    expect(problem(CompleteCombinedRequestSchema, { status: "completed" })).toBeNull();
    expect(problem(CompleteCombinedRequestSchema, { status: "archived" })).not.toBeNull();
  });
});

describe("UploadResponseSchema", () => {
  it("reads an upload URL", () => {
    expect(
      problem(UploadResponseSchema, {
        uploadURL: "https://bucket.s3.eu-west-2.amazonaws.com/u/1?X-Amz-Signature=abc",
        photoURL: "https://bucket.s3.eu-west-2.amazonaws.com/u/1",
      }),
    ).toBeNull();
    expect(
      problem(UploadResponseSchema, { uploadURL: "/api/uploads/abc", photoURL: "/api/photos/1" }),
    ).toBeNull();
    expect(
      problem(UploadResponseSchema, { uploadURL: "javascript:alert(1)", photoURL: "/api/photos/1" }),
    ).not.toBeNull();
    expect(problem(UploadResponseSchema, { uploadURL: "/api/uploads/abc" })).not.toBeNull();
    expect(problem(UploadResponseSchema, {})).not.toBeNull();
  });
});
