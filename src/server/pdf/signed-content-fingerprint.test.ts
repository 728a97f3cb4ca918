import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CHECK_ITEM_FIELDS } from "../../domain/checks/check-items";
import { signedCheckSheet, signedTimesheet, supervisorApproval } from "./pdf-fixtures";
import { approvalFingerprint, signedContentFingerprint } from "./signed-content-fingerprint";

const TIMESHEET_TEXT_FIELDS = [
  "weekEnding",
  "company",
  "siteLocation",
  "clientCompany",
  "driverSignedName",
  "orderNumber",
  "machineNumber",
  "plantNumber",
  "machineHours",
  "vanMileage",
  "breakdownNotes",
  "operatorSignedName",
  "clientSignedName",
  "signatureDate",
  "mondayStart",
  "wednesdayBreakdown",
  "sundaySiteLocation",
  "operatorSignature",
  "clientSignature",
  "operatorSignedAt",
  "clientSignedAt",
] as const;

function shuffledKeys<T extends object>(value: T, seed: number): T {
  const entries = Object.entries(value);
  for (let i = entries.length - 1; i > 0; i--) {
    const j = (seed * (i + 7)) % (i + 1);
    [entries[i], entries[j]] = [entries[j]!, entries[i]!];
  }
  return Object.fromEntries(entries) as T;
}

describe("signedContentFingerprint", () => {
  it("is the SHA-256 hex of the content, the same for the same content in any key order", () => {
    const timesheet = signedTimesheet();
    const fingerprint = signedContentFingerprint(timesheet);
    expect(fingerprint).toMatch(/^[0-9a-f]{64}$/);
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000 }), (seed) => {
        expect(signedContentFingerprint(shuffledKeys(signedTimesheet(), seed))).toBe(fingerprint);
      }),
    );
  });

  it("changes when any signed text of a timesheet changes", () => {
    const original = signedTimesheet();
    const fingerprint = signedContentFingerprint(original);
    fc.assert(
      fc.property(fc.constantFrom(...TIMESHEET_TEXT_FIELDS), fc.string({ maxLength: 40 }), (field, value) => {
        fc.pre(original[field] !== value);
        expect(signedContentFingerprint({ ...original, [field]: value })).not.toBe(fingerprint);
      }),
    );
  });

  it("changes when a day's hours or a check item's state change", () => {
    const timesheet = signedTimesheet();
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1440 }), (breakMinutes) => {
        fc.pre(breakMinutes !== timesheet.mondayBreak);
        expect(signedContentFingerprint({ ...timesheet, mondayBreak: breakMinutes })).not.toBe(
          signedContentFingerprint(timesheet),
        );
      }),
    );
    const sheet = signedCheckSheet();
    fc.assert(
      fc.property(
        fc.constantFrom(...CHECK_ITEM_FIELDS),
        fc.constantFrom(true, false, null),
        (field, state) => {
          fc.pre(sheet[field] !== state);
          expect(signedContentFingerprint({ ...sheet, [field]: state })).not.toBe(
            signedContentFingerprint(sheet),
          );
        },
      ),
    );
    expect(signedContentFingerprint({ ...sheet, photos: sheet.photos.slice(1) })).not.toBe(
      signedContentFingerprint(sheet),
    );
  });

  it("ignores the workflow fields and whatever else a stored record carries beside its fields", () => {
    const timesheet = signedTimesheet();
    const stored = {
      ...timesheet,
      id: "7f1c0c1e-8a0b-4f7e-9a59-0a8f1a6c2b11",
      createdAt: "2025-06-02T06:00:00.000Z",
      status: "archived" as const,
      submissionEmails: ["someone.else@example.com"],
      submitViaWhatsApp: true,
      supervisorRating: "happy",
      supervisorNotes: "Tidy work",
      ratedAt: "2025-06-08T15:00:00.000Z",
    };
    expect(signedContentFingerprint(stored)).toBe(signedContentFingerprint(timesheet));
    const sheet = signedCheckSheet();
    expect(signedContentFingerprint({ ...sheet, status: "dispatched", submittedAt: null })).toBe(
      signedContentFingerprint(sheet),
    );
  });

  it("still verifies a check sheet signed before the operator's initials were asked", () => {
    // Worked out by the code before the field existed, from the same sheet: All Defects and Operations
    // Initials answered, no operatorInitials key.
    const { operatorInitials: _, ...older } = signedCheckSheet("2025-06-02");
    expect(signedContentFingerprint(older)).toBe(
      "5d868395c50f3b78d7c89a957fc1a3cef8460d2cde309e23448c2445d3f5c1cd",
    );
    expect(signedContentFingerprint({ ...older, operatorInitials: "DD" })).not.toBe(
      signedContentFingerprint(older),
    );
  });
});

describe("approvalFingerprint", () => {
  const forms = [signedContentFingerprint(signedTimesheet()), signedContentFingerprint(signedCheckSheet())];

  it("binds the approval to the forms it approves", () => {
    const approval = supervisorApproval();
    const fingerprint = approvalFingerprint(approval, forms);
    expect(fingerprint).toMatch(/^[0-9a-f]{64}$/);
    expect(approvalFingerprint(shuffledKeys(approval, 3), [...forms])).toBe(fingerprint);
    expect(approvalFingerprint(approval, forms.slice(0, 1))).not.toBe(fingerprint);
    expect(approvalFingerprint(approval, [...forms].reverse())).not.toBe(fingerprint);
    expect(approvalFingerprint({ ...approval, foremanName: "Someone Else" }, forms)).not.toBe(fingerprint);
    expect(approvalFingerprint({ ...approval, approvedAt: "2025-06-09T09:00:00.000Z" }, forms)).not.toBe(
      fingerprint,
    );
  });
});
