import { describe, expect, it } from "vitest";
import { SAMPLE_SIGNATURE } from "../../test-support/sample-signature";
import { READINGS } from "../forms/check-sheet-readings";
import { ALL_CHECK_ITEM_FIELDS } from "../forms/check-templates";
import { SIGNED_AT_FIELDS } from "../forms/signatures";
import { CHECK_ITEM_FIELDS } from "./check-items";
import {
  applyCheckSheetInput,
  CheckSheetInputSchema,
  CheckSheetSchema,
  emptyCheckSheet,
} from "./check-sheet";

const id = "0b7e2a51-3c4d-4e5f-9a6b-7c8d9e0f1a2b";
const stored = { ...emptyCheckSheet("2025-03-12"), id, createdAt: "2025-03-12T07:05:00Z" };

const SPEC_FIELDS = [
  "id",
  "status",
  "checkDate",
  "plantNumber",
  "machineNumber",
  "createdAt",
  "submittedAt",
  "photos",
  "customerId",
  "orderNumber",
  "company",
  "siteLocation",
  "clientCompany",
  "onHireTo",
  "driverSignedName",
  "operatorSignature",
  "operatorSignedName",
  "clientSignature",
  "clientSignedName",
  "signatureDate",
  "defectsNotes",
  "stoppageReason",
  "fuelLevel",
  "hydraulicOilLevel",
  "engineOilLevel",
  "coolantLevel",
  "seatBeltCheck",
  "emergencyStopCheck",
  "warningLightsCheck",
  "submitViaEmail",
  "submitViaWhatsApp",
  "submissionEmails",
  "submissionWhatsApps",
];

describe("CheckSheetSchema", () => {
  it("has every field of spec section 3, the sixteen checks and every check template's items", () => {
    const keys = Object.keys(CheckSheetSchema.shape);
    for (const field of [...SPEC_FIELDS, ...CHECK_ITEM_FIELDS]) expect(keys).toContain(field);
    // Beyond the spec: when each signature was drawn, the machine category's check list, the operator's
    // initials (the spec's "Operations Initials" row, which was never a pass or defect check) and the readings.
    for (const field of Object.keys(SIGNED_AT_FIELDS)) expect(keys).toContain(field);
    for (const reading of READINGS) expect(keys).toContain(reading.field);
    expect(keys).toContain("checkTemplate");
    expect(keys).toContain("operatorInitials");
    expect(keys).toHaveLength(
      SPEC_FIELDS.length +
        ALL_CHECK_ITEM_FIELDS.length +
        Object.keys(SIGNED_AT_FIELDS).length +
        READINGS.length +
        2,
    );
  });

  it("accepts a blank draft and a completed sheet", () => {
    expect(CheckSheetSchema.parse(stored)).toEqual(stored);
    const done = {
      ...stored,
      status: "ready_for_approval",
      defectSteering: true,
      defectLights: false,
      defectsNotes: "Rear light cracked",
      photos: ["/objects/uploads/1", "https://cdn.plant.example.org/2.jpg"],
      operatorSignature: SAMPLE_SIGNATURE,
      clientSignature: SAMPLE_SIGNATURE,
      signatureDate: "2025-03-12",
      submittedAt: "2025-03-12T16:00:00.000Z",
    };
    expect(CheckSheetSchema.safeParse(done).success).toBe(true);
  });

  it("needs a real check date", () => {
    expect(CheckSheetSchema.safeParse({ ...stored, checkDate: "" }).success).toBe(false);
    expect(CheckSheetSchema.safeParse({ ...stored, checkDate: "2025-02-29" }).success).toBe(false);
  });

  it("rejects bad values and oversized text", () => {
    const bad: Record<string, unknown>[] = [
      { defectTyres: "ok" },
      { seatBeltCheck: 1 },
      { photos: Array.from({ length: 6 }, (_, i) => `/objects/uploads/${i}`) },
      { photos: ["data:image/png;base64,AAAA"] },
      { defectsNotes: "x".repeat(5001) },
      { plantNumber: "x".repeat(201) },
      { clientSignature: "yes" },
      { submittedAt: "later" },
      { status: "sent" },
    ];
    for (const change of bad)
      expect(CheckSheetSchema.safeParse({ ...stored, ...change }).success).toBe(false);
  });
});

describe("emptyCheckSheet", () => {
  it("is a draft dated today with every check N/A and no photos", () => {
    const blank = emptyCheckSheet("2025-03-12");
    expect(blank.status).toBe("draft");
    expect(blank.checkDate).toBe("2025-03-12");
    for (const field of CHECK_ITEM_FIELDS) expect(blank[field]).toBeNull();
    expect(blank.photos).toEqual([]);
    expect(blank.submittedAt).toBeNull();
  });
});

describe("CheckSheetInputSchema", () => {
  it("accepts any subset of the fields and checks what it gets", () => {
    expect(CheckSheetInputSchema.parse({})).toEqual({});
    expect(CheckSheetInputSchema.parse({ defectHoses: false, id })).toEqual({ defectHoses: false, id });
    expect(CheckSheetInputSchema.safeParse({ checkDate: "" }).success).toBe(false);
    expect(CheckSheetInputSchema.safeParse({ id: "abc" }).success).toBe(false);
  });
});

describe("applyCheckSheetInput", () => {
  it("replaces only the given fields and keeps the id", () => {
    const next = applyCheckSheetInput(stored, {
      id: "11111111-1111-4111-8111-111111111111",
      defectRams: false,
    });
    expect(next.id).toBe(id);
    expect(next.defectRams).toBe(false);
    expect(next.defectBrakes).toBeNull();
    expect(stored.defectRams).toBeNull();
  });
});
