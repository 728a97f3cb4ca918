import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { FORM_STATUSES, type FormStatus } from "../forms/form-status";
import { combinedStatus } from "./combined-status";

const set = (timesheet: FormStatus, ...checkSheets: FormStatus[]) => ({
  timesheet: { status: timesheet },
  checkSheets: checkSheets.map((status) => ({ status })),
});

describe("combinedStatus", () => {
  it("is archived when any member is archived", () => {
    expect(combinedStatus(set("draft", "archived"))).toBe("archived");
    expect(combinedStatus(set("archived", "completed", "dispatched"))).toBe("archived");
  });

  it("is completed next, then dispatched, then approved", () => {
    expect(combinedStatus(set("completed", "dispatched", "approved"))).toBe("completed");
    expect(combinedStatus(set("approved", "dispatched"))).toBe("dispatched");
    expect(combinedStatus(set("draft", "approved", "ready_for_approval"))).toBe("approved");
  });

  it("is null while no member has reached approval", () => {
    expect(combinedStatus(set("draft", "draft"))).toBeNull();
    expect(combinedStatus(set("ready_for_approval", "ready_for_approval"))).toBeNull();
    expect(combinedStatus(set("draft"))).toBeNull();
  });

  it("is a member's status, and null exactly when no member is past ready_for_approval", () => {
    fc.assert(
      fc.property(fc.constantFrom(...FORM_STATUSES), fc.array(fc.constantFrom(...FORM_STATUSES)), (t, cs) => {
        const result = combinedStatus(set(t, ...cs));
        const all = [t, ...cs];
        if (result === null) expect(all.every((s) => s === "draft" || s === "ready_for_approval")).toBe(true);
        else expect(all).toContain(result);
        if (all.includes("archived")) expect(result).toBe("archived");
      }),
    );
  });

  it("does not change when a draft or ready_for_approval check sheet joins", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...FORM_STATUSES),
        fc.array(fc.constantFrom(...FORM_STATUSES)),
        fc.constantFrom<FormStatus>("draft", "ready_for_approval"),
        (t, cs, joining) => {
          expect(combinedStatus(set(t, ...cs, joining))).toBe(combinedStatus(set(t, ...cs)));
        },
      ),
    );
  });
});
