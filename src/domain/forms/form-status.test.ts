import { describe, expect, it } from "vitest";
import {
  COMPLETED_STATUSES,
  FORM_STATUSES,
  FormStatusSchema,
  formStatusLabel,
  isCompletedStatus,
  isFormStatus,
  isOpenStatus,
} from "./form-status";

describe("form statuses", () => {
  it("are the spec's six", () => {
    expect(FORM_STATUSES.join(" ")).toBe("draft ready_for_approval approved dispatched completed archived");
    expect(FormStatusSchema.safeParse("archived").success).toBe(true);
    expect(FormStatusSchema.safeParse("submitted").success).toBe(false);
    expect(isFormStatus("draft")).toBe(true);
    expect(isFormStatus("Draft")).toBe(false);
  });

  it("count completed, approved, dispatched and archived as completed", () => {
    expect([...COMPLETED_STATUSES].sort()).toEqual(["approved", "archived", "completed", "dispatched"]);
    expect(FORM_STATUSES.filter(isCompletedStatus)).toEqual([
      "approved",
      "dispatched",
      "completed",
      "archived",
    ]);
    expect(isCompletedStatus(undefined)).toBe(false);
  });

  it("leave exactly draft and ready_for_approval open", () => {
    expect(FORM_STATUSES.filter(isOpenStatus)).toEqual(["draft", "ready_for_approval"]);
    expect(FORM_STATUSES.every((s) => isOpenStatus(s) !== isCompletedStatus(s))).toBe(true);
  });

  it("have a label each", () => {
    expect(formStatusLabel("ready_for_approval")).toBe("Ready for Approval");
    expect(new Set(FORM_STATUSES.map((status) => formStatusLabel(status))).size).toBe(6);
  });
});
